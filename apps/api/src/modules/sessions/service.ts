import { type PortalEvent, sessionApiMessages, type SessionListResponse, type SessionsEndedCause, type Role } from '@portal/contract';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { PortalEvents } from '../../plugins/events.js';
import { conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser, LoadedSession, SessionToken, SessionUse, TokenService } from '../../plugins/auth/index.js';
import type { UsersPort } from '../../ports/users.js';
import type { SessionsRepository } from './repository.js';
import type { Revocations } from './revocations.js';

import type { SessionClient } from '../../plugins/request-client.js';

export type { SessionClient };

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  revocations: Revocations;
  users: UsersPort;
  /** Sessions ended are an event: the audit row and the sockets' closing are its subscribers'. */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  staffIdleMinutes: number;
  /** The idle time-out's clock (tests move it instead of waiting). */
  now?: () => number;
}

const STAFF: readonly Role[] = ['EMPLOYEE', 'ADMIN'];
/** A session's last activity is written at most once a minute (a write per request would cost every call). */
const TOUCH_EVERY_MS = 60_000;
/** Sessions this process touched lately, so most requests write nothing (bounded; oldest goes first). */
const TOUCHED_MAX = 10_000;
const USER_AGENT_MAX = 400;

const iso = (ms: number) => new Date(ms).toISOString();
/** A session's name in the list: derived from its token's id, which itself never leaves the server. */
export const sessionIdOf = (jti: string) => createHash('sha256').update(jti).digest('base64url').slice(0, 22);

/** The event of sessions ended (account events are told in no language: 'en' stands). */
const ended = (actorId: number, userId: number, sessions: number, cause: SessionsEndedCause): PortalEvent => ({
  type: 'sessions-ended',
  at: new Date().toISOString(),
  actorId,
  actorLanguage: 'en',
  userId,
  sessions,
  cause,
});

