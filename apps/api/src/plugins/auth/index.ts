import { AUTH_COOKIE_NAME, authApiMessages, httpMessages, REALTIME_TICKET_PARAM, sessionMessages, type UserResponse } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiError, forbidden, unauthorized } from '../api-error.js';
import { isSameSite } from './same-site.js';
import { createTokenService, type TicketSession, type TokenService } from './tokens.js';

export { argon2Verifier, hashPassword, type PasswordVerifier, verifyPassword, verifyAgainstDummy } from './passwords.js';
export { createTokenService, TOKEN_CLAIMS, type SignOptions, type TicketSession, type TokenService, type VerifiedTicket, type VerifiedToken } from './tokens.js';
export { loadSessionKey, sessionKeyFile } from './secret.js';

/** The caller, read from the database on every request: role and enabled flag are always current. */
export type AuthUser = UserResponse;

/** The account behind a token and whether that token was revoked, read in one query per request. */
export type LoadedSession =
  | { status: 'active'; user: AuthUser; tokenGeneration: number; revoked: boolean }
  | { status: 'disabled' }
  | { status: 'missing' };

/** The token a request authenticated with: POST /logout revokes it. */
export interface SessionToken {
  jti: string;
  expiresAtMs: number;
  /** The account's token generation the token carries (a WebSocket ticket carries it on). */
  generation: number;
  /** Two-factor (issue 21): this session may only set up a second factor (see tokens.ts). */
  enrolmentOnly: boolean;
}

export type AuthOutcome =
  | { status: 'authenticated'; user: AuthUser; session: SessionToken }
  | { status: 'anonymous' }
  | { status: 'invalid' }
  | { status: 'disabled' }
  /** A state-changing request carried only the cookie and came from a page on another site. */
  | { status: 'cross-site' };

/**
 * How a request uses its session (issue 21): `activity` is false for a WebSocket (its heartbeat
 * re-checks the session every 30 s and must not keep an idle staff session alive).
 */
export interface SessionUse {
  activity: boolean;
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /**
   * THE function every authenticated request goes through (auth module: the account and the
   * token's revocation, from the database on every request, so every API process agrees).
   */
  loadSession: (userId: number, jti: string, use: SessionUse) => Promise<LoadedSession>;
  /** A token's lifetime (SESSION_MINUTES, issue 21); default AUTH_TOKEN_LIFETIME_MINUTES. */
  tokenLifetimeMinutes?: number;
  /** CORS_ORIGINS: pages there may send cookie-authenticated writes besides our own origin. */
  allowedOrigins?: readonly string[];
  /**
   * Records a WebSocket ticket as used, in the database (every API process agrees): true the
   * first time, false for a ticket seen before. Without it no ticket is accepted.
   */
  redeemTicket?: (ticketId: string, expiresAtMs: number) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: {
      tokens: TokenService;
      /** Reads the token (Bearer header first, then the auth_token cookie) and loads the user. */
      authenticate(request: FastifyRequest): Promise<AuthOutcome>;
    };
  }
  interface FastifyRequest {
    /** Set by the access-control hook on protected routes; null on public ones. */
    user: AuthUser | null;
    /** The token of `user`, set with it. */
    session: SessionToken | null;
  }
}

type TokenSource = 'bearer' | 'cookie' | 'ticket';

const isWebSocketUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

function tokenOf(request: FastifyRequest): { token: string; source: TokenSource } | undefined {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (bearer) return { token: bearer, source: 'bearer' };
  const cookie = request.cookies?.[AUTH_COOKIE_NAME];
  if (cookie) return { token: cookie.trim(), source: 'cookie' };
  // Browsers cannot set headers on a WebSocket, and a page on another host has no cookie for the
  // API's host: its upgrade carries a one-use ticket in the address, never the session token
  // (a proxy's access log would keep that valid for hours).
  if (isWebSocketUpgrade(request)) {
    const ticket = (request.query as Record<string, unknown> | undefined)?.[REALTIME_TICKET_PARAM];
    if (typeof ticket === 'string' && ticket) return { token: ticket, source: 'ticket' };
  }
  return undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The user an authenticated request acts as. Only call it on routes the access policy protects;
 * there the hook has already answered 401 for anonymous callers.
 */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const tokens = createTokenService(options.jwtSecret, options.tokenLifetimeMinutes);
    const allowedOrigins = options.allowedOrigins ?? [];
    const redeemTicket = options.redeemTicket ?? (async () => false);
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    // The session behind a socket opened with a ticket: the heartbeat authenticates the same
    // upgrade request again, and the ticket, used once, must not be redeemed a second time.
    const ticketSessions = new WeakMap<FastifyRequest, TicketSession>();

    async function ticketSession(request: FastifyRequest, ticket: string): Promise<TicketSession | undefined> {
      const held = ticketSessions.get(request);
      if (held) return held;
      const verified = await tokens.verifyTicket(ticket);
      if (verified === null || !(await redeemTicket(verified.ticketId, verified.expiresAtMs))) return undefined;
      ticketSessions.set(request, verified.session);
      return verified.session;
    }

    // A ticket's session is never enrolment-only: such a session cannot ask for a ticket (access policy).
    async function checkSession(token: TicketSession & { enrolmentOnly?: boolean }, use: SessionUse): Promise<AuthOutcome> {
      // The token's expiry: verify() checks it for a token; a ticket carries its session's.
      if (Date.now() >= token.expiresAtMs) return { status: 'invalid' };
      const loaded = await options.loadSession(token.userId, token.jti, use);
      if (loaded.status === 'missing') return { status: 'invalid' };
      if (loaded.status === 'disabled') return { status: 'disabled' };
      // Logged out, or issued before the account was deactivated: the database says so on
      // every request, on every API process, whatever this process remembers.
      if (loaded.revoked || loaded.tokenGeneration !== token.generation) return { status: 'invalid' };
      return { status: 'authenticated', user: loaded.user, session: {
          jti: token.jti,
          expiresAtMs: token.expiresAtMs,
          generation: token.generation,
          enrolmentOnly: token.enrolmentOnly ?? false,
        },
      };
    }

    app.decorate('auth', {
      tokens,
      async authenticate(request: FastifyRequest): Promise<AuthOutcome> {
        const found = tokenOf(request);
        if (!found) return { status: 'anonymous' };
        // A browser attaches the cookie to a form, a fetch or a WebSocket handshake from any site;
        // the web app sends the Bearer header on every call (spec section 7) and opens its socket
        // only from its own pages. So a cookie-only write or socket must come from our own pages
        // or a listed origin: checked before anything is read or written.
        if (found.source === 'cookie' && (STATE_CHANGING.has(request.method) || isWebSocketUpgrade(request)) && !isSameSite(request, allowedOrigins)) {
          return { status: 'cross-site' };
        }
        if (found.source === 'ticket') {
          const session = await ticketSession(request, found.token);
          return session ? checkSession(session, { activity: false }) : { status: 'invalid' };
        }
        const verified = await tokens.verify(found.token);
        if (verified === null) return { status: 'invalid' };
        return checkSession(verified, { activity: !isWebSocketUpgrade(request) });
      },
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export const authFailureMessage = (outcome: AuthOutcome): string =>
  outcome.status === 'disabled' ? authApiMessages.accountDisabled : httpMessages.unauthenticated;

/** The answer to a request that did not authenticate: 403 for a cross-site write, else 401. */
export const authFailure = (outcome: AuthOutcome): ApiError =>
  outcome.status === 'cross-site' ? forbidden(sessionMessages.crossSiteRefused) : unauthorized(authFailureMessage(outcome));
