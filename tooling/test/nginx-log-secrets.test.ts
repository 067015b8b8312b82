import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, stopNginx } from './support/nginx-process.js';
import { freePort, nginxPreamble } from '../../scripts/cluster.js';

// The access log of deploy/nginx/compose.conf (its maps and log format, through Debian's nginx) keeps
// no signed link's token: every API route with a `:token` in its path (read from the access-policy
// table, so a route added later is tried too) is requested with a token, and the log is read.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const compose = readFileSync(join(repoRoot, 'deploy/nginx/compose.conf'), 'utf8');
const block = (pattern: RegExp, what: string) => {
  const found = pattern.exec(compose)?.[0];
  if (!found) throw new Error(`deploy/nginx/compose.conf has no ${what}`);
  return found;
};

/** Every route of the API whose path carries a `:token`, as the access-policy table lists it. */
const tokenRoutes = [...readFileSync(join(repoRoot, 'apps/api/src/access-policy.ts'), 'utf8').matchAll(/'(GET|POST|PUT|PATCH|DELETE) (\/api\/[^']*:token[^']*)'/g)].map(
  ([, method = '', path = '']) => ({ method, path }),
);
/** Shaped like the portal's signed links (id, expiry, HMAC), not like a JWT. */
const TOKEN = '41.1796687334.Zm9yZ2VkLWJ1dC13ZWxsLXNoYXBlZC1zaWduYXR1cmUx';

describe('the access log of compose.conf', () => {
  let upstream: Server;
  let nginx: ChildProcess;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    upstream = createServer((_request, response) => response.end('ok'));
    const upstreamPort = await freePort();
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
    dir = mkdtempSync(join(tmpdir(), 'nginx-log-secrets-'));
    const port = await freePort();
    writeFileSync(
      join(dir, 'nginx.conf'),
      `${nginxPreamble(dir, 64)}
  ${block(/map \$http_x_request_id \$portal_request_id \{[\s\S]*?\n\}/, 'map for $portal_request_id')}
  ${block(/map \$request \$portal_logged_request \{[\s\S]*?\n\}/, 'map for $portal_logged_request')}
  ${block(/log_format portal [\s\S]*?;\n/, 'log_format portal')}
  server {
    listen 127.0.0.1:${port};
    access_log ${dir}/access.log portal;
    location / { proxy_pass http://127.0.0.1:${upstreamPort}; }
  }
}
`,
    );
    base = `http://127.0.0.1:${port}`;
    nginx = await startNginx(dir, `${base}/healthz`);
  });

  afterAll(async () => {
    await stopNginx(nginx);
    await new Promise((resolve) => upstream?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the routes it tries (the rating and the unsubscribe links)', () => {
    expect(tokenRoutes.map((route) => route.path).sort()).toEqual(expect.arrayContaining(['/api/notifications/unsubscribe/:token', '/api/ratings/:token']));
  });

  it('writes each token route with [redacted] in place of the token, and other routes as they came', async () => {
    for (const route of tokenRoutes) {
      await fetch(`${base}${route.path.replace(':token', TOKEN)}?lang=pl`, { method: route.method, ...(route.method === 'GET' ? {} : { body: '{}' }) });
    }
    await fetch(`${base}/api/letters/41/rating`);
    // nginx writes a line when the request ends: wait for the last one, not for a time.
    const deadline = Date.now() + 5_000;
    let log = '';
    while (!log.includes('/api/letters/41/rating') && Date.now() < deadline) {
      log = readFileSync(join(dir, 'access.log'), 'utf8');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const route of tokenRoutes) expect(log).toContain(`"${route.method} ${route.path.replace(':token', '[redacted]')}?lang=pl HTTP/1.1"`);
    expect(log).toContain('"GET /api/letters/41/rating HTTP/1.1"');
    for (const part of [TOKEN, TOKEN.split('.')[2]!]) expect(log).not.toContain(part);
  });
});
