import { type Kysely, sql } from 'kysely';
import { engineOf, flagColumn, idColumn } from '../portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  let table = idColumn(db.schema.createTable('users'), engine);
  table = table
    .addColumn('username', 'varchar(20)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_name', 'varchar(30)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull().check(sql`role in ('USER', 'EMPLOYEE', 'ADMIN')`))
    .addColumn('phone_number', 'varchar(9)', (col) => col.notNull())
    .addColumn('date_of_birth', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull());
  await flagColumn(table, 'enabled', true).execute();

  // 'ANowak' and 'anowak' would be two look-alike accounts: usernames are unique ignoring case.
  await db.schema.createIndex('users_username_unique').on('users').unique().expression(sql`lower(username)`).execute();
  // Emails are stored lower-cased, so a plain unique index is case-insensitive.
  await db.schema.createIndex('users_email_unique').on('users').unique().column('email').execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
