import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface NewSession {
  jti: string;
  userId: number;
  startedAt: string;
  lastActiveAt: string;
  expiresAt: string;
  userAgent: string;
  address: string;
}

/** A request's token as the sessions module knows it. */
export interface TokenState {
  jti: string;
  last_active_at: string;
  expires_at: string;
  revoked: boolean;
}

/** The sessions table (migration 0016); its live rows are those no revocation ended (revocations.ts). SQL only. */
export function createSessionsRepository(db: Db) {
  // Every authenticated request asks this (the sessions service's guard): its SQL is built and
  // compiled once, then only its parameters swapped. One statement over this module's two tables:
  // the token's session row and whether the token was revoked.
  const JTI = '\u0000jti';
  const byToken = db
    .selectFrom('sessions')
    .select(['sessions.jti', 'sessions.last_active_at', 'sessions.expires_at'])
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('revoked_tokens.jti').where('revoked_tokens.jti', '=', JTI)).as('revoked'))
    .where('sessions.jti', '=', JTI)
    .where('sessions.user_id', '=', 0)
    .compile();
  const notRevoked = sql<boolean>`not exists (select 1 from revoked_tokens where revoked_tokens.jti = sessions.jti)`;
  return {
    async insert(session: NewSession, executor: Db = db): Promise<void> {
      await executor
        .insertInto('sessions')
        .values({
          jti: session.jti,
          user_id: session.userId,
          started_at: session.startedAt,
          last_active_at: session.lastActiveAt,
          expires_at: session.expiresAt,
          user_agent: session.userAgent,
          address: session.address,
        })
        .execute();
    },

    /** The session row of `userId`'s token `jti` (undefined: none, the token was not ours) and whether it was revoked. */
    async findToken(userId: number, jti: string): Promise<TokenState | undefined> {
      const parameters = byToken.parameters.map((value) => (value === JTI ? jti : userId));
      const { rows } = await db.executeQuery<{ jti: string; last_active_at: string; expires_at: string; revoked: unknown }>({ ...byToken, parameters });
      const row = rows[0];
      return row && { jti: row.jti, last_active_at: row.last_active_at, expires_at: row.expires_at, revoked: row.revoked === true || row.revoked === 1 || row.revoked === '1' };
    },

    async find(jti: string, executor: Db = db) {
      return executor.selectFrom('sessions').selectAll().where('jti', '=', jti).executeTakeFirst();
    },

    async touch(jti: string, at: string): Promise<void> {
      await db.updateTable('sessions').set({ last_active_at: at }).where('jti', '=', jti).where('last_active_at', '<', at).execute();
    },

    /** The account's sessions that still count: not expired, not ended. Newest sign-in first. */
    async listLive(userId: number, nowIso: string, executor: Db = db) {
      return executor
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', nowIso)
        .where(notRevoked)
        .orderBy('started_at', 'desc')
        .orderBy('jti')
        .execute();
    },

    /** Rows of sessions that have expired: nobody can present their tokens any more. */
    async purgeExpired(nowIso: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Everything known about an account's sessions (the account is being closed: browsers and addresses go). */
    async deleteAllOf(userId: number, executor: Db): Promise<void> {
      await executor.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
