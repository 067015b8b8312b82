import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';

/**
 * Tokens ended before their time (POST /logout, "sign out everywhere else", the staff idle time-out,
 * an account closed) and WebSocket tickets already used. The one writer of `revoked_tokens`: the
 * auth module calls in through the sessions service. A row lives until the token would have expired
 * anyway; the per-request check is the sessions service's guard (repository.findToken).
 */
export function createRevocations(db: Db, now: () => number = Date.now) {
  return {
    async revoke(jti: string, expiresAtMs: number): Promise<void> {
      await db
        .insertInto('revoked_tokens')
        .values({ jti, expires_at: nowIso(new Date(expiresAtMs)) })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .execute();
    },

    /** Ends these sessions' tokens for good on every API process, in `executor`'s transaction when given. */
    async revokeAll(sessions: readonly { jti: string; expires_at: string }[], executor: Db = db): Promise<void> {
      if (sessions.length === 0) return;
      await executor
        .insertInto('revoked_tokens')
        .values(sessions.map((session) => ({ jti: session.jti, expires_at: session.expires_at })))
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .execute();
    },

    /**
     * Ends a one-use token (a WebSocket ticket) as it is used: true for its first use, false once
     * it was used before, also on another API process (the row's primary key decides).
     */
    async redeem(jti: string, expiresAtMs: number): Promise<boolean> {
      const result = await db
        .insertInto('revoked_tokens')
        .values({ jti, expires_at: nowIso(new Date(expiresAtMs)) })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Rows of tokens that have expired meanwhile: nobody can present them any more. */
    async purgeExpired(): Promise<number> {
      const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', nowIso(new Date(now()))).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Revocations = ReturnType<typeof createRevocations>;
