import type { Kysely } from 'kysely';
import { usernameSkeleton } from '../username-skeleton.js';

/**
 * What guards sign-in and sessions, kept in the database so every API process on it shares it
 * and a restart keeps it (issue 8):
 * - auth_counters: attempt counters (login throttling, per-IP rate limits), one row per key, a
 *   window that starts with the key's first attempt; purged once expired;
 * - revoked_tokens: the jti of every token ended by POST /logout, until the token expires anyway;
 * - auth_secrets: the JWT signing key generated on first start when JWT_SECRET is unset;
 * - users.token_generation: part of every token; deactivation increments it, which ends every
 *   token the account holds at once;
 * - users.username_skeleton: the look-alike form of the username (unique), see db/username-skeleton.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_counters')
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_counters_expires_idx').on('auth_counters').column('expires_at').execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires_idx').on('revoked_tokens').column('expires_at').execute();

  await db.schema
    .createTable('auth_secrets')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('token_generation', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('username_skeleton', 'varchar(200)').execute();

  // Existing accounts get their skeleton; when two of them already look alike, the older keeps it
  // (a NULL is never a duplicate) and no new look-alike of either can be registered.
  const typed = db as unknown as Kysely<{ users: { id: number; username: string; username_skeleton: string | null } }>;
  const users = await typed.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const seen = new Set<string>();
  for (const user of users) {
    const skeleton = usernameSkeleton(user.username);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    await typed.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', user.id).execute();
  }
  await db.schema.createIndex('users_username_skeleton_unique').on('users').unique().column('username_skeleton').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_skeleton_unique').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('token_generation').execute();
  await db.schema.dropTable('auth_secrets').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.dropTable('auth_counters').execute();
}
