import { type RealtimeClientCommand, ROLES, type Role } from '@portal/contract';

/*
 * THE access policy: every route the server registers has exactly one entry here, keyed by
 * `METHOD /fastify/url/:pattern`. plugins/access-control.ts enforces it for every request:
 *   - a route without an entry cannot even be registered (the server refuses to boot);
 *   - `roles: 'public'` routes skip authentication;
 *   - otherwise no valid token -> 401, a role not listed -> 403 (before the body is parsed);
 *   - then, after validation and before the handler, each `ownership` rule must pass -> else 403
 *     (or the 409 a resource check throws; its 404 answers 403, so ids cannot be probed).
 * HEAD requests use the GET entry unless a HEAD entry exists.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type RouteKey = `${HttpMethod} ${string}`;

/** Where an id sits in the validated request: `params.userId`, `query.employeeId`, `body.senderId`. */
export type RequestField = `${'params' | 'query' | 'body'}.${string}`;

/**
 * Every named ownership check a module may register, with what it means. A module adding a check
 * adds its name here (the compiler then knows it everywhere: registration, rules, tests) and
 * registers it with `app.accessControl.registerResourceCheck(name, fn)` in its index.ts.
 */
export type ResourceCheckName =
  /** The conversation's citizen or the employee who took it (letters). */
  | 'conversation-participant'
  /** The employee who took the conversation; one nobody took yet is refused with 409 (letters). */
  | 'conversation-handler'
  /** The citizen the case resolution belongs to (cases). */
  | 'case-owner'
  /** The citizen whose case the document (by UUID) belongs to (cases). */
  | 'document-owner'
  /** The person a receipt concerns; staff may read any (receipts). */
  | 'receipt-reader'
  /** The citizen whose conversation's receipts are listed (receipts). */
  | 'conversation-receipts-reader'
  /** The citizen whose case's receipts are listed (receipts). */
  | 'case-receipts-reader'
  /** The person a portal notification was written for (notifications). */
  | 'notification-owner';

/**
 * Checks whose resources are named by a UUID (text); every other check gets an integer id. A
 * value of the wrong shape never reaches the check: the rule refuses it (403).
 */
export const UUID_RESOURCE_CHECKS = ['document-owner'] as const satisfies readonly ResourceCheckName[];

/** The id a check receives: a UUID string for the checks above, else a number. */
export type ResourceIdOf<N extends ResourceCheckName> = N extends (typeof UUID_RESOURCE_CHECKS)[number] ? string : number;

export type OwnershipRule =
  /**
   * The id at `field` must equal the caller's id. `whenAbsent` says what a request without that
   * field gets: 'pass' (an optional field: the service then acts for the caller) or 'forbid' (403).
   * Roles in `bypass` (default ADMIN) skip the rule.
   */
  | { kind: 'self'; field: RequestField; whenAbsent: 'pass' | 'forbid'; bypass?: readonly Role[] }
  /**
   * The check registered under `check` gets the id at `id` (a number, or a UUID string for the
   * UUID_RESOURCE_CHECKS) and the caller; it resolves true to allow, false for 403, or throws an
   * ApiError. A 404 thrown by a check is answered 403 too: a caller the rule applies to cannot tell
   * a resource that is not theirs from one that does not exist. A request without that id is
   * refused (403). Roles in `bypass` (default ADMIN) skip it; pass `bypass: []` to check everyone.
   */
  | { kind: 'resource'; check: ResourceCheckName; id: RequestField; bypass?: readonly Role[] };

export interface RoutePolicy {
  roles: 'public' | readonly Role[];
  /** Every rule must pass. */
  ownership?: readonly OwnershipRule[];
  /** Why the route has this policy, when it is not obvious. */
  note?: string;
  /**
   * Two-factor (issue 21): an enrolment-only session (a staff sign-in under STAFF_2FA=required
   * without a second factor) may call this route; every other route answers it 403.
   */
  duringEnrolment?: true;
}

export const ANY_ROLE: readonly Role[] = ROLES;
export const STAFF: readonly Role[] = ['EMPLOYEE', 'ADMIN'];
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/** `self('query.employeeId', { whenAbsent: 'pass' })`: the id at `field` is the caller's. */
export const self = (
  field: RequestField,
  options: { whenAbsent: 'pass' | 'forbid'; bypass?: readonly Role[] },
): OwnershipRule => ({ kind: 'self', field, ...options });

