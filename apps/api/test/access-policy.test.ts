import cookie from '@fastify/cookie';
import type { CaseResolutionResponse, ConversationResponse, DocumentSummary } from '@portal/contract';
import Fastify, { type FastifyInstance, type InjectOptions, type RouteOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { accessPolicy, ANY_ROLE, type PolicyTable, policyFor, resource, self, STAFF } from '../src/access-policy.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { createUsersService } from '../src/modules/users/service.js';
import { accessControlPlugin } from '../src/plugins/access-control.js';
import { notFound } from '../src/plugins/api-error.js';
import { authPlugin } from '../src/plugins/auth/index.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { validatorCompiler } from '../src/plugins/validation.js';
import { sessionKeyOf, useTestApp } from './helpers/app.js';
import { addPdf, createVehicleCase, makePdf, multipartBody, multipartHeaders, vehicleCaseBody } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee, newRegistration } from './helpers/factories.js';
import { createLetter, letterBody, messageBody, takenConversation } from './helpers/letters.js';
import { obligationBody } from './helpers/obligations.js';
import { createWebDist } from './helpers/web-dist.js';
import { DESK_ROWS } from './access-policy-desk-rows.js';
import { TIMELINE_ROWS } from './access-policy-timeline-rows.js';
import { LATE_TERM_ROWS } from './access-policy-late-term-rows.js';
import { ANSWERS_ROWS } from './access-policy-answers-rows.js';
import { HANDOFF_ROWS } from './access-policy-handoff-rows.js';
import { issueDirectToken } from '../src/modules/sessions/direct-token.js';

const webDist = createWebDist();
afterAll(() => webDist.remove());

/*
 * THE hand-written access matrix: for every route, what each kind of caller gets. It is written
 * from the spec and DESIGN.md, never derived from src/access-policy.ts, so a wrong role or a
 * missing ownership rule in the table fails here. "Owner" is the citizen whose letter the
 * conversation is, "handler" the employee who took it.
 */
