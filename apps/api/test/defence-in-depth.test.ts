import { httpMessages, sessionMessages } from '@portal/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { createLetter, letterBody, messageBody, takenConversation } from './helpers/letters.js';

const FOREIGN = 'https://evil.example';
const OURS = 'https://portal.example.org';
const LISTED = 'https://app.example.org';

async function countLetters(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('letters').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

describeEachEngine('cookie-only writes from other sites', (engine) => {
  const ctx = useTestApp(engine, { corsOrigins: [LISTED] });
  let citizen: CreatedUser;
  let employee: CreatedUser;
  beforeAll(async () => {
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
  });

  /** A write as a browser sends it: the auth cookie, our Host, and whatever page headers are given. */
  const byCookie = (who: CreatedUser, options: InjectOptions, page: Record<string, string>) =>
    ctx.app.inject({ ...options, cookies: { auth_token: who.token }, headers: { host: 'portal.example.org', ...page } });
  const byBearer = (who: CreatedUser, options: InjectOptions, page: Record<string, string>) =>
    ctx.app.inject({ ...options, headers: { host: 'portal.example.org', ...who.headers, ...page } });
  const postLetter = (): InjectOptions => ({ method: 'POST', url: '/api/letters', payload: letterBody(citizen) });

  it.each([
    ['a foreign Origin', { origin: FOREIGN }],
    ['a foreign Referer and no Origin', { referer: `${FOREIGN}/attack.html` }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['our host over another scheme and port', { origin: 'http://portal.example.org:8080' }],
  ])('refuses a cookie-only POST with %s: 403 and no letter written', async (_name, page) => {
    const before = await countLetters(ctx.app);
    const refused = await byCookie(citizen, postLetter(), page);
    expect(expectApiError(refused, 403).message).toBe(sessionMessages.crossSiteRefused);
    expect(await countLetters(ctx.app)).toBe(before);
  });

  it('refuses a cookie-only PUT from a foreign Origin: the conversation stays open', async () => {
    const conversation = await createLetter(ctx.app, citizen);
    const take: InjectOptions = { method: 'PUT', url: `/api/conversations/${conversation.id}/take?employeeId=${employee.user.id}` };
    expectApiError(await byCookie(employee, take, { origin: FOREIGN }), 403);
    const row = await ctx.app.db.selectFrom('conversations').select(['status', 'employee_id']).where('id', '=', conversation.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'OPEN', employee_id: null });
    // The same call with the Bearer header, even from that page, is unchanged.
    const taken = await byBearer(employee, take, { origin: FOREIGN });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('leaves Bearer calls unchanged, whatever page they name', async () => {
    const before = await countLetters(ctx.app);
    expect((await byBearer(citizen, postLetter(), { origin: FOREIGN })).statusCode).toBe(201);
    expect((await byBearer(citizen, postLetter(), { referer: `${FOREIGN}/x` })).statusCode).toBe(201);
    expect(await countLetters(ctx.app)).toBe(before + 2);
  });

  it('accepts cookie-only writes from our own pages, a listed origin, or a client that names no page', async () => {
    const pages: Record<string, string>[] = [{ origin: OURS }, { referer: `${OURS}/user` }, { origin: LISTED }, {}];
    for (const page of pages) {
      const response = await byCookie(citizen, postLetter(), page);
      expect(response.statusCode, JSON.stringify(page)).toBe(201);
    }
  });

  it('reads cookie-only GETs as before (nothing is written by them)', async () => {
    expect((await byCookie(citizen, { url: '/api/users/me' }, { origin: FOREIGN })).statusCode).toBe(200);
  });
});

describeEachEngine('headers on every answer', (engine) => {
  const ctx = useTestApp(engine, { authRateLimitPerMinute: 2 });

  it('marks every API, login and register answer no-store, refusals included', async () => {
    const citizen = await createCitizen(ctx.app);
    const answers = [
      await ctx.app.inject({ url: '/api/users/me', headers: citizen.headers }),
      await ctx.app.inject({ url: '/api/users/me' }),
      await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: citizen.user.username, password: citizen.password } }),
      await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: citizen.user.username, password: 'Wrong1234' } }),
      await ctx.app.inject({ method: 'POST', url: '/register', payload: {} }),
      await ctx.app.inject({ method: 'POST', url: '/register', payload: {} }),
      await ctx.app.inject({ method: 'POST', url: '/register', payload: {} }),
      await ctx.app.inject({ url: '/api/no-such-route' }),
      await ctx.app.inject({ url: '/healthz' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 401, 400, 400, 429, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers['cache-control'], `${answer.statusCode} ${answer.body}`).toBe('no-store');
      expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });

  it('sends HSTS only when the request came over TLS through a trusted proxy', async () => {
    const behindProxy = await ctx.build({ trustProxy: true });
    const tls = await behindProxy.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await behindProxy.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const direct = await ctx.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});

describeEachEngine('conversation ids cannot be probed', (engine) => {
  const ctx = useTestApp(engine);

  it('answers a citizen the same 403 for a conversation that is not theirs and one that does not exist', async () => {
    const [owner, stranger, employee] = await Promise.all([createCitizen(ctx.app), createCitizen(ctx.app), createEmployee(ctx.app)]);
    const conversation = await takenConversation(ctx.app, owner, employee);
    const missing = conversation.id + 100_000;
    const read = (id: number) => ctx.app.inject({ url: `/api/conversations/${id}/messages`, headers: stranger.headers });
    const send = (id: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/send`, headers: stranger.headers, payload: messageBody(id, stranger) });

    for (const route of [read, send]) {
      const notTheirs = await route(conversation.id);
      const absent = await route(missing);
      expect(expectApiError(notTheirs, 403).message).toBe(httpMessages.forbidden);
      expect(absent.statusCode).toBe(notTheirs.statusCode);
      expect(absent.body).toBe(notTheirs.body);
    }
  });
});
