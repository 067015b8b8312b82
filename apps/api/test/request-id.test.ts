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

  it('keeps a sane incoming X-Request-Id (from the proxy) and replaces one that could forge a header or a log line', async () => {
    const kept = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'nginx-7f3a9c0e2b1d4e5f' } });
    expect(kept.headers['x-request-id']).toBe('nginx-7f3a9c0e2b1d4e5f');

    for (const hostile of ['a'.repeat(129), 'id with spaces', 'id"},"level":60,"x":"', '<script>']) {
      const replaced = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': hostile } });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });
});
