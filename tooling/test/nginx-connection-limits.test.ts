import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, nginxPreamble } from '../../scripts/cluster.js';

// deploy/nginx/compose.conf's connection limits (issue 34 point 10) in Debian's nginx: its
// limit_conn zones and directives, with the numbers made small, in front of a stand-in API that
// holds every request open until the test lets go (a stalled request, as an attacker's would be).

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PER_ADDRESS = 2;
const TOTAL = 4;

/** compose.conf's limit_conn lines; the two caps replaced by the test's small ones. */
function limitLines(): { http: string; server: string } {
  const compose = readFileSync(join(repoRoot, 'deploy/nginx/compose.conf'), 'utf8');
  const lines = compose.split('\n').map((line) => line.trim());
  const http = lines.filter((line) => /^limit_conn_(zone|status|log_level)\b/.test(line));
  const server = lines.filter((line) => /^limit_conn portal_/.test(line));
  if (http.length < 2 || server.length !== 2) throw new Error('deploy/nginx/compose.conf has no limit_conn zones and caps');
  return {
    http: http.join('\n  '),
    server: server
      .map((line) => line.replace(/^(limit_conn portal_per_address) \d+;/, `$1 ${PER_ADDRESS};`).replace(/^(limit_conn portal_total) \d+;/, `$1 ${TOTAL};`))
      .join('\n    '),
  };
}

/** A GET from `localAddress`: its status once answered (held ones answer when released). */
function get(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path: '/', localAddress, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', reject);
    call.end();
  });
}

describe('connection limits through nginx (deploy/nginx/compose.conf)', () => {
  let upstream: Server;
  let nginx: ChildProcess;
  let dir: string;
  let port = 0;
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    upstream = createServer((incoming: IncomingMessage, response: ServerResponse) => {
      if (incoming.url === '/ready') response.end('ok');
      else held.push(response);
    });
    const upstreamPort = await freePort();
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
    dir = mkdtempSync(join(tmpdir(), 'nginx-connection-limits-'));
    port = await freePort();
    const limits = limitLines();
    writeFileSync(
      join(dir, 'nginx.conf'),
      `${nginxPreamble(dir, 64)}
  ${limits.http}
  server {
    listen 127.0.0.1:${port};
    server_name _;
    ${limits.server}
    location / { proxy_pass http://127.0.0.1:${upstreamPort}; proxy_read_timeout 60s; }
  }
}
`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    await vi.waitFor(
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode} (see ${dir})`);
        expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  afterAll(async () => {
    for (const response of held) response.end();
    if (nginx?.exitCode === null) {
      const ended = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await ended;
    }
    await new Promise((resolve) => upstream?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses one address past its cap with 429 while another is served, and everyone past the total', async () => {
    const first = [get(port, '127.0.0.2'), get(port, '127.0.0.2')];
    await vi.waitFor(() => expect(held).toHaveLength(PER_ADDRESS));
    expect(await get(port, '127.0.0.2')).toBe(429);

    const others = [get(port, '127.0.0.3'), get(port, '127.0.0.4')];
    await vi.waitFor(() => expect(held).toHaveLength(TOTAL));
    expect(await get(port, '127.0.0.5')).toBe(429);

    for (const response of held.splice(0)) response.end('done');
    expect(await Promise.all([...first, ...others])).toEqual([200, 200, 200, 200]);
    const again = get(port, '127.0.0.2');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.splice(0).forEach((response) => response.end());
    expect(await again).toBe(200);
  });
});
