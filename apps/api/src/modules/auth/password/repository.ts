import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database.js';

/** A new link's secret (256 bits, 43 characters) and the hash that alone is stored. */
export function newResetSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashResetSecret(secret) };
}

export const hashResetSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** password_resets (migration 0028): SQL only. */
export function createPasswordResetsRepository(db: Db) {
  return {
    /** A new link for `userId`; the account's earlier unused links stop working (only the newest email counts). */
    async replace(row: { userId: number; tokenHash: string; createdBy: number; createdAt: string; expiresAt: string }, trx: Db): Promise<void> {
      await trx.updateTable('password_resets').set({ used_at: row.createdAt }).where('user_id', '=', row.userId).where('used_at', 'is', null).execute();
      await trx
        .insertInto('password_resets')
        .values({ user_id: row.userId, token_hash: row.tokenHash, created_by: row.createdBy, created_at: row.createdAt, expires_at: row.expiresAt })
        .execute();
    },

    find: (tokenHash: string, executor: Db = db) =>
      executor.selectFrom('password_resets').select(['id', 'user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst(),

    /**
     * Uses the link: one statement, so of two requests at once exactly one gets the account back
     * (the other finds it used). Undefined when the link is unknown, used or expired.
     */
    async take(tokenHash: string, at: string, trx: Db): Promise<number | undefined> {
      const row = await trx
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /** A closed account's links go with it. */
    async deleteAllOf(userId: number, trx: Db): Promise<void> {
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
