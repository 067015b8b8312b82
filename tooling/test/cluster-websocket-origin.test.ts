import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, freePort, nginxPreamble, start } from '../../scripts/cluster.js';
import { api, login, type Session } from '../../scripts/cluster-client.js';

// Issue 34 point 17: the live socket through nginx listening on a port other than 443 (here a free
// one, as `npm run cluster -- --port=8080` or compose with another host port). A browser's page
// served through nginx sends `Origin: http://host:port`; the API accepts the socket when that
// matches the Host it was sent, so nginx must pass the host WITH its port. Both configurations we
// ship: scripts/cluster.ts's and deploy/nginx/compose.conf's /api/ws location with its header file.
// One compiled API process on a fresh database of the shared PostgreSQL (nothing is stopped).
// Needs `npm run build` (the API's dist), like cluster-faults.test.ts.

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** compose.conf's maps and its /api/ws location, in front of one API process. */
function composeWebSocketRendering(dir: string, port: number, apiPort: number): string {
  const compose = readFileSync(join(repoRoot, 'deploy/nginx/compose.conf'), 'utf8');
  const part = (pattern: RegExp, what: string) => {
    const found = pattern.exec(compose)?.[0];
    if (!found) throw new Error(`deploy/nginx/compose.conf has no ${what}`);
    return found;
  };
  const upgradeMap = part(/map \$http_upgrade \$connection_upgrade \{[\s\S]*?\n\}/, 'map for $connection_upgrade');
  const requestIdMap = part(/map \$http_x_request_id \$portal_request_id \{[\s\S]*?\n\}/, 'map for $portal_request_id');
  const location = part(/location \/api\/ws \{[\s\S]*?\n {4}\}/, 'location /api/ws').replace(
    '/etc/nginx/portal-proxy-headers.conf',
    join(repoRoot, 'deploy/nginx/portal-proxy-headers.conf'),
  );
  return `${nginxPreamble(dir, 64)}
  upstream portal_api { server 127.0.0.1:${apiPort}; }
  ${upgradeMap}
  ${requestIdMap}
  server {
    listen 127.0.0.1:${port};
    ${location}
  }
}
`;
}

/** The status of the socket's opening handshake: 101 when the API took it. */
async function handshake(baseUrl: string, who: Session, origin: string): Promise<number> {
  const ticket = await api<{ ticket: string }>(baseUrl, 'POST', '/api/ws/ticket', who);
  if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status}`);
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws?ticket=${encodeURIComponent(ticket.body.ticket)}`, { origin });
  return new Promise<number>((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

let cluster: Cluster;
let citizen: Session;
let composeNginx: ChildProcess | undefined;
let composeUrl: string;

beforeAll(async () => {
  cluster = await start({ processes: 1 });
  citizen = await login(cluster.url, 'anowak', 'Citizen123');
  const port = await freePort();
  const conf = join(cluster.dir, 'compose-ws.conf');
  writeFileSync(conf, composeWebSocketRendering(cluster.dir, port, cluster.processes[0]!.port));
  composeNginx = spawn(NGINX, ['-p', cluster.dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  composeUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  // Any answer means nginx listens (the location passes only /api/ws on).
  while ((await fetch(`${composeUrl}/api/ws`).then((response) => response.status, () => 0)) === 0) {
    if (composeNginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx (compose.conf) did not start; see ${cluster.dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 120_000);

afterAll(async () => {
  if (composeNginx?.exitCode === null) {
    const ended = new Promise((resolve) => composeNginx!.once('exit', resolve));
    composeNginx.kill('SIGTERM');
    await ended;
  }
  await cluster?.stop();
}, 60_000);

describe.each([
  ['scripts/cluster.ts', () => cluster.url],
  ['deploy/nginx/compose.conf', () => composeUrl],
])('the live socket through nginx on a port other than 443 (%s)', (_name, baseUrl) => {
  it('opens for a page of the same origin, port included', async () => {
    const origin = baseUrl();
    expect(new URL(origin).port).not.toBe('');
    expect(await handshake(origin, citizen, origin)).toBe(101);
  });

  it('is still refused to a page of another origin, or of the same host on another port', async () => {
    const url = new URL(baseUrl());
    expect(await handshake(baseUrl(), citizen, `http://elsewhere.example:${url.port}`)).toBe(403);
    expect(await handshake(baseUrl(), citizen, `http://${url.hostname}:${Number(url.port) + 1}`)).toBe(403);
  });
});
