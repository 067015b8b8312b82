import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { redactJwts, redactRouteSecrets, redactUrl } from '../src/plugins/log-redaction.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { settle } from './helpers/live-client.js';

/** Opens a WebSocket at `path` and resolves once the server answered the upgrade either way. */
function upgrade(baseUrl: string, path: string): Promise<'open' | number> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`);
  return new Promise((resolve) => {
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', () => resolve(0));
  });
}

const percentEncodeAll = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

describeEachEngine('tokens never reach the log', (engine) => {
  const ctx = useTestApp(engine);
  const lines: string[] = [];
  let logged: FastifyInstance;
  let baseUrl = '';
  let citizen: CreatedUser;

  beforeAll(async () => {
    logged = await ctx.build({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`;
    citizen = await createCitizen(ctx.app);
  });
  afterAll(() => logged.close());

  it('for ?%74oken=, ;token=, an upgrade to another route, and a percent-encoded JWT anywhere', async () => {
    const token = encodeURIComponent(citizen.token);
    // A token in the address does not authenticate (issue 17), but a client may still send one.
    expect(await upgrade(baseUrl, `/api/ws?%74oken=${token}`)).toBe(401);
    await upgrade(baseUrl, `/api/ws;token=${token}`);
    // An upgrade to a route without a socket: the websocket plugin logs its address.
    await upgrade(baseUrl, `/healthz?token=${token}`);
    await upgrade(baseUrl, `/api/users/me?token=${token}`);
    await fetch(`${baseUrl}/api/letters?note=${percentEncodeAll(citizen.token)}`);
    await fetch(`${baseUrl}/no/such/page/${citizen.token}`);
    await settle(200);

    const log = lines.join('\n');
    // The requests were logged (the test is not looking at an empty log) ...
    expect(log).toContain('/api/ws?token=[redacted]');
    expect(log).toContain('/api/ws;token=[redacted]');
    expect(log).toContain('no websocket handler');
    expect(log).toContain('/healthz?token=[redacted]');
    expect(log).toContain('/api/letters?note=[redacted]');
    // ... and no part of the token is in it, in any spelling.
    const [header = '', payload = '', signature = ''] = citizen.token.split('.');
    for (const part of [citizen.token, payload, signature, percentEncodeAll(payload).slice(0, 60)]) expect(log).not.toContain(part);
    expect(log).not.toMatch(new RegExp(`${header}\\.`));
  });

  it('for the token of a signed link in the path: a rating link and an unsubscribe link', async () => {
    // The shape of the signed links (letter id, expiry, HMAC), neither a JWT nor a `token=` parameter.
    const signed = ['12.1767225600.', 'Qm9ndXMtc2lnbmF0dXJlLW9mLWEtcmF0aW5nLWxpbmsx'.slice(0, 43)].join('');
    const unsubscribe = 'dW5zdWJzY3JpYmUtbGluay1vZi1hLWNpdGl6ZW4.Zm9yZ2VkLWJ1dC13ZWxsLXNoYXBlZA';
    await fetch(`${baseUrl}/api/ratings/${signed}`);
    await fetch(`${baseUrl}/api/ratings/${signed}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"helpful":true}' });
    await fetch(`${baseUrl}/api/notifications/unsubscribe/${unsubscribe}?x=1`);
    await settle(200);

    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/ratings/[redacted]"');
    expect(log).toContain('"url":"/api/notifications/unsubscribe/[redacted]?x=1"');
    for (const secret of [signed, signed.split('.')[2]!, unsubscribe]) expect(log).not.toContain(secret);
  });
});

describe('redactUrl and redactJwts', () => {
  const jwt =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwiZ2VuIjowfQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtMDEyMzQ1Njc4OQ';

  it.each([
    ['/api/ws?token=abc', '/api/ws?token=[redacted]'],
    ['/api/ws?%74oken=abc&x=1', '/api/ws?token=[redacted]&x=1'],
    ['/api/ws?%2574oken=abc', '/api/ws?token=[redacted]'],
    ['/api/ws?TOKEN=abc', '/api/ws?TOKEN=[redacted]'],
    ['/api/ws;token=abc', '/api/ws;token=[redacted]'],
    ['/api/ws;%74oken=abc?x=1', '/api/ws;token=[redacted]?x=1'],
    ['/api/ws?a=1;token=abc', '/api/ws?a=1;token=[redacted]'],
    [`/anything/${jwt}/more`, '/anything/[redacted]/more'],
    [`/x?y=${encodeURIComponent(jwt).replace(/e/g, '%65')}`, '/x?y=[redacted]'],
    ['/api/conversations/12/messages?status=OPEN', '/api/conversations/12/messages?status=OPEN'],
  ])('%s is logged as %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    ['/api/ratings/12.99.abc', '/api/ratings/:token', '/api/ratings/[redacted]'],
    ['/api/notifications/unsubscribe/a.b?c=1', '/api/notifications/unsubscribe/:token', '/api/notifications/unsubscribe/[redacted]?c=1'],
    ['/api/letters/12/rating', '/api/letters/:id/rating', '/api/letters/12/rating'],
    ['/no/such/page', undefined, '/no/such/page'],
  ])('%s, routed as %s, is logged as %s', (url, pattern, expected) => {
    expect(redactRouteSecrets(url, pattern)).toBe(expected);
  });

  it('leaves host names, versions and file names alone', () => {
    const line = '{"host":"portal.city.example.org","msg":"served assets/index-abc123.min.js v1.2.3"}';
    expect(redactJwts(line)).toBe(line);
    expect(redactJwts(`{"msg":"Bearer ${jwt}"}`)).toBe('{"msg":"Bearer [redacted]"}');
  });
});
