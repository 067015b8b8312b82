import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accessPolicy, ANY_ROLE, type PolicyTable, policyFor, resource, self, STAFF } from '../src/access-policy.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { createUsersService } from '../src/modules/users/service.js';
import { accessControlPlugin } from '../src/plugins/access-control.js';
import { notFound } from '../src/plugins/api-error.js';
import { authPlugin } from '../src/plugins/auth/index.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { validatorCompiler } from '../src/plugins/validation.js';
import { jwtSecretOf, useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { createWebDist } from './helpers/web-dist.js';

const webDist = createWebDist();
afterAll(() => webDist.remove());

const collected: { method: string; url: string }[] = [];
function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) collected.push({ method: method.toUpperCase(), url: route.url });
}
/** Fastify adds HEAD for every GET; those follow the GET entry and are not listed separately. */
const isAutoHead = (route: { method: string; url: string }) =>
  route.method === 'HEAD' && collected.some((other) => other.method === 'GET' && other.url === route.url);
const exampleUrl = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'some/page');

describeEachEngine('the access policy covers every route', (engine) => {
  const ctx = useTestApp(engine, { webDist: webDist.root }, { onRoute: collect });

  it('has an entry for every route Fastify registered, and no entry for a route that does not exist', () => {
    const routes = collected.filter((route) => !isAutoHead(route));
    expect(routes.length).toBeGreaterThan(5);
    const unlisted = routes.filter((route) => !policyFor(route.method, route.url)).map((r) => `${r.method} ${r.url}`);
    expect(unlisted).toEqual([]);
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const stale = Object.keys(accessPolicy).filter((key) => !registered.has(key));
    expect(stale).toEqual([]);
  });

  it('answers 401 on every protected route without a token and with a garbage token', async () => {
    const routes = collected.filter((route) => !isAutoHead(route));
    const protectedRoutes = routes.filter((route) => policyFor(route.method, route.url)?.roles !== 'public');
    expect(protectedRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/users/me', 'GET /api/users']),
    );
    for (const route of protectedRoutes) {
      const method = route.method as 'GET';
      const anonymous = await ctx.app.inject({ method, url: exampleUrl(route.url) });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expectApiError(anonymous, 401);
      const garbage = await ctx.app.inject({ method, url: exampleUrl(route.url), headers: { authorization: 'Bearer x.y.z' } });
      expect(garbage.statusCode, `${route.method} ${route.url} with a garbage token`).toBe(401);
    }
  });

  it('lets every role call exactly the routes its policy lists', async () => {
    const callers = { USER: await createCitizen(ctx.app), EMPLOYEE: await createEmployee(ctx.app), ADMIN: await createAdmin(ctx.app) };
    for (const route of collected.filter((r) => !isAutoHead(r) && r.method === 'GET')) {
      const policy = policyFor(route.method, route.url);
      if (!policy || policy.roles === 'public' || policy.ownership?.length) continue;
      for (const [role, caller] of Object.entries(callers)) {
        const answer = await ctx.app.inject({ url: exampleUrl(route.url), headers: caller.headers });
        const allowed = (policy.roles as readonly string[]).includes(role);
        expect(answer.statusCode === 403, `${role} on GET ${route.url}: ${answer.statusCode}`).toBe(!allowed);
      }
    }
  });
});

/**
 * The policy mechanism itself, on a small server with a table of its own: the routes the
 * letters module will add (ids in params/query/body, named resource checks) behave like this.
 */
