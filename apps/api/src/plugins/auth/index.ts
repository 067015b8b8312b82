import { AUTH_COOKIE_NAME, apiMessages, sessionMessages, type UserResponse } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiError, forbidden, unauthorized } from '../api-error.js';
import { isSameSite } from './same-site.js';
import { createTokenService, type TokenService } from './tokens.js';

export { argon2Verifier, hashPassword, type PasswordVerifier, verifyPassword, verifyAgainstDummy } from './passwords.js';
export { createTokenService, TOKEN_CLAIMS, type TokenService, type VerifiedToken } from './tokens.js';
export { loadOrCreateJwtSecret } from './secret.js';

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
}

export type AuthOutcome =
  | { status: 'authenticated'; user: AuthUser; session: SessionToken }
  | { status: 'anonymous' }
  | { status: 'invalid' }
  | { status: 'disabled' }
  /** A state-changing request carried only the cookie and came from a page on another site. */
  | { status: 'cross-site' };

export interface AuthPluginOptions {
  jwtSecret: string;
  /**
   * THE function every authenticated request goes through (auth module: the account and the
   * token's revocation, from the database on every request, so every API process agrees).
   */
  loadSession: (userId: number, jti: string) => Promise<LoadedSession>;
  /** CORS_ORIGINS: pages there may send cookie-authenticated writes besides our own origin. */
  allowedOrigins?: readonly string[];
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

type TokenSource = 'bearer' | 'cookie' | 'address';

function tokenOf(request: FastifyRequest): { token: string; source: TokenSource } | undefined {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (bearer) return { token: bearer, source: 'bearer' };
  const cookie = request.cookies?.[AUTH_COOKIE_NAME];
  if (cookie) return { token: cookie.trim(), source: 'cookie' };
  // Browsers cannot set headers on a WebSocket, and a web app on another host has no cookie
  // for the API's host: only an upgrade request may carry the token in its address.
  if (request.headers.upgrade?.toLowerCase() === 'websocket') {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return { token, source: 'address' };
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
    const tokens = createTokenService(options.jwtSecret);
    const allowedOrigins = options.allowedOrigins ?? [];
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorate('auth', {
      tokens,
      async authenticate(request: FastifyRequest): Promise<AuthOutcome> {
        const found = tokenOf(request);
        if (!found) return { status: 'anonymous' };
        // A browser attaches the cookie to a form or fetch from any site; the web app itself
        // always sends the Bearer header too (spec section 7). So a cookie-only write must come
        // from our own pages or a listed origin: checked before anything is read or written.
        if (found.source === 'cookie' && STATE_CHANGING.has(request.method) && !isSameSite(request, allowedOrigins)) {
          return { status: 'cross-site' };
        }
        const verified = await tokens.verify(found.token);
        if (verified === null) return { status: 'invalid' };
        const loaded = await options.loadSession(verified.userId, verified.jti);
        if (loaded.status === 'missing') return { status: 'invalid' };
        if (loaded.status === 'disabled') return { status: 'disabled' };
        // Logged out, or issued before the account was deactivated: the database says so on
        // every request, on every API process, whatever this process remembers.
        if (loaded.revoked || loaded.tokenGeneration !== verified.generation) return { status: 'invalid' };
        return { status: 'authenticated', user: loaded.user, session: { jti: verified.jti, expiresAtMs: verified.expiresAtMs } };
      },
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export const authFailureMessage = (outcome: AuthOutcome): string =>
  outcome.status === 'disabled' ? apiMessages.accountDisabled : apiMessages.unauthenticated;

/** The answer to a request that did not authenticate: 403 for a cross-site write, else 401. */
export const authFailure = (outcome: AuthOutcome): ApiError =>
  outcome.status === 'cross-site' ? forbidden(sessionMessages.crossSiteRefused) : unauthorized(authFailureMessage(outcome));
