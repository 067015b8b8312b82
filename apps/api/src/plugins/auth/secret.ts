import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';

const JWT_SECRET_NAME = 'jwt-hs256';

/**
 * The JWT signing key when JWT_SECRET is unset: 256 random bits generated on the first start and
 * kept in the database, so every API process on it signs and verifies with the same key and
 * tokens survive a restart. Insert-if-absent, then read back: when two processes start at once,
 * both read the one row that won.
 */
export async function loadOrCreateJwtSecret(db: Db): Promise<string> {
  await db
    .insertInto('auth_secrets')
    .values({ name: JWT_SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('auth_secrets').select('value').where('name', '=', JWT_SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
}
