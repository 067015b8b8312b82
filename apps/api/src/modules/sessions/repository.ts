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

/** The sessions table (migration 0016) and the revocations that end its rows. SQL only. */
export function createSessionsRepository(db: Db) {
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

    /** Ends tokens for good on every API process (the revocation every request checks). */
    async revoke(sessions: readonly { jti: string; expires_at: string }[], executor: Db = db): Promise<void> {
      if (sessions.length === 0) return;
      await executor
        .insertInto('revoked_tokens')
        .values(sessions.map((session) => ({ jti: session.jti, expires_at: session.expires_at })))
        .onConflict((conflict) => conflict.column('jti').doNothing())
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
