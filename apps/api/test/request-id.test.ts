import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen } from './helpers/factories.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachEngine('request ids', (engine) => {
  const ctx = useTestApp(engine);

  it('names every answer with X-Request-Id, and every log line of the request carries the same id', async () => {
    const lines: string[] = [];
    const app = await ctx.build({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    const citizen = await createCitizen(app);
    const answers = [
      await app.inject({ url: '/api/users/me', headers: citizen.headers }),
      await app.inject({ url: '/api/users/me' }),
      await app.inject({ url: '/api/no-such-thing' }),
      await app.inject({ method: 'POST', url: '/api/letters', headers: { ...citizen.headers, 'content-type': 'application/json' }, payload: '{"broken' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);

    const requestLines = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: unknown; res?: unknown }).filter((entry) => entry.req || entry.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(2 * ids.length);
    for (const entry of requestLines) expect(ids).toContain(entry.reqId);
    for (const id of ids) expect(requestLines.filter((entry) => entry.reqId === id).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps an incoming X-Request-Id of 1-64 letters, digits, "-" and "_", and replaces any other with a new UUID', async () => {
    const nginxId = '7f3a9c0e2b1d4e5f8a6b0c1d2e3f4a5b'; // nginx's $request_id: 32 hex
    for (const kept of [nginxId, 'nginx-7f3a9c0e2b1d4e5f', '0b5c1f6e-2a4d-4e8b-9c3a-7d1e5f2b8a6c', 'trace_ID-1', 'x', 'a'.repeat(64)]) {
      const answer = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': kept } });
      expect(answer.headers['x-request-id'], kept).toBe(kept);
    }

    const refused = ['a'.repeat(65), 'req.1', '../../etc/passwd', 'a/b', 'span:1', 'k=v', 'me@host', 'a+b', 'id with spaces', '', 'id"},"level":60,"x":"', '<script>', 'żółw'];
    for (const hostile of refused) {
      const answer = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': hostile } });
      expect(answer.headers['x-request-id'], hostile).toMatch(UUID);
    }
  });
});
