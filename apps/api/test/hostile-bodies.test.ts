import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSON_BODY_LIMIT_BYTES, jsonBodyLimit, LETTER_CONTENT_MAX, LETTER_SUBJECT_MAX, MESSAGE_CONTENT_MAX } from '@portal/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { takenConversation } from './helpers/letters.js';

// One anonymous request once froze the whole API for seconds to minutes: a backtracking email
// pattern met `a@` + many dots + `@`, and the 1 MiB body limit let it be huge (issue 17). Every
// small-bodied route now refuses a big body before parsing it (413), and the patterns run in
// linear time on the bodies a route does take: each answer comes at once, and a /healthz sent
// beside it is not held up.

const MIB = 1024 * 1024;
/** The text that made the old email pattern backtrack quadratically, `length` characters long. */
const backtrackBait = (length: number) => `a@${'.'.repeat(Math.max(0, length - 3))}@`;
/** A JSON text of `{ ...fields, [field]: bait }` exactly `bytes` long. */
function bodyOfSize(bytes: number, fields: Record<string, unknown>, field: string): string {
  const without = JSON.stringify({ ...fields, [field]: '' });
  return JSON.stringify({ ...fields, [field]: backtrackBait(bytes - without.length) });
}

interface Answer {
  status: number;
  ms: number;
}

/** A POST/PUT over a real socket; the time is from the first byte sent to the answer's status line. */
function send(port: number, method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const ms = performance.now() - started;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms }));
    });
    // A server that answers 413 early may close before the body is all sent: that is its right.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body);
  });
}

describeEachEngine('hostile request bodies', (engine) => {
  const ctx = useTestApp(engine);
  let port: number;
  let citizen: CreatedUser;
  let employee: CreatedUser;
  let admin: CreatedUser;
  let conversationId: number;

  beforeAll(async () => {
    [citizen, employee, admin] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app), createAdmin(ctx.app)]);
    conversationId = (await takenConversation(ctx.app, citizen, employee)).id;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  interface Route {
    name: string;
    method: 'POST' | 'PUT';
    path: () => string;
    who: () => CreatedUser | null;
    /** The largest body the route takes. */
    limit: number;
    /** Valid-looking fields around the field that carries the bait. */
    fields: () => Record<string, unknown>;
    field: string;
  }

  const registration = { username: 'baited', password: 'Secret123', firstName: 'A', lastName: 'B', phoneNumber: '123456789', dateOfBirth: '1990-01-01' };
  const routes: Route[] = [
    { name: 'POST /login', method: 'POST', path: () => '/login', who: () => null, limit: JSON_BODY_LIMIT_BYTES, fields: () => ({ password: 'x' }), field: 'username' },
    { name: 'POST /register', method: 'POST', path: () => '/register', who: () => null, limit: JSON_BODY_LIMIT_BYTES, fields: () => registration, field: 'email' },
    {
      name: 'POST /register/employee',
      method: 'POST',
      path: () => '/register/employee',
      who: () => admin,
      limit: JSON_BODY_LIMIT_BYTES,
      fields: () => registration,
      field: 'email',
    },
    {
      name: 'POST /api/letters',
      method: 'POST',
      path: () => '/api/letters',
      who: () => citizen,
      limit: jsonBodyLimit(LETTER_SUBJECT_MAX + LETTER_CONTENT_MAX),
      fields: () => ({ userID: citizen.user.id, recipient: 'Public Works Department', subject: 'x' }),
      field: 'content',
    },
    {
      name: 'POST /api/conversations/:id/messages/send',
      method: 'POST',
      path: () => `/api/conversations/${conversationId}/messages/send`,
      who: () => citizen,
      limit: jsonBodyLimit(MESSAGE_CONTENT_MAX),
      fields: () => ({ conversationId, senderId: citizen.user.id }),
      field: 'content',
    },
    {
      name: 'POST /api/financial-obligations',
      method: 'POST',
      path: () => '/api/financial-obligations',
      who: () => employee,
      limit: JSON_BODY_LIMIT_BYTES,
      fields: () => ({ interestId: citizen.user.id, dueDate: '2030-01-01', issueDate: '2029-01-01' }),
      field: 'amount',
    },
    {
      name: 'PUT /api/conversations/:id/status',
      method: 'PUT',
      path: () => `/api/conversations/${conversationId}/status`,
      who: () => employee,
      limit: JSON_BODY_LIMIT_BYTES,
      fields: () => ({}),
      field: 'status',
    },
  ];

  const headersOf = (route: Route): Record<string, string> => {
    const who = route.who();
    return who ? { authorization: `Bearer ${who.token}` } : {};
  };

  it.each(routes)('$name: a 1 MiB body is refused with 413 at once, and /healthz beside it is not held up', async (route) => {
    const body = bodyOfSize(MIB, route.fields(), route.field);
    const [answer, health] = await Promise.all([
      send(port, route.method, route.path(), body, headersOf(route)),
      send(port, 'GET', '/healthz', undefined, {}),
    ]);
    expect(answer.status).toBe(413);
    expect(health.status).toBe(200);
    expect(answer.ms).toBeLessThan(100);
    expect(health.ms).toBeLessThan(100);
  });

  it.each(routes)('$name: the largest body it takes, full of backtracking bait, gets its 4xx at once', async (route) => {
    const body = bodyOfSize(route.limit, route.fields(), route.field);
    expect(Buffer.byteLength(body)).toBe(route.limit);
    const [answer, health] = await Promise.all([
      send(port, route.method, route.path(), body, headersOf(route)),
      send(port, 'GET', '/healthz', undefined, {}),
    ]);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).not.toBe(413);
    expect(answer.ms).toBeLessThan(100);
    expect(health.ms).toBeLessThan(100);
  });

  it('refuses one byte over a route\u2019s limit, and takes a letter at its longest with every character escaped', async () => {
    const letter = { userID: citizen.user.id, recipient: 'Public Works Department', subject: 'x' };
    const over = bodyOfSize(jsonBodyLimit(LETTER_SUBJECT_MAX + LETTER_CONTENT_MAX) + 1, letter, 'content');
    expect((await send(port, 'POST', '/api/letters', over, headersOf(routes[3] as Route))).status).toBe(413);
    // The longest letter a person may write, each character sent as a \\u escape: accepted.
    const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const longest = `{"userID":${citizen.user.id},"recipient":"Public Works Department","subject":"${escaped('ż'.repeat(LETTER_SUBJECT_MAX))}","content":"${escaped('ą'.repeat(LETTER_CONTENT_MAX))}"}`;
    expect((await send(port, 'POST', '/api/letters', longest, headersOf(routes[3] as Route))).status).toBe(201);
  });
});
