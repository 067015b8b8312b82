import { transportMessages } from '@portal/contract';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen } from './helpers/factories.js';
import { createLetter } from './helpers/letters.js';
import { createWebDist } from './helpers/web-dist.js';
import { issueDirectToken } from '../src/modules/sessions/direct-token.js';

const webDist = createWebDist();
afterAll(() => webDist.remove());

/*
 * Spec section 7's client sends `Content-Type: application/json` on every call, also when there
 * is no body (PUT .../take). Every route without a body schema must answer such a call exactly as
 * it answers the same call without the header, whatever routes the modules register.
 */
interface SeenRoute {
  method: string;
  url: string;
  hasBody: boolean;
}
const seen: SeenRoute[] = [];
function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) {
    // A body schema, or a declared upload type (multipart routes read their body themselves).
    const hasBody = Boolean(route.schema?.body) || Boolean((route.schema as { consumes?: string[] } | undefined)?.consumes?.length);
    // Each engine's suite builds its own server: a route is walked once, not once per server so far
    // (twice, GET and HEAD of the export would pass its five-an-hour limit on the second engine).
    if (!seen.some((other) => other.method === method.toUpperCase() && other.url === route.url)) seen.push({ method: method.toUpperCase(), url: route.url, hasBody });
  }
}

describeEachEngine('an empty body sent as application/json', (engine) => {
  const ctx = useTestApp(engine, { webDist: webDist.root }, { onRoute: collect });
  let admin: CreatedUser;
  let citizen: CreatedUser;
  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
    citizen = await createCitizen(ctx.app);
  });

  /** The route's address with real ids: a fresh open conversation for `:id`, so a take can succeed each time. */
  async function addressOf(app: FastifyInstance, url: string): Promise<string> {
    let address = url
      .replace('*', 'letters')
      .replace(':userId', String(admin.user.id))
      .replace(':status', 'PENDING')
      .replace(':uuid', '0b6a2f4e-8a53-4c1e-9d55-2b1f0c3e4d5a')
      // A well-formed session name (22 base64url characters) of no session.
      .replace(':sessionId', 'A'.repeat(22))
      .replace(':view', 'mine');
    if (address.includes(':id')) address = address.replace(':id', String((await createLetter(app, citizen)).id));
    return address;
  }

  // Each call with a token of its own: POST /logout ends the token it is sent with.
  const call = async (route: SeenRoute, headers: Record<string, string>, address?: string) =>
    ctx.app.inject({
      method: route.method as HTTPMethods,
      url: address ?? (await addressOf(ctx.app, route.url)),
      headers: { authorization: `Bearer ${await issueDirectToken(ctx.app, admin.user)}`, ...headers },
      payload: '',
    });

  it('is answered like no body at all on every route without a body', async () => {
    const bodyless = seen.filter((route) => !route.hasBody);
    expect(bodyless.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['PUT /api/conversations/:id/take', 'GET /api/users/me', 'GET /healthz']),
    );
    for (const route of bodyless) {
      const name = `${route.method} ${route.url}`;
      // A read changes nothing, so its two calls may share one address; a write gets a fresh one for each.
      const shared = route.method === 'GET' || route.method === 'HEAD' ? await addressOf(ctx.app, route.url) : undefined;
      const plain = await call(route, {}, shared);
      const withType = await call(route, { 'content-type': 'application/json' }, shared);
      expect(withType.statusCode, `${name}: ${withType.body}`).toBe(plain.statusCode);
      expect([400, 415], name).not.toContain(withType.statusCode);
      expect(withType.statusCode, name).toBeLessThan(500);
    }
    // A sweep of every route, twice each (the ZIP export and the PDFs among them): more than one test's work.
  }, 60_000);

  it('takes a conversation with the header and no body, as the spec client sends it', async () => {
    const { id } = await createLetter(ctx.app, citizen);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${id}/take`,
      // A session of its own: the sweep above signed the admin's other sessions out (end-others).
      headers: { authorization: `Bearer ${await issueDirectToken(ctx.app, admin.user)}`, 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'IN_PROGRESS', employeeId: admin.user.id });
  });

  it('gets the field errors, not "not valid JSON", on a route that needs a body', async () => {
    const withBody = seen.filter((route) => route.hasBody && route.url.startsWith('/api/letters'));
    expect(withBody).not.toEqual([]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/letters',
      headers: { ...citizen.headers, 'content-type': 'application/json' },
      payload: '',
    });
    const error = expectApiError(response, 400);
    expect(error.message).not.toBe(transportMessages.invalidJson);
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['subject', 'content']));
    // A body that is there but broken still is a JSON error.
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/letters',
      headers: { ...citizen.headers, 'content-type': 'application/json' },
      payload: '{"subject":',
    });
    expect(expectApiError(broken, 400).message).toBe(transportMessages.invalidJson);
  });
});