export function createSessionsService({ repository, revocations, users, events, staffIdleMinutes, now = Date.now }: SessionsServiceDeps) {
  const idleMs = staffIdleMinutes * 60_000;
  const touched = new Map<string, number>();
  const isStaff = (role: Role) => STAFF.includes(role);

  async function touch(jti: string, at: number): Promise<void> {
    const last = touched.get(jti);
    if (last !== undefined && at - last < TOUCH_EVERY_MS && at >= last) return;
    if (touched.size >= TOUCHED_MAX) touched.delete(touched.keys().next().value ?? '');
    touched.set(jti, at);
    await repository.touch(jti, iso(at));
  }

  /**
   * Describes a token just signed (THE one place: login, registration, a refresh and any later
   * sign-in step call it through the auth module). `startedAt` carries a refreshed session's sign-in time.
   */
  async function record(token: { jti: string; userId: number; expiresAtMs: number }, client: SessionClient, startedAt?: string): Promise<void> {
    const at = iso(now());
    await repository.insert({
      jti: token.jti,
      userId: token.userId,
      startedAt: startedAt ?? at,
      lastActiveAt: at,
      expiresAt: iso(token.expiresAtMs),
      userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
      address: client.address.slice(0, 64),
    });
  }

  return {
    record,
    /** The one writer of revoked_tokens (revocations.ts): logout, two-factor changes and WebSocket tickets end tokens through it. */
    revocations: { revoke: revocations.revoke, redeem: revocations.redeem, purgeExpired: revocations.purgeExpired },
    /**
     * Completes the account lookup every request makes (server.ts, the users module's) with the
     * token's state, read beside it from this module's tables: a revoked token, or one without a
     * session row, is ended; a staff session idle for longer than STAFF_IDLE_MINUTES ends (revoked,
     * on every process); otherwise a request that is the person's own activity moves the session's
     * last activity on.
     */
    guard(load: (userId: number) => Promise<LoadedSession>) {
      return async (userId: number, jti: string, use: SessionUse): Promise<LoadedSession> => {
        // Side by side, each statement on its own module's tables: no request waits for two in turn.
        const [loaded, token] = await Promise.all([load(userId), repository.findToken(userId, jti)]);
        if (loaded.status !== 'active' || loaded.revoked) return loaded;
        // Every token we issue has its session row (auth/token-issuer.ts): one without was not ours.
        if (!token || token.revoked) return { ...loaded, revoked: true };
        const at = now();
        if (isStaff(loaded.user.role)) {
          if (at - Date.parse(token.last_active_at) > idleMs) {
            await revocations.revokeAll([token]);
            touched.delete(jti);
            return { ...loaded, revoked: true };
          }
          if (use.activity) await touch(jti, at);
        } else if (use.activity) {
          await touch(jti, at);
        }
        return loaded;
      };
    },

    async list(user: AuthUser, current: SessionToken): Promise<SessionListResponse> {
      const rows = await repository.listLive(user.id, iso(now()));
      return {
        sessions: rows.map((row) => ({
          id: sessionIdOf(row.jti),
          startedAt: row.started_at,
          lastActiveAt: row.last_active_at,
          expiresAt: row.expires_at,
          userAgent: row.user_agent,
          address: row.address,
          current: row.jti === current.jti,
        })),
        idleMinutes: isStaff(user.role) ? staffIdleMinutes : null,
      };
    },

    /** Every live session of an account, for its data export. */
    async listOf(userId: number) {
      const rows = await repository.listLive(userId, iso(now()));
      return rows.map((row) => ({ startedAt: row.started_at, lastActiveAt: row.last_active_at, expiresAt: row.expires_at, userAgent: row.user_agent, address: row.address }));
    },

    /** "Stay signed in": a new token for the same session, the old one revoked at once. */
    async refresh(user: AuthUser, current: SessionToken, tokens: TokenService, client: SessionClient): Promise<string> {
      const row = await repository.find(current.jti);
      const token = await tokens.sign(user, current.generation);
      const verified = await tokens.verify(token);
      if (!verified) throw new Error('A token just signed did not verify');
      await record(verified, row ? { userAgent: row.user_agent, address: client.address } : client, row?.started_at);
      await revocations.revokeAll([{ jti: current.jti, expires_at: iso(current.expiresAtMs) }]);
      return token;
    },

    /** "Sign out everywhere else": every other live session of the caller ends. */
    async endOthers(user: AuthUser, current: SessionToken): Promise<number> {
      return events.transaction(async (trx) => {
        const others = (await repository.listLive(user.id, iso(now()), trx)).filter((row) => row.jti !== current.jti);
        await revocations.revokeAll(others, trx);
        await events.emit(trx, ended(user.id, user.id, others.length, 'signed-out-elsewhere'));
        return others.length;
      });
    },

    /**
     * POST /logout: this token's session ends (its jti refused from now on, on every process). Its
     * open sockets close after the commit, like every ended session's (the sessions-ended event).
     */
    async signOut(user: AuthUser, session: SessionToken): Promise<void> {
      await events.transaction(async (trx) => {
        await revocations.revokeAll([{ jti: session.jti, expires_at: iso(session.expiresAtMs) }], trx);
        await events.emit(trx, ended(user.id, user.id, 1, 'signed-out'));
      });
    },

    /** The caller ends one of their other sessions (404 for an id that is not one of their live sessions). */
    async endOne(user: AuthUser, current: SessionToken, sessionId: string): Promise<void> {
      const row = (await repository.listLive(user.id, iso(now()))).find((candidate) => sessionIdOf(candidate.jti) === sessionId);
      if (!row) throw notFound();
      if (row.jti === current.jti) throw conflict(sessionApiMessages.notThisOne);
      await events.transaction(async (trx) => {
        await revocations.revokeAll([row], trx);
        await events.emit(trx, ended(user.id, user.id, 1, 'signed-out-elsewhere'));
      });
    },

    /**
     * A password changed (issue 35): every live session of the account ends but `keep`, in the
     * change's transaction; the caller announces it once that committed.
     */
    async endAllBut(userId: number, keep: string | null, trx: Db): Promise<void> {
      const rows = await repository.listLive(userId, iso(now()), trx);
      await revocations.revokeAll(rows.filter((row) => row.jti !== keep), trx);
    },

    /** An admin ends every session of a staff member (audited, in one transaction). */
    async endAllOf(caller: AuthUser, userId: number): Promise<number> {
      if (userId === caller.id) throw conflict(sessionApiMessages.notYourself);
      const target = await users.findUser(userId);
      if (!target) throw notFound();
      if (!isStaff(target.role)) throw conflict(sessionApiMessages.onlyStaff);
      return events.transaction(async (trx) => {
        const sessions = await repository.listLive(userId, iso(now()), trx);
        await revocations.revokeAll(sessions, trx);
        await events.emit(trx, ended(caller.id, userId, sessions.length, 'ended-by-admin'));
        return sessions.length;
      });
    },

    /**
     * An account being closed: its sessions end and what they recorded (browsers, addresses) goes.
     * In the caller's transaction, whose event (account-closed) closes the sockets at its commit.
     */
    async forget(userId: number, trx: Db): Promise<void> {
      const live = await repository.listLive(userId, iso(now()), trx);
      await revocations.revokeAll(live, trx);
      await repository.deleteAllOf(userId, trx);
    },

    purgeExpired: () => repository.purgeExpired(iso(Date.now())),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
