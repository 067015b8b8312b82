import { ROLES, type Role } from '@portal/contract';

/*
 * THE access policy: every route the server registers has exactly one entry here, keyed by
 * `METHOD /fastify/url/:pattern`. plugins/access-control.ts enforces it for every request:
 *   - a route without an entry cannot even be registered (the server refuses to boot);
 *   - `roles: 'public'` routes skip authentication;
 *   - otherwise no valid token -> 401, a role not listed -> 403 (before the body is parsed);
 *   - then, after validation and before the handler, each `ownership` rule must pass -> else 403.
 * HEAD requests use the GET entry unless a HEAD entry exists.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type RouteKey = `${HttpMethod} ${string}`;

/** Where an id sits in the validated request: `params.userId`, `query.employeeId`, `body.senderId`. */
export type RequestField = `${'params' | 'query' | 'body'}.${string}`;

export type OwnershipRule =
  /**
   * The id at `field` must equal the caller's id. A request without that field passes (optional
   * fields: the service then acts for the caller). Roles in `bypass` (default ADMIN) skip the rule.
   */
  | { kind: 'self'; field: RequestField; bypass?: readonly Role[] }
  /**
   * A named check a module registers with `app.accessControl.registerResourceCheck(name, fn)`;
   * fn(request, user) resolves true to allow, false for 403, or throws an ApiError (e.g. 404).
   * Roles in `bypass` (default ADMIN) skip it; pass `bypass: []` to check everyone.
   */
  | { kind: 'resource'; check: string; bypass?: readonly Role[] };

export interface RoutePolicy {
  roles: 'public' | readonly Role[];
  /** Every rule must pass. */
  ownership?: readonly OwnershipRule[];
  /** Why the route has this policy, when it is not obvious. */
  note?: string;
}

export const ANY_ROLE: readonly Role[] = ROLES;
export const STAFF: readonly Role[] = ['EMPLOYEE', 'ADMIN'];
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/** Shorthand for `{ kind: 'self', field }`. */
export const self = (field: RequestField, bypass?: readonly Role[]): OwnershipRule =>
  bypass ? { kind: 'self', field, bypass } : { kind: 'self', field };
/** Shorthand for `{ kind: 'resource', check }`. */
export const resource = (check: string, bypass?: readonly Role[]): OwnershipRule =>
  bypass ? { kind: 'resource', check, bypass } : { kind: 'resource', check };

export const accessPolicy = {
  // Infrastructure
  'GET /healthz': { roles: 'public' },
  'GET /api/docs': { roles: 'public', note: 'OpenAPI document; describes routes, holds no data' },
  'OPTIONS *': { roles: 'public', note: 'CORS preflight (@fastify/cors)' },
  'GET /*': {
    roles: 'public',
    note: 'Built web app (@fastify/static) with the SPA fallback to index.html; registered only when WEB_DIST exists',
  },

  // Auth (spec section 7)
  'POST /login': { roles: 'public' },
  'POST /register': { roles: 'public' },

  // Users
  'GET /api/users/me': { roles: ANY_ROLE },
  'GET /api/users': { roles: STAFF, note: 'Create Obligations picks a user from this list' },

  // Letters and conversations (spec sections 4 and 7)
  'POST /api/letters': {
    roles: ANY_ROLE,
    ownership: [self('body.userID')],
    note: 'Every role may write from the User Dashboard; only an admin on behalf of someone else',
  },
  'GET /api/conversations': {
    roles: STAFF,
    ownership: [self('query.employeeId')],
    note: 'OPEN lists all open conversations; other statuses the caller\'s own (an admin may name anyone)',
  },
  'PUT /api/conversations/:id/take': { roles: STAFF, ownership: [self('query.employeeId')] },
  'PUT /api/conversations/:id/status': {
    roles: STAFF,
    note: 'The service allows only IN_PROGRESS -> RESOLVED, by the employee who took it or an admin',
  },
  'GET /api/conversations/:id/messages': { roles: ANY_ROLE, ownership: [resource('conversation-participant')] },
  'POST /api/conversations/:id/messages/send': {
    roles: ANY_ROLE,
    // Nobody, not even an admin, writes in someone else's name.
    ownership: [self('body.senderId', []), resource('conversation-participant')],
  },
  'GET /api/conversations/user/:userId': { roles: ANY_ROLE, ownership: [self('params.userId')] },
  // Case resolutions and their documents (spec sections 4, 6 and 7)
  'POST /api/case-resolution/create/VehicleRegistration': {
    roles: ['USER', 'ADMIN'],
    ownership: [self('body.caseResolutionDTO.userId')],
    note: 'Citizens open cases for themselves (an absent userId means the caller); an admin may name another user',
  },
  'GET /api/case-resolution/status/:status': {
    roles: ANY_ROLE,
    note: 'Staff list every case in the status; the service lists a citizen\'s own only',
  },
  'GET /api/case-resolution/user/:userId': { roles: ANY_ROLE, ownership: [self('params.userId', STAFF)] },
  'GET /api/case-resolution/details/:id': { roles: ANY_ROLE, ownership: [resource('case-owner', STAFF)] },
  'PUT /api/case-resolution/:id/update-status/:status': { roles: STAFF },
  'POST /api/case-resolution/:id/add-document': {
    roles: ['USER', 'ADMIN'],
    ownership: [resource('case-owner')],
    note: 'Checked before the body is read: a refused upload is not taken in',
  },
  'POST /api/documents/case': { roles: ANY_ROLE, ownership: [resource('case-owner-body', STAFF)] },
  'GET /api/documents/:uuid': { roles: ANY_ROLE, ownership: [resource('document-owner', STAFF)] },
  'GET /api/documents/:uuid/download': { roles: ANY_ROLE, ownership: [resource('document-owner', STAFF)] },
  'GET /api/ws': {
    roles: ANY_ROLE,
    note: 'WebSocket: live messages and status changes of the caller\'s own conversations only',
  },
} as const satisfies Record<RouteKey, RoutePolicy>;

export type PolicyTable = Readonly<Record<string, RoutePolicy | undefined>>;

/** The entry for a request or route; HEAD falls back to GET. */
export function policyFor(method: string, url: string, table: PolicyTable = accessPolicy): RoutePolicy | undefined {
  const upper = method.toUpperCase();
  return table[`${upper} ${url}`] ?? (upper === 'HEAD' ? table[`GET ${url}`] : undefined);
}
