import type { AuthUser, LoadedSession, SessionToken, SessionUse } from '../plugins/auth/index.js';
import type { SessionClient } from '../plugins/request-client.js';

export type { SessionClient };

/** What other modules may do to tokens: revoke one, redeem a one-use ticket, purge expired rows. */
export interface Revocations {
  revoke(jti: string, expiresAtMs: number): Promise<void>;
  /** A one-use token's first use: true; any later one (on any API process): false. */
  redeem(jti: string, expiresAtMs: number): Promise<boolean>;
  purgeExpired(): Promise<number>;
}

/** What other modules and the server ask of the sessions module (modules/sessions/service.ts satisfies it). */
export interface SessionsPort {
  /** A token just issued gets its session row. */
  record(token: { jti: string; userId: number; expiresAtMs: number }, client: SessionClient, startedAt?: string): Promise<void>;
  /** The one writer of revoked_tokens: logout, two-factor changes and WebSocket tickets end tokens through it. */
  revocations: Revocations;
  /** POST /logout: this token's session ends; its sockets close after the commit (sessions-ended). */
  signOut(user: AuthUser, session: SessionToken): Promise<void>;
  /**
   * Completes the account lookup every request makes (server.ts) with the token's own state: a
   * revoked token or one without its session row is ended, and the staff idle time-out.
   */
  guard(load: (userId: number) => Promise<LoadedSession>): (userId: number, jti: string, use: SessionUse) => Promise<LoadedSession>;
}
