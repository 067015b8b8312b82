import type { Kysely } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/**
 * Issue 35 point 3: password-reset links an admin sends. `token_hash` is the SHA-256 of the link's
 * secret (the secret itself is only in the email), so a copy of the database opens no account;
 * `used_at` makes a link single-use; `expires_at` is 30 minutes after it was sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('password_resets'), engineOf(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
