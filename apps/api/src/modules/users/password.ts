import type { Db } from '../../db/database.js';

/**
 * An account's new password hash (issue 35), in the caller's transaction. `endEveryToken` moves the
 * token generation on as well (a reset: no token from before works any more); a change by its
 * owner keeps the session that made it, so its other sessions end through the sessions module.
 * True when the account exists.
 */
export async function storePasswordHash(executor: Db, id: number, passwordHash: string, options: { endEveryToken: boolean }): Promise<boolean> {
  const result = await executor
    .updateTable('users')
    .set((eb) => (options.endEveryToken ? { password_hash: passwordHash, token_generation: eb('token_generation', '+', 1) } : { password_hash: passwordHash }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
