import { sessionApiMessages, type SessionListResponse, type Role } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser, LoadedSession, SessionToken, SessionUse, TokenService } from '../../plugins/auth/index.js';
import type { AuditService } from '../audit/index.js';
import type { UsersService } from '../users/index.js';
import type { SessionsRepository } from './repository.js';

/** Where a sign-in came from, as the request told it. */
export interface SessionClient {
  userAgent: string;
  address: string;
}

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  users: UsersService;
  audit: AuditService;
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

export function createSessionsService({ repository, users, audit, staffIdleMinutes, now = Date.now }: SessionsServiceDeps) {
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
    /**
     * Wraps the caller lookup every request makes (server.ts): a staff session idle for longer
     * than STAFF_IDLE_MINUTES ends (revoked, on every process); otherwise a request that is the
     * person's own activity moves the session's last activity on. A token without a session row
     * (signed before migration 0016) is judged by its expiry only.
     */
    guard(load: (userId: number, jti: string) => Promise<LoadedSession>) {
      return async (userId: number, jti: string, use: SessionUse): Promise<LoadedSession> => {
        const loaded = await load(userId, jti);
        if (loaded.status !== 'active' || loaded.revoked) return loaded;
        const at = now();
        if (isStaff(loaded.user.role)) {
          const row = await repository.find(jti);
          if (row && at - Date.parse(row.last_active_at) > idleMs) {
            await repository.revoke([row]);
            touched.delete(jti);
            return { ...loaded, revoked: true };
          }
          if (row && use.activity) await touch(jti, at);
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
      await repository.revoke([{ jti: current.jti, expires_at: iso(current.expiresAtMs) }]);
      return token;
    },

    /** "Sign out everywhere else": every other live session of the caller ends. */
    async endOthers(user: AuthUser, current: SessionToken): Promise<number> {
      const others = (await repository.listLive(user.id, iso(now()))).filter((row) => row.jti !== current.jti);
      await repository.revoke(others);
      return others.length;
    },

    /** An admin ends every session of a staff member (audited, in one transaction). */
    async endAllOf(caller: AuthUser, userId: number, db: Db): Promise<number> {
      if (userId === caller.id) throw conflict(sessionApiMessages.notYourself);
      const target = await users.findUser(userId);
      if (!target) throw notFound();
      if (!isStaff(target.role)) throw conflict(sessionApiMessages.onlyStaff);
      return db.transaction().execute(async (trx) => {
        const live = await repository.listLive(userId, iso(now()), trx);
        await repository.revoke(live, trx);
        await audit.record(trx, {
          actorId: caller.id,
          action: 'sessions.end-all',
          entityType: 'user',
          entityId: userId,
          before: { sessions: live.length },
          after: { sessions: 0 },
        });
        return live.length;
      });
    },

    /** An account being closed: its sessions end and what they recorded (browsers, addresses) goes. */
    async forget(userId: number, trx: Db): Promise<void> {
      const live = await repository.listLive(userId, iso(now()), trx);
      await repository.revoke(live, trx);
      await repository.deleteAllOf(userId, trx);
    },

    purgeExpired: () => repository.purgeExpired(iso(Date.now())),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
