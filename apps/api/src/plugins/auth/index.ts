import { AUTH_COOKIE_NAME, apiMessages, type UserResponse } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../api-error.js';
import { createTokenService, type TokenService } from './tokens.js';

export { hashPassword, verifyPassword, verifyAgainstDummy } from './passwords.js';
export { createTokenService, TOKEN_CLAIMS, type TokenService } from './tokens.js';

/** The caller, read from the database on every request: role and enabled flag are always current. */
export type AuthUser = UserResponse;

export type LoadedUser = { status: 'active'; user: AuthUser } | { status: 'disabled' } | { status: 'missing' };

export type AuthOutcome =
  | { status: 'authenticated'; user: AuthUser }
  | { status: 'anonymous' }
  | { status: 'invalid' }
  | { status: 'disabled' };

export interface AuthPluginOptions {
  jwtSecret: string;
  /** THE function every authenticated request goes through (users module: loadActiveUser). */
  loadActiveUser: (id: number) => Promise<LoadedUser>;
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
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (bearer) return bearer;
  const cookie = request.cookies?.[AUTH_COOKIE_NAME];
  if (cookie) return cookie.trim();
  // Browsers cannot set headers on a WebSocket, and a web app on another host has no cookie
  // for the API's host: only an upgrade request may carry the token in its address.
  if (request.headers.upgrade?.toLowerCase() === 'websocket') {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string' && token) return token;
  }
  return undefined;
}

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
    app.decorateRequest('user', null);
    app.decorate('auth', {
      tokens,
      async authenticate(request: FastifyRequest): Promise<AuthOutcome> {
        const token = tokenOf(request);
        if (!token) return { status: 'anonymous' };
        const userId = await tokens.verify(token);
        if (userId === null) return { status: 'invalid' };
        const loaded = await options.loadActiveUser(userId);
        if (loaded.status === 'active') return { status: 'authenticated', user: loaded.user };
        return loaded.status === 'disabled' ? { status: 'disabled' } : { status: 'invalid' };
      },
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export const authFailureMessage = (outcome: AuthOutcome): string =>
  outcome.status === 'disabled' ? apiMessages.accountDisabled : apiMessages.unauthenticated;
