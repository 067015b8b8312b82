import type { Kysely } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/**
 * Two-factor sign-in (issue 21, section 1):
 * - two_factor_totp: one authenticator app per account. `secret_enc` is the TOTP secret encrypted
 *   with AES-256-GCM under a key that is never in the database (modules/auth/two-factor/secret-box.ts);
 *   `confirmed_at` is null while the set-up waits for its first code; `last_time_step` is the
 *   newest step a code was accepted for, so no code works twice;
 * - two_factor_recovery_codes: SHA-256 of each one-use code; `used_at` marks it spent;
 * - passkeys: WebAuthn credentials (id and public key base64url, the signature counter);
 * - two_factor_challenges: what a sign-in or a passkey ceremony waits for (a login's second step,
 *   a WebAuthn challenge), one use each, removed when used or by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('two_factor_totp')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('secret_enc', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('confirmed_at', 'varchar(30)')
    .addColumn('last_time_step', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('two_factor_recovery_codes'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).unique().execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'varchar(1400)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('webauthn_challenge', 'varchar(200)')
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_expiry').on('two_factor_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_totp').execute();
}