describeEachEngine('access-control enforcement', (engine) => {
  const ctx = useTestApp(engine);
  const writes: string[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function policyApp(table: PolicyTable, routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    apps.push(app);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const users = createUsersService(createUsersRepository(ctx.app.db));
    await app.register(errorsPlugin);
    await app.register(cookie);
    await app.register(authPlugin, { jwtSecret: await jwtSecretOf(ctx.app, ctx.config), loadSession: users.loadSession });
    await app.register(accessControlPlugin, { table });
    routes(app);
    await app.ready();
    return app;
  }

  const participants = new Map<number, number[]>(); // conversation id -> user ids
  const table: PolicyTable = {
    'PUT /users/:userId/notes': { roles: ANY_ROLE, ownership: [self('params.userId')] },
    'POST /messages': { roles: ANY_ROLE, ownership: [self('body.senderId'), self('query.onBehalfOf')] },
    'GET /conversations/:id': { roles: ANY_ROLE, ownership: [resource('conversation-participant')] },
    'PUT /conversations/:id/take': { roles: STAFF, ownership: [resource('conversation-participant', [])] },
    'GET /staff': { roles: STAFF },
  };

  async function lettersLikeApp() {
    return policyApp(table, (app) => {
      app.accessControl.registerResourceCheck('conversation-participant', async (request, user) => {
        const id = (request.params as { id: number }).id;
        const members = participants.get(id);
        if (!members) throw notFound();
        return members.includes(user.id);
      });
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.put(
        '/users/:userId/notes',
        { schema: { params: z.object({ userId: z.coerce.number().int() }), body: z.object({ note: z.string() }) } },
        async (request) => {
          writes.push(`note for ${request.params.userId}`);
          return { ok: true };
        },
      );
      typed.post(
        '/messages',
        {
          schema: {
            querystring: z.object({ onBehalfOf: z.coerce.number().int().optional() }),
            body: z.object({ senderId: z.number().int().optional(), content: z.string() }),
          },
        },
        async (request) => {
          writes.push(`message ${request.body.content}`);
          return { ok: true };
        },
      );
      typed.get('/conversations/:id', { schema: { params: z.object({ id: z.coerce.number().int() }) } }, async () => ({ ok: true }));
      typed.put('/conversations/:id/take', { schema: { params: z.object({ id: z.coerce.number().int() }) } }, async () => {
        writes.push('take');
        return { ok: true };
      });
      typed.get('/staff', async () => ({ ok: true }));
    });
  }

  it('refuses to boot when a route has no policy entry', async () => {
    await expect(policyApp(table, (app) => app.get('/forgotten', async () => 'oops'))).rejects.toThrow(
      /GET \/forgotten" has no entry in src\/access-policy\.ts/,
    );
  });

  it('refuses to boot when a rule names a resource check no module registered', async () => {
    await expect(
      policyApp({ 'GET /x/:id': { roles: ANY_ROLE, ownership: [resource('nobody-registered-me')] } }, (app) =>
        app.get('/x/:id', async () => 'x'),
      ),
    ).rejects.toThrow(/resource check "nobody-registered-me"/);
  });

  it('answers 401 anonymous, 403 for a role not listed, 200 for a listed one', async () => {
    const app = await lettersLikeApp();
    const citizen = await createCitizen(ctx.app);
    const employee = await createEmployee(ctx.app);
    expectApiError(await app.inject({ url: '/staff' }), 401);
    expectApiError(await app.inject({ url: '/staff', headers: citizen.headers }), 403);
    expect((await app.inject({ url: '/staff', headers: employee.headers })).statusCode).toBe(200);
  });

  it("self rule: another user's id gives 403 before the handler writes; own id and ADMIN pass", async () => {
    const app = await lettersLikeApp();
    const citizen = await createCitizen(ctx.app);
    const other = await createCitizen(ctx.app);
    const admin = await createAdmin(ctx.app);
    const put = (userId: number, headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: `/users/${userId}/notes`, payload: { note: 'n' }, headers });

    const before = writes.length;
    expectApiError(await put(other.user.id, citizen.headers), 403);
    expect(writes.length).toBe(before);
    expect((await put(citizen.user.id, citizen.headers)).statusCode).toBe(200);
    expect((await put(other.user.id, admin.headers)).statusCode).toBe(200);
    // Validation still comes first: a malformed id is a 400, not a 403.
    expectApiError(await app.inject({ method: 'PUT', url: '/users/abc/notes', payload: { note: 'n' }, headers: citizen.headers }), 400);
  });

  it('self rule on several fields: each present field must be the caller; a missing optional field is fine', async () => {
    const app = await lettersLikeApp();
    const citizen = await createCitizen(ctx.app);
    const other = await createCitizen(ctx.app);
    const send = (url: string, body: object) => app.inject({ method: 'POST', url, payload: body, headers: citizen.headers });

    const before = writes.length;
    expectApiError(await send('/messages', { senderId: other.user.id, content: 'spoofed' }), 403);
    expectApiError(await send(`/messages?onBehalfOf=${other.user.id}`, { senderId: citizen.user.id, content: 'spoofed' }), 403);
    expect(writes.length).toBe(before);
    expect((await send('/messages', { senderId: citizen.user.id, content: 'mine' })).statusCode).toBe(200);
    expect((await send('/messages', { content: 'no sender given' })).statusCode).toBe(200);
    expect((await send(`/messages?onBehalfOf=${citizen.user.id}`, { content: 'mine' })).statusCode).toBe(200);
  });

  it('named resource check: participants pass, others and a missing resource get the same 403; bypass: [] checks admins too', async () => {
    const app = await lettersLikeApp();
    const citizen = await createCitizen(ctx.app);
    const stranger = await createCitizen(ctx.app);
    const employee = await createEmployee(ctx.app);
    const admin = await createAdmin(ctx.app);
    participants.set(501, [citizen.user.id, employee.user.id]);

    expect((await app.inject({ url: '/conversations/501', headers: citizen.headers })).statusCode).toBe(200);
    const notTheirs = await app.inject({ url: '/conversations/501', headers: stranger.headers });
    const missing = await app.inject({ url: '/conversations/999', headers: citizen.headers });
    expectApiError(notTheirs, 403);
    expectApiError(missing, 403);
    expect(missing.body).toBe(notTheirs.body);
    expect((await app.inject({ url: '/conversations/501', headers: admin.headers })).statusCode).toBe(200);

    const before = writes.length;
    expectApiError(await app.inject({ method: 'PUT', url: '/conversations/501/take', headers: admin.headers }), 403);
    expect(writes.length).toBe(before);
    expect((await app.inject({ method: 'PUT', url: '/conversations/501/take', headers: employee.headers })).statusCode).toBe(200);
  });
});

describe('the exported policy table', () => {
  it('says public or lists roles for every entry, and HEAD follows GET', () => {
    for (const [key, policy] of Object.entries(accessPolicy)) {
      expect(key).toMatch(/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\/|\*)/);
      expect(policy.roles === 'public' || (Array.isArray(policy.roles) && policy.roles.length > 0)).toBe(true);
    }
    expect(policyFor('HEAD', '/api/users/me')).toBe(accessPolicy['GET /api/users/me']);
    expect(policyFor('DELETE', '/api/users/me')).toBeUndefined();
  });
});
