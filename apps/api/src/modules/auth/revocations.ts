import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';

/**
 * Tokens ended before their time (POST /logout). A row lives until the token would have expired
 * anyway; the per-request check is part of the caller lookup (users repository, findForSession).
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

    /** Rows of tokens that have expired meanwhile: nobody can present them any more. */
    async purgeExpired(): Promise<number> {
      const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', nowIso(new Date(now()))).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Revocations = ReturnType<typeof createRevocations>;