const CALLERS = ['anonymous', 'owner', 'otherCitizen', 'handler', 'otherEmployee', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

/** One status per caller, in the order of CALLERS. */
const statuses = (anonymous: number, owner: number, otherCitizen: number, handler: number, otherEmployee: number, admin: number): Expected => ({
  anonymous,
  owner,
  otherCitizen,
  handler,
  otherEmployee,
  admin,
});

interface World {
  app: FastifyInstance;
  baseUrl: string;
  people: Record<Exclude<Caller, 'anonymous'>, CreatedUser>;
  /** A new conversation of the owner: OPEN, or IN_PROGRESS taken by the handler. */
  open(): Promise<ConversationResponse>;
  taken(): Promise<ConversationResponse>;
  /** A new PENDING vehicle registration case of the owner, and a PDF stored on a new one. */
  ownersCase(): Promise<CaseResolutionResponse>;
  ownersDocument(): Promise<DocumentSummary>;
  /** A small valid PDF for uploads. */
  pdf: Buffer;
  /**
   * What one of the factories above makes, made once per row and shared by the row's callers: for
   * rows whose request only reads it, so each caller finds it as the first one did.
   */
  once<K extends Fixture>(fixture: K): ReturnType<World[K]>;
}

type Fixture = 'open' | 'taken' | 'ownersCase' | 'ownersDocument';
const FIXTURES: readonly Fixture[] = ['open', 'taken', 'ownersCase', 'ownersDocument'];

/**
 * The world of one row: its own `once`. With `everyFactoryOnce`, the factories themselves make
 * their data once for the row (for requests that must all be refused before they touch it).
 */
function worldForRow(world: Omit<World, 'once'>, { everyFactoryOnce = false } = {}): World {
  const made = new Map<Fixture, Promise<unknown>>();
  const once = <K extends Fixture>(fixture: K): ReturnType<World[K]> => {
    let data = made.get(fixture);
    if (!data) made.set(fixture, (data = world[fixture]()));
    return data as ReturnType<World[K]>;
  };
  const row: World = { ...world, once };
  if (everyFactoryOnce) for (const fixture of FIXTURES) Object.assign(row, { [fixture]: () => once(fixture) });
  return row;
}

interface Row {
  route: string;
  /** What differs from the other rows of the same route. */
  variant?: string;
  /** The request `caller` makes (headers are added); may create fresh data for each caller, or read data made once for the row (`world.once`). */
  request(world: World, caller: Caller, me: CreatedUser | null): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const WEB_ORIGIN = 'https://portal.example.org';
const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object): InjectOptions => ({ method, url, payload });

//                                                                   anonymous owner other handler other admin
//                                                                             citizen citizen     employee
const MATRIX: Row[] = [
  // Public: the token, if any, changes nothing.
  { route: 'GET /healthz', request: () => ({ url: '/healthz' }), expected: statuses(200, 200, 200, 200, 200, 200) },
  { route: 'GET /readyz', request: () => ({ url: '/readyz' }), expected: statuses(200, 200, 200, 200, 200, 200) },
  { route: 'GET /metrics', request: () => ({ url: '/metrics' }), expected: statuses(404, 404, 404, 404, 404, 404) },
  { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expected: statuses(200, 200, 200, 200, 200, 200) },
  {
    route: 'OPTIONS *',
    variant: 'CORS preflight from the listed web app origin',
    request: () => ({
      method: 'OPTIONS',
      url: '/api/letters',
      headers: { origin: WEB_ORIGIN, 'access-control-request-method': 'POST' },
    }),
    expected: statuses(204, 204, 204, 204, 204, 204),
  },
  { route: 'GET /*', variant: 'a page of the web app', request: () => ({ url: '/letters' }), expected: statuses(200, 200, 200, 200, 200, 200) },
  {
    route: 'POST /login',
    request: ({ people }) => json('POST', '/login', { username: people.owner.user.username, password: people.owner.password }),
    expected: statuses(200, 200, 200, 200, 200, 200),
  },
  { route: 'POST /register', request: () => json('POST', '/register', newRegistration()), expected: statuses(201, 201, 201, 201, 201, 201) },
  {
    route: 'POST /logout',
    variant: "a second token of the caller's, so the other rows keep theirs",
    request: async (world, _caller, me) =>
      me ? { method: 'POST', url: '/logout', headers: { authorization: `Bearer ${await issueDirectToken(world.app, me.user)}` } } : { method: 'POST', url: '/logout' },
    expected: statuses(401, 204, 204, 204, 204, 204),
  },

  // Two-factor sign-in (issue 21): the second step is public (the challenge is the credential);
  // the set-up is everyone's own; the reset is an admin's.
  {
    route: 'POST /login/second-factor',
    variant: 'a challenge nobody was given',
    request: () => json('POST', '/login/second-factor', { challenge: 'A'.repeat(32), code: '123456' }),
    expected: statuses(401, 401, 401, 401, 401, 401),
  },
  { route: 'POST /login/passkey/options', variant: 'passwordless', request: () => json('POST', '/login/passkey/options', {}), expected: statuses(200, 200, 200, 200, 200, 200) },
  {
    route: 'POST /login/passkey',
    variant: 'a ceremony nobody started',
    request: () =>
      json('POST', '/login/passkey', {
        ceremony: 'A'.repeat(32),
        credential: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'abc' }, clientExtensionResults: {} },
      }),
    expected: statuses(401, 401, 401, 401, 401, 401),
  },
  { route: 'GET /api/two-factor', request: () => ({ url: '/api/two-factor' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  {
    route: 'POST /api/two-factor/totp/setup',
    variant: 'with the caller\'s own password',
    request: (_world, _caller, me) => json('POST', '/api/two-factor/totp/setup', { password: me?.password ?? 'Citizen123' }),
    expected: statuses(401, 200, 200, 200, 200, 200),
  },
  {
    route: 'POST /api/two-factor/totp/confirm',
    variant: 'a wrong first code',
    request: async (world, _caller, me) => {
      if (me) await world.app.inject({ method: 'POST', url: '/api/two-factor/totp/setup', headers: me.headers, payload: { password: me.password } });
      return json('POST', '/api/two-factor/totp/confirm', { code: '000000' });
    },
    expected: statuses(401, 400, 400, 400, 400, 400),
  },
  {
    route: 'POST /api/two-factor/recovery-codes',
    variant: 'without a second factor',
    request: (_world, _caller, me) => json('POST', '/api/two-factor/recovery-codes', { password: me?.password ?? 'Citizen123' }),
    expected: statuses(401, 409, 409, 409, 409, 409),
  },
  {
    route: 'DELETE /api/two-factor',
    variant: 'with the caller\'s own password',
    request: (_world, _caller, me) => json('DELETE', '/api/two-factor', { password: me?.password ?? 'Citizen123' }),
    expected: statuses(401, 204, 204, 204, 204, 204),
  },
  {
    route: 'POST /api/two-factor/passkeys/options',
    variant: 'with the caller\'s own password',
    request: (_world, _caller, me) => json('POST', '/api/two-factor/passkeys/options', { password: me?.password ?? 'Citizen123' }),
    expected: statuses(401, 200, 200, 200, 200, 200),
  },
  {
    route: 'POST /api/two-factor/passkeys',
    variant: 'a ceremony nobody started',
    request: () =>
      json('POST', '/api/two-factor/passkeys', {
        ceremony: 'A'.repeat(32),
        credential: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'abc' }, clientExtensionResults: {} },
      }),
    expected: statuses(401, 409, 409, 409, 409, 409),
  },
  {
    route: 'DELETE /api/users/:id/two-factor',
    variant: 'a fresh citizen (a reset signs its person out, so never one of the callers)',
    request: async ({ app }) => ({ method: 'DELETE', url: `/api/users/${(await createCitizen(app)).user.id}/two-factor` }),
    expected: statuses(401, 403, 403, 403, 403, 204),
  },

  // Users
  { route: 'GET /api/users/me', request: () => ({ url: '/api/users/me' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  { route: 'GET /api/users', request: () => ({ url: '/api/users' }), expected: statuses(401, 403, 403, 200, 200, 200) },
  {
    route: 'GET /api/users',
    variant: 'a search (Create Obligations)',
    request: () => ({ url: '/api/users?q=a&role=USER&limit=5' }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  { route: 'GET /api/users/labels', request: () => ({ url: '/api/users/labels?role=USER' }), expected: statuses(401, 403, 403, 200, 200, 200) },

  // Financial obligations (spec 6): a citizen reads only their own; staff read anyone's and create.
  {
    route: 'GET /api/financial-obligations/by-interest-id/:userId',
    variant: "the owner's obligations",
    request: ({ people }) => ({ url: `/api/financial-obligations/by-interest-id/${people.owner.user.id}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/financial-obligations/by-interest-id/:userId',
    variant: 'someone who does not exist',
    request: () => ({ url: '/api/financial-obligations/by-interest-id/987654' }),
    expected: statuses(401, 403, 403, 404, 404, 404),
  },
  {
    route: 'POST /api/financial-obligations',
    variant: 'for the owner',
    request: ({ people }) => json('POST', '/api/financial-obligations', obligationBody(people.owner)),
    expected: statuses(401, 403, 403, 201, 201, 201),
  },

  // Letters (spec 4): a citizen writes for themself; only an admin on someone's behalf.
  {
    route: 'POST /api/letters',
    variant: "in the owner's name",
    request: ({ people }) => json('POST', '/api/letters', letterBody(people.owner)),
    expected: statuses(401, 201, 403, 403, 403, 201),
  },
  {
    route: 'GET /api/conversations',
    variant: "the handler's IN_PROGRESS list",
    request: ({ people }) => ({ url: `/api/conversations?status=IN_PROGRESS&employeeId=${people.handler.user.id}` }),
    expected: statuses(401, 403, 403, 200, 403, 200),
  },
  {
    route: 'GET /api/conversations',
    variant: 'no employeeId: the caller\u2019s own list',
    request: () => ({ url: '/api/conversations?status=IN_PROGRESS' }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'PUT /api/conversations/:id/take',
    variant: 'a fresh OPEN conversation, for the handler',
    request: async (world) => ({ method: 'PUT', url: `/api/conversations/${(await world.open()).id}/take?employeeId=${world.people.handler.user.id}` }),
    expected: statuses(401, 403, 403, 200, 403, 200),
  },
  {
    route: 'PUT /api/conversations/:id/take',
    variant: 'a fresh OPEN conversation, no employeeId: for the caller',
    request: async (world) => ({ method: 'PUT', url: `/api/conversations/${(await world.open()).id}/take` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'PUT /api/conversations/:id/status',
    variant: 'a fresh IN_PROGRESS conversation',
    request: async (world) => json('PUT', `/api/conversations/${(await world.taken()).id}/status`, { status: 'RESOLVED' }),
    expected: statuses(401, 403, 403, 200, 403, 200),
  },
  {
    route: 'PUT /api/conversations/:id/status',
    variant: 'an OPEN conversation: nobody took it, so only the state is wrong',
    request: async (world) => json('PUT', `/api/conversations/${(await world.open()).id}/status`, { status: 'RESOLVED' }),
    expected: statuses(401, 403, 403, 409, 409, 409),
  },
  {
    route: 'PUT /api/conversations/:id/status',
    // Issue 8: a non-admin cannot tell a conversation that does not exist from one that is not theirs.
    variant: 'an unknown conversation: the same 403 as one that is not theirs',
    request: () => json('PUT', '/api/conversations/987654/status', { status: 'RESOLVED' }),
    expected: statuses(401, 403, 403, 403, 403, 404),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    request: async (world) => ({ url: `/api/conversations/${(await world.once('taken')).id}/messages` }),
    expected: statuses(401, 200, 403, 200, 403, 200),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    variant: 'an unknown conversation: the same 403 as one that is not theirs',
    request: () => ({ url: '/api/conversations/987654/messages' }),
    expected: statuses(401, 403, 403, 403, 403, 404),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    variant: 'a page: ?before=&limit=',
    request: async (world) => ({ url: `/api/conversations/${(await world.once('taken')).id}/messages?before=1000000&limit=20` }),
    expected: statuses(401, 200, 403, 200, 403, 200),
  },
  {
    route: 'PUT /api/conversations/:id/read',
    variant: "the caller's own read mark",
    request: async (world) => json('PUT', `/api/conversations/${(await world.taken()).id}/read`, { lastReadMessageId: 1 }),
    expected: statuses(401, 200, 403, 200, 403, 200),
  },
  {
    route: 'PUT /api/conversations/:id/read',
    variant: 'an unknown conversation: the same 403 as one that is not theirs',
    request: () => json('PUT', '/api/conversations/987654/read', { lastReadMessageId: 1 }),
    expected: statuses(401, 403, 403, 403, 403, 404),
  },
  {
    route: 'POST /api/conversations/:id/messages/send',
    variant: "in the caller's own name",
    request: async (world, _caller, me) => {
      const { id } = await world.taken();
      return json('POST', `/api/conversations/${id}/messages/send`, messageBody(id, me ?? world.people.owner));
    },
    expected: statuses(401, 201, 403, 201, 403, 201),
  },
  {
    route: 'POST /api/conversations/:id/messages/send',
    variant: "in the owner's name: nobody else, not even an admin",
    request: async (world) => {
      const { id } = await world.taken();
      return json('POST', `/api/conversations/${id}/messages/send`, messageBody(id, world.people.owner));
    },
    expected: statuses(401, 201, 403, 403, 403, 403),
  },
  {
    route: 'GET /api/conversations/user/:userId',
    variant: "the owner's list",
    request: ({ people }) => ({ url: `/api/conversations/user/${people.owner.user.id}` }),
    expected: statuses(401, 200, 403, 403, 403, 200),
  },
  // The WebSocket: 101 is the upgrade; what a socket may follow is tested in live-updates.test.ts.
  { route: 'GET /api/ws', request: () => ({ url: '/api/ws' }), expected: statuses(401, 101, 101, 101, 101, 101) },
  { route: 'POST /api/ws/ticket', request: () => ({ method: 'POST', url: '/api/ws/ticket' }), expected: statuses(401, 200, 200, 200, 200, 200) },

  // Case resolutions (spec sections 4 and 6): citizens and admins create, a citizen sees only their
  // own cases and documents; employees and admins read every case and change its status. Here
  // "handler" is any employee: no employee owns a case.
  {
    route: 'POST /api/case-resolution/create/VehicleRegistration',
    variant: "in the owner's name",
    request: ({ people }) => json('POST', '/api/case-resolution/create/VehicleRegistration', vehicleCaseBody(people.owner)),
    expected: statuses(401, 201, 403, 403, 403, 201),
  },
  {
    route: 'POST /api/case-resolution/create/VehicleRegistration',
    variant: 'no userId: for the caller (an admin is no citizen: 400, cases.test.ts)',
    request: () => json('POST', '/api/case-resolution/create/VehicleRegistration', vehicleCaseBody(null)),
    expected: statuses(401, 201, 201, 403, 403, 400),
  },
  {
    route: 'GET /api/case-resolution/status/:status',
    variant: 'PENDING (a citizen gets their own only: cases.test.ts)',
    request: () => ({ url: '/api/case-resolution/status/PENDING' }),
    expected: statuses(401, 200, 200, 200, 200, 200),
  },
  {
    route: 'GET /api/case-resolution/user/:userId',
    variant: "the owner's cases",
    request: ({ people }) => ({ url: `/api/case-resolution/user/${people.owner.user.id}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/case-resolution/details/:id',
    variant: "the owner's case",
    request: async (world) => ({ url: `/api/case-resolution/details/${(await world.once('ownersCase')).id}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/case-resolution/details/:id',
    variant: 'an unknown case: a citizen cannot tell it from another citizen\'s',
    request: () => ({ url: '/api/case-resolution/details/987654' }),
    expected: statuses(401, 403, 403, 404, 404, 404),
  },
  {
    route: 'PUT /api/case-resolution/:id/update-status/:status',
    variant: "a fresh case of the owner's, to IN_PROGRESS",
    request: async (world) => ({ method: 'PUT', url: `/api/case-resolution/${(await world.ownersCase()).id}/update-status/IN_PROGRESS` }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/case-resolution/:id/add-document',
    variant: "a PDF to a fresh case of the owner's",
    request: async (world) => ({
      method: 'POST',
      url: `/api/case-resolution/${(await world.ownersCase()).id}/add-document`,
      headers: multipartHeaders(null),
      payload: multipartBody(world.pdf),
    }),
    expected: statuses(401, 201, 403, 403, 403, 201),
  },
  {
    route: 'POST /api/case-resolution/:id/add-document',
    variant: 'a PDF to an unknown case',
    request: (world) => ({ method: 'POST', url: '/api/case-resolution/987654/add-document', headers: multipartHeaders(null), payload: multipartBody(world.pdf) }),
    expected: statuses(401, 403, 403, 403, 403, 404),
  },
  {
    route: 'POST /api/documents/case',
    variant: "the owner's case object",
    request: async (world) => json('POST', '/api/documents/case', await world.once('ownersCase')),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/documents/:uuid',
    variant: "a document of the owner's",
    request: async (world) => ({ url: `/api/documents/${(await world.once('ownersDocument')).uuid}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/documents/:uuid',
    variant: 'an unknown document: a citizen cannot tell it from another citizen\'s',
    request: () => ({ url: '/api/documents/0b6a2f4e-8a53-4c1e-9d55-2b1f0c3e4d5a' }),
    expected: statuses(401, 403, 403, 404, 404, 404),
  },
  {
    route: 'GET /api/documents/:uuid/download',
    variant: "a document of the owner's",
    request: async (world) => ({ url: `/api/documents/${(await world.once('ownersDocument')).uuid}/download` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/documents/:uuid/download',
    variant: 'not a UUID',
    request: () => ({ url: '/api/documents/1/download' }),
    expected: statuses(401, 400, 400, 400, 400, 400),
  },
  // Signed receipts (issue 20): the person concerned and staff; the check is public.
  {
    route: 'GET /api/receipts/conversation/:id',
    request: async (world) => ({ url: `/api/receipts/conversation/${(await world.once('open')).id}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/receipts/case/:id',
    request: async (world) => ({ url: `/api/receipts/case/${(await world.once('ownersCase')).id}` }),
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'GET /api/receipts/:id',
    variant: "the receipt of the owner's letter",
    request: async (world) => {
      const { id } = await world.once('open');
      const receipt = await world.app.db
        .selectFrom('receipts')
        .select('id')
        .where('subject_type', '=', 'conversation')
        .where('subject_id', '=', id)
        .executeTakeFirstOrThrow();
      return { url: `/api/receipts/${receipt.id}` };
    },
    expected: statuses(401, 200, 403, 200, 200, 200),
  },
  {
    route: 'POST /api/receipts/verify',
    variant: 'an unsigned PDF',
    request: (world) => ({ method: 'POST', url: '/api/receipts/verify', headers: multipartHeaders(null), payload: multipartBody(world.pdf) }),
    expected: statuses(200, 200, 200, 200, 200, 200),
  },
  // Admin Dashboard (spec section 6: register, activate, deactivate employees: ADMIN only).
  {
    route: 'POST /register/employee',
    variant: 'a new employee each time',
    request: () => json('POST', '/register/employee', newRegistration({ password: 'Urzad2025' })),
    expected: statuses(401, 403, 403, 403, 403, 201),
  },
  { route: 'GET /api/users/employees', request: () => ({ url: '/api/users/employees' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  {
    route: 'PUT /api/users/deactivate/:id',
    variant: 'a fresh active employee',
    request: async ({ app }) => ({ method: 'PUT', url: `/api/users/deactivate/${(await createEmployee(app)).user.id}` }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/users/deactivate/:id',
    variant: 'a citizen: only employees can be switched',
    request: ({ people }) => ({ method: 'PUT', url: `/api/users/deactivate/${people.otherCitizen.user.id}` }),
    expected: statuses(401, 403, 403, 403, 403, 409),
  },
  {
    route: 'PUT /api/users/deactivate/:id',
    variant: 'the admin: nobody locks an admin out',
    request: ({ people }) => ({ method: 'PUT', url: `/api/users/deactivate/${people.admin.user.id}` }),
    expected: statuses(401, 403, 403, 403, 403, 409),
  },
  {
    route: 'PUT /api/users/activate/:id',
    variant: 'a fresh inactive employee',
    request: async ({ app }) => ({ method: 'PUT', url: `/api/users/activate/${(await createEmployee(app, { enabled: false })).user.id}` }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/users/activate/:id',
    variant: 'a citizen: only employees can be switched',
    request: ({ people }) => ({ method: 'PUT', url: `/api/users/activate/${people.owner.user.id}` }),
    expected: statuses(401, 403, 403, 403, 403, 409),
  },

  // Sessions (issue 21): everyone's own; ending a staff member's, ADMIN only.
  { route: 'GET /api/sessions', request: () => ({ url: '/api/sessions' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  {
    route: 'POST /api/sessions/refresh',
    variant: "a second token of the caller's: refreshing revokes the token it is called with",
    request: async (world, _caller, me) =>
      me
        ? { method: 'POST', url: '/api/sessions/refresh', headers: { authorization: `Bearer ${await issueDirectToken(world.app, me.user)}` } }
        : { method: 'POST', url: '/api/sessions/refresh' },
    expected: statuses(401, 200, 200, 200, 200, 200),
  },
  { route: 'POST /api/sessions/end-others', request: () => ({ method: 'POST', url: '/api/sessions/end-others' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  {
    route: 'POST /api/users/:id/sessions/end',
    variant: 'a fresh employee',
    request: async ({ app }) => ({ method: 'POST', url: `/api/users/${(await createEmployee(app)).user.id}/sessions/end` }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/users/:id/sessions/end',
    variant: 'a citizen: only staff sessions are ended here',
    request: ({ people }) => ({ method: 'POST', url: `/api/users/${people.otherCitizen.user.id}/sessions/end` }),
    expected: statuses(401, 403, 403, 403, 403, 409),
  },

  // Getting back into an account (issue 35): one's own password and sessions; a reset link sent by an admin; its page signed out.
  {
    route: 'POST /api/account/password',
    variant: 'a wrong current password: a field error, nothing changes',
    request: () => ({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'Zgaduje123', newPassword: 'Nowe-haslo-2026', confirmPassword: 'Nowe-haslo-2026' } }),
    expected: statuses(401, 400, 400, 400, 400, 400),
  },
  {
    route: 'POST /api/sessions/:sessionId/end',
    variant: "a second session of the caller's",
    request: async (world, _caller, me) => {
      if (!me) return { method: 'POST', url: '/api/sessions/AAAAAAAAAAAAAAAAAAAAAA/end' };
      const other = { authorization: `Bearer ${await issueDirectToken(world.app, me.user)}` };
      const listed = (await world.app.inject({ url: '/api/sessions', headers: other })).json<{ sessions: { id: string; current: boolean }[] }>();
      return { method: 'POST', url: `/api/sessions/${listed.sessions.find((session) => session.current)?.id ?? ''}/end` };
    },
    expected: statuses(401, 204, 204, 204, 204, 204),
  },
  {
    route: 'POST /api/sessions/:sessionId/end',
    variant: "a session of the other citizen: not found among anyone else's (the other citizen ends their own)",
    request: async ({ app, people }) => {
      const other = { authorization: `Bearer ${await issueDirectToken(app, people.otherCitizen.user)}` };
      const listed = (await app.inject({ url: '/api/sessions', headers: other })).json<{ sessions: { id: string; current: boolean }[] }>();
      return { method: 'POST', url: `/api/sessions/${listed.sessions.find((session) => session.current)?.id ?? ''}/end` };
    },
    expected: statuses(401, 404, 204, 404, 404, 404),
  },
  {
    route: 'POST /api/users/:id/password-reset',
    variant: 'a citizen',
    request: ({ people }) => ({ method: 'POST', url: `/api/users/${people.otherCitizen.user.id}/password-reset` }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/users/:id/password-reset',
    variant: "the caller's own account: change it on the account page",
    request: (_world, _caller, me) => ({ method: 'POST', url: `/api/users/${me?.user.id ?? 1}/password-reset` }),
    expected: statuses(401, 403, 403, 403, 403, 409),
  },
  {
    route: 'POST /api/password-reset/check',
    variant: 'an unknown link: answered for anyone, signed out too',
    request: () => ({ method: 'POST', url: '/api/password-reset/check', payload: { token: 'A'.repeat(43) } }),
    expected: statuses(200, 200, 200, 200, 200, 200),
  },
  {
    route: 'POST /api/password-reset',
    variant: 'an unknown link sets nothing',
    request: () => ({ method: 'POST', url: '/api/password-reset', payload: { token: 'A'.repeat(43), newPassword: 'Nowe-haslo-2026', confirmPassword: 'Nowe-haslo-2026' } }),
    expected: statuses(409, 409, 409, 409, 409, 409),
  },

  // A person's own data (issue 21): the export for everyone; closing a citizen's account: the citizen asks, an admin approves.
  { route: 'GET /api/my-data/export', request: () => ({ url: '/api/my-data/export' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  // Issue 32: "My matters" is a citizen's own list (no id in the request can name another's); staff have none.
  { route: 'GET /api/matters', request: () => ({ url: '/api/matters?state=waiting-for-office' }), expected: statuses(401, 200, 200, 403, 403, 403) },
  { route: 'GET /api/my-data/closure', request: () => ({ url: '/api/my-data/closure' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  {
    route: 'POST /api/my-data/closure',
    variant: 'only asks: nothing closes before an admin approves',
    request: () => ({ method: 'POST', url: '/api/my-data/closure' }),
    expected: statuses(401, 201, 201, 403, 403, 403),
  },
  {
    route: 'DELETE /api/my-data/closure',
    variant: 'each citizen withdraws what they asked for in the row above',
    request: () => ({ method: 'DELETE', url: '/api/my-data/closure' }),
    expected: statuses(401, 200, 200, 403, 403, 403),
  },
  { route: 'GET /api/account-closures', request: () => ({ url: '/api/account-closures' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  {
    route: 'POST /api/account-closures/:id/refuse',
    variant: 'a fresh citizen who asked',
    request: async ({ app }) => {
      const asker = await createCitizen(app);
      expect((await app.inject({ method: 'POST', url: '/api/my-data/closure', headers: asker.headers })).statusCode).toBe(201);
      return { method: 'POST', url: `/api/account-closures/${asker.user.id}/refuse`, payload: { reason: 'An unpaid obligation' } };
    },
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/account-closures/:id/approve',
    variant: 'a fresh citizen who asked',
    request: async ({ app }) => {
      const asker = await createCitizen(app);
      expect((await app.inject({ method: 'POST', url: '/api/my-data/closure', headers: asker.headers })).statusCode).toBe(201);
      return { method: 'POST', url: `/api/account-closures/${asker.user.id}/approve` };
    },
    expected: statuses(401, 403, 403, 403, 403, 200),
  },

  // The office's legal clock (issue 32): terms are the admin's; a longer term for a complicated case is staff's.
  { route: 'GET /api/terms/letters', request: () => ({ url: '/api/terms/letters' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  {
    route: 'PUT /api/terms/letters',
    request: () => ({ method: 'PUT', url: '/api/terms/letters', payload: { terms: [{ department: 'City Administration', months: 1 }] } }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  { route: 'GET /api/terms/cases', request: () => ({ url: '/api/terms/cases' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  {
    route: 'PUT /api/terms/cases',
    request: () => ({ method: 'PUT', url: '/api/terms/cases', payload: { terms: [{ caseType: 'OTHER', months: 1, complicatedMonths: 2 }] } }),
    expected: statuses(401, 403, 403, 403, 403, 200),
  },
  {
    route: 'PUT /api/case-resolution/:id/complicated',
    variant: "a fresh case of the owner's",
    request: async (world) => ({
      method: 'PUT',
      url: `/api/case-resolution/${(await world.ownersCase()).id}/complicated`,
      payload: { reason: 'Two co-owners must confirm.' },
    }),
    expected: statuses(401, 403, 403, 200, 200, 200),
  },

  // The audit trail: ADMIN only.
  { route: 'GET /api/audit', request: () => ({ url: '/api/audit' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  { route: 'GET /api/audit/export.csv', request: () => ({ url: '/api/audit/export.csv' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  { route: 'GET /api/audit/verify', request: () => ({ url: '/api/audit/verify' }), expected: statuses(401, 403, 403, 403, 403, 200) },

  // The office's performance (issue 33 points 8 and 9): the dashboard is the admins'; the open data anyone's.
  { route: 'GET /api/admin/performance', request: () => ({ url: '/api/admin/performance' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  { route: 'GET /api/admin/performance.csv', request: () => ({ url: '/api/admin/performance.csv' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  { route: 'GET /api/public/performance', request: () => ({ url: '/api/public/performance' }), expected: statuses(200, 200, 200, 200, 200, 200) },
  { route: 'GET /api/public/performance.csv', request: () => ({ url: '/api/public/performance.csv' }), expected: statuses(200, 200, 200, 200, 200, 200) },

  // Notifications (issue 18): everyone's own language and settings; unsubscribe by signed token only.
  {
    route: 'PUT /api/users/me/language',
    request: () => ({ method: 'PUT', url: '/api/users/me/language', payload: { language: 'pl' } }),
    expected: statuses(401, 200, 200, 200, 200, 200),
  },
  { route: 'GET /api/notifications', request: () => ({ url: '/api/notifications' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  {
    route: 'PUT /api/notifications/:id/read',
    variant: "the owner's entry (their letter was taken): nobody else's, not even an admin's",
    request: async (world) => {
      await world.taken();
      const entry = await world.app.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', world.people.owner.user.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { method: 'PUT', url: `/api/notifications/${entry.id}/read` };
    },
    expected: statuses(401, 200, 403, 403, 403, 403),
  },
  { route: 'PUT /api/notifications/read-all', request: () => ({ method: 'PUT', url: '/api/notifications/read-all' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  { route: 'GET /api/notification-settings', request: () => ({ url: '/api/notification-settings' }), expected: statuses(401, 200, 200, 200, 200, 200) },
  {
    route: 'PUT /api/notification-settings',
    request: () => ({ method: 'PUT', url: '/api/notification-settings', payload: { replies: true } }),
    expected: statuses(401, 200, 200, 200, 200, 200),
  },
  {
    route: 'POST /api/notifications/unsubscribe/:token',
    variant: 'a token nobody signed',
    request: () => ({ method: 'POST', url: '/api/notifications/unsubscribe/1.replies.forged' }),
    expected: statuses(403, 403, 403, 403, 403, 403),
  },
  {
    route: 'GET /api/notifications/unsubscribe/:token',
    variant: 'a token nobody signed: the page says so',
    request: () => ({ url: '/api/notifications/unsubscribe/1.replies.forged' }),
    expected: statuses(403, 403, 403, 403, 403, 403),
  },
  { route: 'GET /api/notifications/failed', request: () => ({ url: '/api/notifications/failed' }), expected: statuses(401, 403, 403, 403, 403, 200) },
  ...DESK_ROWS,
  ...TIMELINE_ROWS,
  ...LATE_TERM_ROWS,
  ...ANSWERS_ROWS,
  ...HANDOFF_ROWS,
];

/** The status of a WebSocket upgrade of /api/ws: 101 when it opened. */
function upgradeStatus(baseUrl: string, me: CreatedUser | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`, me ? { headers: me.headers } : {});
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

async function statusFor(world: World, row: Row, caller: Caller, headers: Record<string, string> = {}): Promise<number> {
  const me = caller === 'anonymous' ? null : world.people[caller];
  if (row.route === 'GET /api/ws') return upgradeStatus(world.baseUrl, me);
  const options = await row.request(world, caller, me);
  // A row may name its own token (POST /logout must not end the caller's token the other rows use).
  const response = await world.app.inject({ ...options, headers: { ...(me?.headers ?? {}), ...options.headers, ...headers } });
  return response.statusCode;
}

const routesSeen: { method: string; url: string }[] = [];
function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) routesSeen.push({ method: method.toUpperCase(), url: route.url });
}
/** Fastify adds HEAD for every GET; those follow the GET entry and are not listed separately. */
const isAutoHead = (route: { method: string; url: string }) =>
  route.method === 'HEAD' && routesSeen.some((other) => other.method === 'GET' && other.url === route.url);
const registeredKeys = () => [...new Set(routesSeen.filter((route) => !isAutoHead(route)).map((r) => `${r.method} ${r.url}`))];

describeEachEngine('the access matrix', (engine) => {
  const ctx = useTestApp(engine, { webDist: webDist.root, corsOrigins: [WEB_ORIGIN] }, { onRoute: collect });
  let world: Omit<World, 'once'>;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createCitizen(ctx.app);
    const handler = await createEmployee(ctx.app);
    const app = ctx.app;
    const pdf = await makePdf();
    world = {
      app,
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      people: {
        owner,
        otherCitizen: await createCitizen(ctx.app),
        handler,
        otherEmployee: await createEmployee(ctx.app),
        admin: await createAdmin(ctx.app),
      },
      open: () => createLetter(app, owner),
      taken: () => takenConversation(app, owner, handler),
      ownersCase: () => createVehicleCase(app, owner),
      ownersDocument: async () => addPdf(app, owner, (await createVehicleCase(app, owner)).id, pdf),
      pdf,
    };
  });

  it('has a policy entry for every route Fastify registered, and no entry for a route that does not exist', () => {
    expect(routesSeen.length).toBeGreaterThan(10);
    const unlisted = routesSeen.filter((route) => !policyFor(route.method, route.url)).map((r) => `${r.method} ${r.url}`);
    expect(unlisted).toEqual([]);
    const stale = Object.keys(accessPolicy).filter((key) => !registeredKeys().includes(key));
    expect(stale).toEqual([]);
  });

  it('has a matrix row for every registered route, and no row for a route that does not exist', () => {
    const registered = registeredKeys();
    expect(registered.length).toBeGreaterThan(10);
    expect(registered.filter((key) => !MATRIX.some((row) => row.route === key))).toEqual([]);
    expect(MATRIX.map((row) => row.route).filter((key) => !registered.includes(key))).toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.route}${row.variant ? ` (${row.variant})` : ''}`, async () => {
      const rowWorld = worldForRow(world);
      const got: Partial<Expected> = {};
      for (const caller of CALLERS) got[caller] = await statusFor(rowWorld, row, caller);
      expect(got).toEqual(row.expected);
    });
  }

  it('treats a garbage or forged token like no token on every route that refuses anonymous callers', async () => {
    const forged = `${world.people.admin.token.slice(0, -4)}AAAA`;
    for (const row of MATRIX.filter((r) => r.expected.anonymous === 401 && r.route !== 'GET /api/ws')) {
      // Both tokens must be refused whatever the request would do with its data: one set serves the two.
      const rowWorld = worldForRow(world, { everyFactoryOnce: true });
      for (const token of ['x.y.z', forged]) {
        expect(await statusFor(rowWorld, row, 'anonymous', { authorization: `Bearer ${token}` }), `${row.route} with ${token}`).toBe(401);
      }
    }
    // Two requests for each of the ~200 guarded routes, one after another: more than the default
    // 20 s beside Chromium on two busy cores, and it grows with every route.
  }, 120_000);
});

/**
 * The policy mechanism itself, on a small server with a table of its own: ids in params, query
 * and body, optional and required `self` fields, named resource checks with their bypass.
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
    await app.register(authPlugin, { jwtSecret: sessionKeyOf(ctx.config), loadSession: users.loadSession });
    await app.register(accessControlPlugin, { table });
    routes(app);
    await app.ready();
    return app;
  }

  const participants = new Map<number, number[]>(); // conversation id -> user ids
  const table: PolicyTable = {
    'PUT /users/:userId/notes': { roles: ANY_ROLE, ownership: [self('params.userId', { whenAbsent: 'forbid' })] },
    'POST /messages': {
      roles: ANY_ROLE,
      ownership: [self('body.senderId', { whenAbsent: 'pass' }), self('query.onBehalfOf', { whenAbsent: 'pass' })],
    },
    'POST /strict': { roles: ANY_ROLE, ownership: [self('body.senderId', { whenAbsent: 'forbid' })] },
    'GET /conversations/:id': { roles: ANY_ROLE, ownership: [resource('conversation-participant', 'params.id')] },
    'PUT /conversations/:id/take': { roles: STAFF, ownership: [resource('conversation-participant', 'params.id', { bypass: [] })] },
    'GET /staff': { roles: STAFF },
  };

  async function lettersLikeApp() {
    return policyApp(table, (app) => {
      app.accessControl.registerResourceCheck('conversation-participant', async (id, user) => {
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
      const messageSchema = {
        querystring: z.object({ onBehalfOf: z.coerce.number().int().optional() }),
        body: z.object({ senderId: z.number().int().optional(), content: z.string() }),
      };
      typed.post('/messages', { schema: messageSchema }, async (request) => {
        writes.push(`message ${request.body.content}`);
        return { ok: true };
      });
      typed.post('/strict', { schema: messageSchema }, async (request) => {
        writes.push(`strict ${request.body.content}`);
        return { ok: true };
      });
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
      policyApp({ 'GET /x/:id': { roles: ANY_ROLE, ownership: [resource('conversation-handler', 'params.id')] } }, (app) =>
        app.get('/x/:id', async () => 'x'),
      ),
    ).rejects.toThrow(/resource check "conversation-handler", which no module registered/);
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

  it("self rule: each present field must be the caller's; an absent one passes with whenAbsent 'pass' and is refused with 'forbid'", async () => {
    const app = await lettersLikeApp();
    const citizen = await createCitizen(ctx.app);
    const other = await createCitizen(ctx.app);
    const send = (url: string, body: object) => app.inject({ method: 'POST', url, payload: body, headers: citizen.headers });

    const before = writes.length;
    expectApiError(await send('/messages', { senderId: other.user.id, content: 'spoofed' }), 403);
    expectApiError(await send(`/messages?onBehalfOf=${other.user.id}`, { senderId: citizen.user.id, content: 'spoofed' }), 403);
    expectApiError(await send('/strict', { content: 'no sender given' }), 403);
    expect(writes.length).toBe(before);
    expect((await send('/messages', { senderId: citizen.user.id, content: 'mine' })).statusCode).toBe(200);
    expect((await send('/messages', { content: 'no sender given' })).statusCode).toBe(200);
    expect((await send(`/messages?onBehalfOf=${citizen.user.id}`, { content: 'mine' })).statusCode).toBe(200);
    expect((await send('/strict', { senderId: citizen.user.id, content: 'mine' })).statusCode).toBe(200);
  });

  it('resource rule: the check gets the id; participants pass, others and a missing resource get the same 403; bypass: [] checks admins too', async () => {
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

  it('permits(): the same rules for a WebSocket command, false instead of an error', async () => {
    const app = await lettersLikeApp();
    const citizen = await createCitizen(ctx.app);
    const stranger = await createCitizen(ctx.app);
    const admin = await createAdmin(ctx.app);
    participants.set(502, [citizen.user.id]);
    const follow = { roles: ANY_ROLE, ownership: [resource('conversation-participant', 'body.conversationId')] };
    const permits = (user: CreatedUser, conversationId: number) =>
      app.accessControl.permits(follow, { body: { conversationId } }, user.user);

    expect(await permits(citizen, 502)).toBe(true);
    expect(await permits(stranger, 502)).toBe(false);
    expect(await permits(citizen, 999)).toBe(false); // the check's 404
    expect(await permits(admin, 999)).toBe(true); // admins bypass by default
    expect(await app.accessControl.permits({ roles: STAFF }, {}, citizen.user)).toBe(false);
  });

  it('resource rule by UUID: the check gets the UUID as text; anything else is refused before the check runs', async () => {
    const owners = new Map<string, number>();
    const seen: unknown[] = [];
    const app = await policyApp({ 'GET /files/:uuid': { roles: ANY_ROLE, ownership: [resource('document-owner', 'params.uuid')] } }, (scope) => {
      scope.accessControl.registerResourceCheck('document-owner', async (uuid, user) => {
        seen.push(uuid);
        const owner = owners.get(uuid);
        if (owner === undefined) throw notFound();
        return owner === user.id;
      });
      scope.get('/files/:uuid', async () => ({ ok: true }));
    });
    const citizen = await createCitizen(ctx.app);
    const stranger = await createCitizen(ctx.app);
    const uuid = '6f1c1e1a-93b4-4d5e-8a37-2c1f0e9d8b7a';
    owners.set(uuid, citizen.user.id);

    expect((await app.inject({ url: `/files/${uuid}`, headers: citizen.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: `/files/${uuid.toUpperCase()}`, headers: citizen.headers })).statusCode).toBe(200);
    expectApiError(await app.inject({ url: `/files/${uuid}`, headers: stranger.headers }), 403);
    // Unknown: the same 403 as someone else's (the check's 404 is not revealed).
    expectApiError(await app.inject({ url: '/files/0b6a2f4e-8a53-4c1e-9d55-2b1f0c3e4d5a', headers: citizen.headers }), 403);
    const before = seen.length;
    for (const bad of ['1', 'not-a-uuid', `${uuid}x`]) {
      expectApiError(await app.inject({ url: `/files/${bad}`, headers: citizen.headers }), 403);
    }
    expect(seen.length).toBe(before);
    expect(seen.every((value) => typeof value === 'string')).toBe(true);
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