/** `resource('conversation-participant', 'params.id')`: the named check allows the caller this id. */
export const resource = (check: ResourceCheckName, id: RequestField, options: { bypass?: readonly Role[] } = {}): OwnershipRule => ({
  kind: 'resource',
  check,
  id,
  ...options,
});

export const accessPolicy = {
  // Infrastructure
  'GET /healthz': { roles: 'public' },
  'GET /readyz': { roles: 'public' },
  // Not a person's route: METRICS_TOKEN in the Bearer header, checked by the metrics plugin.
  'GET /metrics': { roles: 'public' },
  'GET /api/docs': { roles: 'public', note: 'OpenAPI document; describes routes, holds no data' },
  'OPTIONS *': { roles: 'public', note: 'CORS preflight (@fastify/cors)' },
  'GET /*': {
    roles: 'public',
    note: 'Built web app (@fastify/static) with the SPA fallback to index.html; registered only when WEB_DIST exists',
  },

  // Auth (spec section 7)
  'POST /login': { roles: 'public' },
  'POST /register': { roles: 'public' },
  'POST /logout': { roles: ANY_ROLE, duringEnrolment: true, note: 'Revokes the token it is called with (issue 8)' },

  // Two-factor sign-in (issue 21): the second step of a login, passkeys, the caller's own set-up
  'POST /login/second-factor': { roles: 'public', note: 'Exchanges the challenge of POST /login and a code for the token; throttled like a password' },
  'POST /login/passkey/options': { roles: 'public', note: 'WebAuthn options for a second step (with the challenge) or a passwordless sign-in' },
  'POST /login/passkey': { roles: 'public', note: 'A passkey\'s answer exchanged for the token' },
  'GET /api/two-factor': { roles: ANY_ROLE, duringEnrolment: true, note: 'The caller\'s own set-up; never a secret' },
  'POST /api/two-factor/totp/setup': { roles: ANY_ROLE, duringEnrolment: true, note: 'A new secret for the caller (replaces an unconfirmed one)' },
  'POST /api/two-factor/totp/confirm': { roles: ANY_ROLE, duringEnrolment: true, note: 'The first code turns it on; throttled like a password' },
  'POST /api/two-factor/recovery-codes': { roles: ANY_ROLE, note: 'New recovery codes for the caller; the old ones stop working' },
  'DELETE /api/two-factor': { roles: ANY_ROLE, note: 'The caller turns their own second factor off (refused for staff under STAFF_2FA=required)' },
  'POST /api/two-factor/passkeys/options': { roles: ANY_ROLE, duringEnrolment: true },
  'POST /api/two-factor/passkeys': { roles: ANY_ROLE, duringEnrolment: true, note: 'Registers a passkey for the caller' },
  'DELETE /api/users/:id/two-factor': {
    roles: ADMIN_ONLY,
    note: 'An admin removes a staff member\'s second factor (audited); they set it up again at their next sign-in',
  },

  // Users
  'GET /api/users/me': { roles: ANY_ROLE, duringEnrolment: true },
  'GET /api/users': { roles: STAFF, note: 'Create Obligations picks a user from this list (or a page of a search)' },
  'GET /api/users/labels': { roles: STAFF, note: 'The label panel of Create Obligations' },
  'PUT /api/users/me/language': { roles: ANY_ROLE, duringEnrolment: true, note: 'The web language switch; the caller\'s emails follow it' },

  // Notifications (issue 18)
  'GET /api/notifications': { roles: ANY_ROLE, note: 'The caller\'s own list' },
  'PUT /api/notifications/:id/read': {
    roles: ANY_ROLE,
    ownership: [resource('notification-owner', 'params.id', { bypass: [] })],
    note: 'Only the recipient, admins included: an entry is personal',
  },
  'PUT /api/notifications/read-all': { roles: ANY_ROLE, note: 'The caller\'s own list' },
  'GET /api/notification-settings': { roles: ANY_ROLE, note: 'The caller\'s own settings' },
  'PUT /api/notification-settings': { roles: ANY_ROLE, note: 'The caller\'s own settings' },
  'POST /api/notifications/unsubscribe/:token': {
    roles: 'public',
    note: 'RFC 8058 one-click from a mail client: the HMAC-signed token names the person and the one category it switches off',
  },
  'GET /api/notifications/failed': { roles: ADMIN_ONLY, note: 'Emails that failed for good, with the reason' },

  // Letters and conversations (spec sections 4 and 7)
  'POST /api/letters': {
    roles: ANY_ROLE,
    ownership: [self('body.userID', { whenAbsent: 'forbid' })],
    note: 'Every role may write from the User Dashboard; only an admin on behalf of someone else',
  },
  'GET /api/conversations': {
    roles: STAFF,
    ownership: [self('query.employeeId', { whenAbsent: 'pass' })],
    note: 'OPEN lists all open conversations; other statuses the caller\'s own (an admin may name anyone)',
  },
  'PUT /api/conversations/:id/take': {
    roles: STAFF,
    ownership: [self('query.employeeId', { whenAbsent: 'pass' })],
    note: 'Without employeeId the caller takes it; an admin may assign it to an employee',
  },
  'PUT /api/conversations/:id/status': {
    roles: STAFF,
    ownership: [resource('conversation-handler', 'params.id')],
    note: 'The service then allows only IN_PROGRESS -> RESOLVED',
  },
  'GET /api/conversations/:id/messages': {
    roles: ANY_ROLE,
    ownership: [resource('conversation-participant', 'params.id')],
  },
  'PUT /api/conversations/:id/read': {
    roles: ANY_ROLE,
    ownership: [resource('conversation-participant', 'params.id')],
    note: 'Moves the caller\'s own read mark (unread counts); an admin reading any chat marks only their own',
  },
  'POST /api/conversations/:id/messages/send': {
    roles: ANY_ROLE,
    // Nobody, not even an admin, writes in someone else's name.
    ownership: [self('body.senderId', { whenAbsent: 'forbid', bypass: [] }), resource('conversation-participant', 'params.id')],
  },
  'GET /api/conversations/user/:userId': {
    roles: ANY_ROLE,
    ownership: [self('params.userId', { whenAbsent: 'forbid' })],
  },
  // Financial obligations (spec sections 6 and 7)
  'GET /api/financial-obligations/by-interest-id/:userId': {
    roles: ANY_ROLE,
    ownership: [self('params.userId', { whenAbsent: 'forbid', bypass: STAFF })],
    note: 'A citizen reads only their own obligations; employees and admins anyone\'s',
  },
  'POST /api/financial-obligations': { roles: STAFF, note: 'The service checks that interestId is an existing citizen (USER)' },
  // Case resolutions and their documents (spec sections 4, 6 and 7)
  'POST /api/case-resolution/create/VehicleRegistration': {
    roles: ['USER', 'ADMIN'],
    ownership: [self('body.caseResolutionDTO.userId', { whenAbsent: 'pass' })],
    note: 'A citizen opens cases for themself (no userId: the caller); an admin may name another user; employees only list',
  },
  'GET /api/case-resolution/status/:status': {
    roles: ANY_ROLE,
    note: 'Staff list every case in the status; the service lists a citizen\'s own only',
  },
  'GET /api/case-resolution/user/:userId': {
    roles: ANY_ROLE,
    ownership: [self('params.userId', { whenAbsent: 'forbid', bypass: STAFF })],
  },
  'GET /api/case-resolution/details/:id': {
    roles: ANY_ROLE,
    ownership: [resource('case-owner', 'params.id', { bypass: STAFF })],
  },
  'PUT /api/case-resolution/:id/update-status/:status': {
    roles: STAFF,
    note: 'Any of the four statuses in any order (spec section 4); audited',
  },
  'POST /api/case-resolution/:id/add-document': {
    roles: ['USER', 'ADMIN'],
    ownership: [resource('case-owner', 'params.id')],
    note: 'Checked before the body is read: a refused upload is never taken in',
  },
  'POST /api/documents/case': {
    roles: ANY_ROLE,
    ownership: [resource('case-owner', 'body.id', { bypass: STAFF })],
  },
  'GET /api/documents/:uuid': {
    roles: ANY_ROLE,
    ownership: [resource('document-owner', 'params.uuid', { bypass: STAFF })],
  },
  'GET /api/documents/:uuid/download': {
    roles: ANY_ROLE,
    ownership: [resource('document-owner', 'params.uuid', { bypass: STAFF })],
  },
  // Signed receipts (issue 20): the person concerned and staff; the check is public
  'GET /api/receipts/conversation/:id': {
    roles: ANY_ROLE,
    ownership: [resource('conversation-receipts-reader', 'params.id', { bypass: STAFF })],
  },
  'GET /api/receipts/case/:id': {
    roles: ANY_ROLE,
    ownership: [resource('case-receipts-reader', 'params.id', { bypass: STAFF })],
  },
  'GET /api/receipts/:id': {
    roles: ANY_ROLE,
    ownership: [resource('receipt-reader', 'params.id', { bypass: STAFF })],
  },
  'POST /api/receipts/verify': {
    roles: 'public',
    note: 'Anyone holding a receipt may check it; the answer names what it proves, nothing about the person',
  },
  'GET /api/ws': {
    roles: ANY_ROLE,
    note: 'WebSocket (the server\'s one hub): live events of the caller\'s own conversations and cases; commands below',
  },
  'POST /api/ws/ticket': {
    roles: ANY_ROLE,
    note: 'A one-use, 30-second ticket for GET /api/ws from a page on another host (no token in any address)',
  },

  // Admin Dashboard: employees (spec sections 2, 6 and 7)
  'POST /register/employee': { roles: ADMIN_ONLY },
  'GET /api/users/employees': { roles: ADMIN_ONLY },
  'PUT /api/users/deactivate/:id': {
    roles: ADMIN_ONLY,
    note: 'Only EMPLOYEE accounts, never the caller\'s own (409 from the service)',
  },
  'PUT /api/users/activate/:id': { roles: ADMIN_ONLY, note: 'Only EMPLOYEE accounts (409 from the service)' },

  // Sessions people can see and end (issue 21)
  'GET /api/sessions': { roles: ANY_ROLE, note: 'The caller\'s own sessions' },
  'POST /api/sessions/refresh': { roles: ANY_ROLE, note: '"Stay signed in": a new token, the calling one revoked' },
  'POST /api/sessions/end-others': { roles: ANY_ROLE, note: 'The caller\'s own other sessions' },
  'POST /api/users/:id/sessions/end': {
    roles: ADMIN_ONLY,
    note: 'Only EMPLOYEE or ADMIN accounts, never the caller\'s own (409 from the service); audited',
  },

  // A person's own data (issue 21)
  'GET /api/my-data/export': { roles: ANY_ROLE, note: 'The caller\'s own data only; rate-limited per person in the database' },
  'GET /api/my-data/closure': { roles: ANY_ROLE, note: 'The caller\'s own request' },
  'POST /api/my-data/closure': { roles: ['USER'], note: 'Citizens ask to close their own account' },
  'GET /api/account-closures': { roles: ADMIN_ONLY },
  'POST /api/account-closures/:id/approve': { roles: ADMIN_ONLY, note: 'Pseudonymises the account; audited' },

  // Audit trail of staff actions (issue 10)
  'GET /api/audit': { roles: ADMIN_ONLY },
  'GET /api/audit/export.csv': { roles: ADMIN_ONLY },
  'GET /api/audit/verify': { roles: ADMIN_ONLY },
} as const satisfies Record<RouteKey, RoutePolicy>;

export type PolicyTable = Readonly<Record<string, RoutePolicy | undefined>>;

/** What a client may send over an open GET /api/ws socket (the contract's realtimeClientCommand). */
export type LiveCommandType = RealtimeClientCommand['type'];

/**
 * The commands of GET /api/ws, checked like routes: the socket's user is the caller and the
 * command is the body (`body.conversationId`). A command refused here is ignored.
 */
export const liveCommandPolicy = {
  subscribe: {
    roles: ANY_ROLE,
    ownership: [resource('conversation-participant', 'body.conversationId')],
    note: 'Follow a conversation the caller may read (an admin: any, to watch a chat)',
  },
  unsubscribe: { roles: ANY_ROLE, note: 'Stops following; reveals nothing' },
} as const satisfies Record<LiveCommandType, RoutePolicy>;

/** The entry for a request or route; HEAD falls back to GET. */
export function policyFor(method: string, url: string, table: PolicyTable = accessPolicy): RoutePolicy | undefined {
  const upper = method.toUpperCase();
  return table[`${upper} ${url}`] ?? (upper === 'HEAD' ? table[`GET ${url}`] : undefined);
}
