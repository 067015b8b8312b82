import { httpMessages, transportMessages } from '@portal/contract';
import { afterAll, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createDatabase } from '../src/db/database.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { ASSET_JS, createWebDist, INDEX_HTML } from './helpers/web-dist.js';

const webDist = createWebDist();
afterAll(() => webDist.remove());

describeEachEngine('GET /healthz', (engine) => {
  const ctx = useTestApp(engine);

  it('answers 200 while the database answers', async () => {
    const response = await ctx.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: engine.name });
  });

  it('answers 503 in the error shape once the database is gone', async () => {
    const database = createDatabase(ctx.config.database);
    const app = await buildServer(ctx.config, { database });
    try {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      await database.destroy();
      const error = expectApiError(await app.inject({ url: '/healthz' }), 503);
      expect(error.message).toBe(transportMessages.serviceUnavailable);
    } finally {
      await app.close();
    }
  });
});

describeEachEngine('OpenAPI, errors, headers and the web app', (engine) => {
  const ctx = useTestApp(engine, { webDist: webDist.root, corsOrigins: ['https://portal.example.org'] });

  it('serves an OpenAPI document listing the routes with their schemas at GET /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/login', '/register', '/api/users/me', '/api/users', '/healthz']));
    expect(JSON.stringify(doc.paths['/register']?.post?.requestBody)).toContain('phoneNumber');
    expect(Object.keys(doc.paths)).not.toContain('/*');
  });

  it('answers an unknown API path with a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect(expectApiError(await ctx.app.inject({ method, url: '/api/no-such-thing' }), 404).message).toBe(httpMessages.notFound);
    }
  });

  it('serves the web app: files as files, page routes as index.html, POST /login stays the API', async () => {
    const home = await ctx.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(INDEX_HTML);

    for (const page of ['/login', '/admin', '/user', '/createCase', '/employee?tab=archive']) {
      const response = await ctx.app.inject({ url: page });
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }

    const asset = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET_JS);
    expect(asset.headers['cache-control']).toContain('immutable');

    expectApiError(await ctx.app.inject({ url: '/assets/missing-file.js' }), 404);
    expectApiError(await ctx.app.inject({ method: 'POST', url: '/login', payload: {} }), 400);
  });

  it('sends security headers with a CSP that allows the same-origin SPA and its WebSocket', async () => {
    const response = await ctx.app.inject({ url: '/login', headers: { host: 'portal.local:3000' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/connect-src 'self' ws:\/\/portal\.local:3000 wss:\/\/portal\.local:3000/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows credentialed CORS only for the configured origins', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/users/me',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight('https://portal.example.org');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.org');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const foreign = await preflight('https://evil.example.com');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const simple = await ctx.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example.com' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('hides the details of an unexpected failure behind a 500 in the error shape', async () => {
    // Moving the users table away makes the next lookup throw inside the server.
    await ctx.app.db.schema.alterTable('users').renameTo('users_away').execute();
    try {
      const error = expectApiError(
        await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: 'anybody', password: 'Secret123' } }),
        500,
      );
      expect(error.message).toBe(httpMessages.internal);
      expect(JSON.stringify(error)).not.toMatch(/users|sql|sqlite|relation/i);
    } finally {
      await ctx.app.db.schema.alterTable('users_away').renameTo('users').execute();
    }
  });
});
