// The WebSocket protocol of /api/ws, shared by the API and the web client. Authentication is the
// HTTP handshake's: the Bearer header (clients outside a browser), the auth cookie (a page on the
// API's own origin), or a one-use ticket (a page on another host). No session token ever travels
// in an address, where proxies and access logs would keep it. After the handshake, frames are JSON text.

export const REALTIME_PATH = '/api/ws';
/**
 * POST, authenticated: a ticket that opens ONE socket within REALTIME_TICKET_LIFETIME_SECONDS. A
 * page on another host needs it: browsers cannot set headers on a WebSocket, and that page has
 * no cookie for the API's host.
 */
export const REALTIME_TICKET_PATH = '/api/ws/ticket';
/** The query parameter of REALTIME_PATH that carries the ticket. */
export const REALTIME_TICKET_PARAM = 'ticket';
export const REALTIME_TICKET_LIFETIME_SECONDS = 30;

/** Close codes of /api/ws; 4000-4999 are the application's own. */
export const CLOSE_NORMAL = 1000;
/** The account was deactivated while connected: reconnecting would be refused too. */
export const CLOSE_ACCOUNT_INACTIVE = 4401;
/** The client sent commands faster than its limit (RFC 6455 "policy violation"). */
export const CLOSE_POLICY_VIOLATION = 1008;
