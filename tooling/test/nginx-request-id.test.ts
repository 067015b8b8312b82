import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, stopNginx } from './support/nginx-process.js';
import { freePort, nginxConfig, nginxPreamble } from '../../scripts/cluster.js';

// The request id through Debian's nginx, with both configurations we ship: scripts/cluster.ts's
// (npm run cluster, the fault tests, bench:load) and deploy/nginx/compose.conf's map with its header
// file. A client's X-Request-Id reaches the API when the API would keep it (1-64 of A-Z a-z 0-9 - _,
// apps/api/src/plugins/request-id.ts); any other is replaced by nginx's own id, so nginx and the API
// log the same one. The API here is a stand-in that answers the id it received.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const NGINX_ID = /^[0-9a-f]{32}$/;

/** The compose.conf map block, and its header file, in front of one upstream. */
function composeRendering(dir: string, port: number, upstreamPort: number): string {
  const compose = readFileSync(join(repoRoot, 'deploy/nginx/compose.conf'), 'utf8');
  const map = /map \$http_x_request_id \$portal_request_id \{[\s\S]*?\n\}/.exec(compose)?.[0];
  if (!map) throw new Error('deploy/nginx/compose.conf has no map for $portal_request_id');
  return `${nginxPreamble(dir, 64)}
  ${map}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      include ${join(repoRoot, 'deploy/nginx/portal-proxy-headers.conf')};
    }
  }
}
`;
}

const renderings: [string, (dir: string, port: number, upstreamPort: number) => string][] = [
  ['scripts/cluster.ts', (dir, port, upstreamPort) => nginxConfig(dir, port, [upstreamPort], 1024 * 1024)],
  ['deploy/nginx/compose.conf', composeRendering],
];

describe.each(renderings)('X-Request-Id through nginx (%s)', (_name, render) => {
  let upstream: Server;
  let nginx: ChildProcess;
  let dir: string;
  let url: string;

  beforeAll(async () => {
    // The API's stand-in: answers the X-Request-Id nginx sent it.
    upstream = createServer((request, response) => response.end(String(request.headers['x-request-id'] ?? '')));
    const upstreamPort = await freePort();
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
    dir = mkdtempSync(join(tmpdir(), 'nginx-request-id-'));
    const port = await freePort();
    writeFileSync(join(dir, 'nginx.conf'), render(dir, port, upstreamPort));
    url = `http://127.0.0.1:${port}/`;
    nginx = await startNginx(dir, url);
  });

  afterAll(async () => {
    await stopNginx(nginx);
    await new Promise((resolve) => upstream?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const passedOn = async (id?: string) => (await fetch(url, { headers: id === undefined ? {} : { 'x-request-id': id } })).text();

  it('passes on an id the API keeps', async () => {
    for (const id of ['trace_ID-1', '0b5c1f6e-2a4d-4e8b-9c3a-7d1e5f2b8a6c', 'a'.repeat(64)]) expect(await passedOn(id)).toBe(id);
  });

  it('sends its own id instead of none or one the API would refuse', async () => {
    for (const id of [undefined, 'req.1', 'a/b', 'span:1', 'a'.repeat(65), 'id with spaces']) expect(await passedOn(id), String(id)).toMatch(NGINX_ID);
  });
});
