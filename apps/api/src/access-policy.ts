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
  /** The employee handling the conversation, who may hand it on; 409 while nobody does or once resolved (letters). */
  | 'conversation-transferrer'
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
  | 'notification-owner'
  /** The citizen whose letter's (by its id, L-n) or case's timeline is read (timeline). */
  | 'letter-timeline-reader'
  | 'case-timeline-reader'
  /** The citizen who wrote the letter (by its id, L-n) to be rated (letters). */
  | 'letter-owner';

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

  // Getting back into an account (issue 35): change password; an admin's reset link and its signed-out page
  'POST /api/account/password': { roles: ANY_ROLE, note: 'The caller\'s own password, with the current one; throttled like a login' },
  'POST /api/users/:id/password-reset': { roles: ADMIN_ONLY, note: 'Any account but the caller\'s own (409); per account 3 an hour; audited' },
  'POST /api/password-reset/check': { roles: 'public', note: 'Whether a reset link works; only its hash is stored; rate-limited per address' },
  'POST /api/password-reset': { roles: 'public', note: 'A reset link sets a new password once; rate-limited per address' },

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
  'GET /api/notifications/unsubscribe/:token': { roles: 'public', note: 'The page of the link: says what the POST does, with its button' },
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
  'PUT /api/case-resolution/:id/complicated': {
    roles: STAFF,
    note: 'A clerk finds a case particularly complicated (KPA art. 35 §3): its longer term, with the reason; audited',
  },
  // Answering back on a case (issue 32 points 7 and 8): the owner's delivery, answers and appeals; staff ask
  'GET /api/case-resolution/:id/answers': {
    roles: ANY_ROLE,
    ownership: [resource('case-owner', 'params.id', { bypass: STAFF })],
    note: 'The decision\'s delivery and appeal, the requests to supplement: the owner and staff',
  },
  'POST /api/case-resolution/:id/delivery': {
    roles: ['USER'],
    ownership: [resource('case-owner', 'params.id')],
    note: 'Only the owner opening the decision delivers it; staff reading it never counts',
  },
  'POST /api/case-resolution/:id/supplement-requests': { roles: STAFF, note: 'Staff ask the citizen to supplement (the clock pauses); audited' },
  'POST /api/case-resolution/:id/supplement-answer': {
    roles: ['USER'],
    ownership: [resource('case-owner', 'params.id')],
    note: 'The owner answers with text and PDFs already uploaded to the case; receipt',
  },
  'POST /api/case-resolution/:id/appeal': {
    roles: ['USER'],
    ownership: [resource('case-owner', 'params.id')],
    note: 'The owner appeals a rejection within 14 days of its delivery, once per decision; receipt',
  },
  // The desk (issue 33): staff's case lists and internal notes; notes never reach a citizen
  'GET /api/case-resolution/staff/:view': { roles: STAFF, note: 'In progress, the caller\'s own (Mine), decided, appeals, waiting for the citizen' },
  'GET /api/case-resolution/:id/notes': { roles: STAFF, note: 'Internal notes: staff only' },
  'POST /api/case-resolution/:id/notes': { roles: STAFF, note: 'Internal notes: staff only; audited' },
  'GET /api/conversations/:id/notes': { roles: STAFF, note: 'Internal notes: staff only' },
  'POST /api/conversations/:id/notes': { roles: STAFF, note: 'Internal notes: staff only; audited' },
  // Canned replies (issue 33 point 4): staff only; a department's are the admins' to change, a
  // personal one its owner's (the service: 403 for another's); filling needs the conversation in hand.
  'GET /api/reply-templates': { roles: STAFF, note: 'The departments\' templates and the caller\'s own' },
  'POST /api/reply-templates': { roles: STAFF, note: 'A department template: admins only (service, 403); a personal one: the caller\'s; audited' },
  'PUT /api/reply-templates/:id': { roles: STAFF, note: 'Another\'s personal template: 403; a department\'s: admins only (service); audited' },
  'DELETE /api/reply-templates/:id': { roles: STAFF, note: 'As PUT; audited' },
  'POST /api/reply-templates/:id/fill': {
    roles: STAFF,
    ownership: [resource('conversation-participant', 'body.conversationId')],
    note: 'Filled for a conversation the caller handles (admins any); another\'s personal template: 404',
  },
  'GET /api/matters': { roles: ['USER'], note: 'My matters (issue 32): only the caller\'s own letters, cases and obligations; no id to name another\'s' },
  // Late terms (issue 32 points 5-6): the matter's clock, staff's delay notice, the owner's prompt, the admins' answer
  'GET /api/conversations/:id/deadline': {
    roles: ANY_ROLE,
    ownership: [resource('conversation-participant', 'params.id', { bypass: STAFF })],
    note: 'The citizen of the letter or any staff (the open queue shows every letter to staff)',
  },
  'GET /api/case-resolution/:id/deadline': { roles: ANY_ROLE, ownership: [resource('case-owner', 'params.id', { bypass: STAFF })] },
  'POST /api/conversations/:id/delay-notice': { roles: STAFF, note: 'Any clerk may send it, also for a letter nobody took yet; audited, receipt to the citizen' },
  'POST /api/case-resolution/:id/delay-notice': { roles: STAFF, note: 'Any clerk may send it; audited, receipt to the citizen' },
  'POST /api/conversations/:id/prompt': {
    roles: ['USER'],
    ownership: [resource('conversation-participant', 'params.id', { bypass: [] })],
    note: 'Only the letter\'s citizen; another\'s letter is 403 like an unknown one',
  },
  'POST /api/case-resolution/:id/prompt': {
    roles: ['USER'],
    ownership: [resource('case-owner', 'params.id', { bypass: [] })],
    note: 'Only the case\'s citizen; another\'s case is 403 like an unknown one',
  },
  'GET /api/prompts': { roles: ADMIN_ONLY, note: 'Open prompts: the admins are the higher authority inside the portal (art. 37)' },
  'POST /api/prompts/:id/answer': { roles: ADMIN_ONLY, note: 'Once per prompt; audited, receipt to the citizen' },
  // Handing work on (issue 33 points 6-7) and a citizen reopening a resolved letter (issue 32 point 8)
  'PUT /api/conversations/:id/transfer': {
    roles: STAFF,
    ownership: [resource('conversation-transferrer', 'params.id')],
    note: 'The clerk handling it hands it to a department or a colleague; an admin any open or in-progress one; audited',
  },
  'PUT /api/conversations/:id/release': { roles: ADMIN_ONLY, note: 'Back to the open queue, with a reason for the former clerk; audited' },
  'PUT /api/conversations/:id/reopen': {
    roles: ['USER'],
    ownership: [resource('conversation-participant', 'params.id', { bypass: [] })],
    note: 'Only its citizen, within the admin\'s window, at most 3 times; audited',
  },
  'GET /api/conversations/:id/handoffs': {
    roles: ANY_ROLE,
    ownership: [resource('conversation-participant', 'params.id', { bypass: STAFF })],
    note: 'Its citizen and staff: the reasons are written for the citizen',
  },
  'GET /api/colleagues': { roles: STAFF, note: 'Names of active staff only (whom to hand a letter to)' },
  'GET /api/desk-settings': { roles: ADMIN_ONLY },
  'PUT /api/desk-settings': { roles: ADMIN_ONLY, note: 'Stale-assignment working days and the reopening window; audited' },
  'PUT /api/case-resolution/:id/reassign': { roles: ADMIN_ONLY, note: 'An admin gives a case in progress to another employee; audited' },
  'PUT /api/case-resolution/:id/release': { roles: ADMIN_ONLY, note: 'Back to the pending list, with a reason for the former clerk; audited' },
  'GET /api/stale-assignments': { roles: ADMIN_ONLY, note: 'The admins\' view of taken letters and cases nobody acted on' },
  'GET /api/contacts/:userId': { roles: STAFF, note: 'A citizen\'s contact panel, in the staff projection (no email, phone, birth date)' },
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
  // A matter's timeline (issue 32 point 2): its owner and staff (staff also read internal notes)
  'GET /api/timeline/letters/:id': {
    roles: ANY_ROLE,
    ownership: [resource('letter-timeline-reader', 'params.id', { bypass: STAFF })],
  },
  'GET /api/timeline/cases/:id': {
    roles: ANY_ROLE,
    ownership: [resource('case-timeline-reader', 'params.id', { bypass: STAFF })],
  },
  // Rating a resolved letter (issue 32 point 8): its writer, once; or anyone holding the email's signed link
  'GET /api/letters/:id/rating': {
    roles: ['USER'],
    ownership: [resource('letter-owner', 'params.id', { bypass: [] })],
  },
  'POST /api/letters/:id/rating': {
    roles: ['USER'],
    ownership: [resource('letter-owner', 'params.id', { bypass: [] })],
    note: 'Once per letter, only once resolved (409 otherwise); audited',
  },
  'GET /api/ratings/:token': {
    roles: 'public',
    note: 'The email link\'s page: the letter\'s reference and subject; a signed, single-use token that expires after 30 days',
  },
  'POST /api/ratings/:token': {
    roles: 'public',
    note: 'Rates the letter the signed token names, once (409), until the token expires (410); audited',
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
  'POST /api/sessions/:sessionId/end': { roles: ANY_ROLE, note: 'One of the caller\'s own other sessions (the service finds it among theirs only: 404 otherwise)' },
  'POST /api/users/:id/sessions/end': {
    roles: ADMIN_ONLY,
    note: 'Only EMPLOYEE or ADMIN accounts, never the caller\'s own (409 from the service); audited',
  },

  // A person's own data (issue 21)
  'GET /api/my-data/export': { roles: ANY_ROLE, note: 'The caller\'s own data only; rate-limited per person in the database' },
  'GET /api/my-data/closure': { roles: ANY_ROLE, note: 'The caller\'s own request' },
  'POST /api/my-data/closure': { roles: ['USER'], note: 'Citizens ask to close their own account' },
  'DELETE /api/my-data/closure': { roles: ['USER'], note: 'Citizens withdraw their own pending request' },
  'GET /api/account-closures': { roles: ADMIN_ONLY },
  'POST /api/account-closures/:id/approve': { roles: ADMIN_ONLY, note: 'Pseudonymises the account; audited' },
  'POST /api/account-closures/:id/refuse': { roles: ADMIN_ONLY, note: 'Refuses with a reason the citizen reads; audited' },

  // Audit trail of staff actions (issue 10)
  // The office's legal clock (issue 32): the admin's terms; a clerk's "particularly complicated" is with the cases above
  'GET /api/terms/letters': { roles: ADMIN_ONLY },
  'PUT /api/terms/letters': { roles: ADMIN_ONLY, note: 'Letters that arrive later get the new term; audited' },
  'GET /api/terms/cases': { roles: ADMIN_ONLY },
  'PUT /api/terms/cases': { roles: ADMIN_ONLY, note: 'Cases submitted later get the new terms; audited' },
  'GET /api/audit': { roles: ADMIN_ONLY },
  'GET /api/audit/export.csv': { roles: ADMIN_ONLY },
  'GET /api/audit/verify': { roles: ADMIN_ONLY },

  // The office's performance (issue 33 points 8 and 9): the admins' dashboard; the public open data
  'GET /api/admin/performance': { roles: ADMIN_ONLY, note: 'Counts per department and week; names no person' },
  'GET /api/admin/performance.csv': { roles: ADMIN_ONLY },
  'GET /api/public/performance': { roles: 'public', note: 'Open data: counts and medians of 10 matters or more, no person; rate-limited per address' },
  'GET /api/public/performance.csv': { roles: 'public', note: 'The same open data as CSV; rate-limited per address' },
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
