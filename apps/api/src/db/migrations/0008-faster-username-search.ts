import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * Faster "username contains q" (users module, search):
 * - The username indexes also hold the account id, so a search for a common text ("ski") walks
 *   the index alone, in username order, testing each username, and reads only the page's rows
 *   (an index-only scan on PostgreSQL once autovacuum has marked the pages; SQLite's indexes carry
 *   the rowid anyway). Walking the table instead read a few thousand rows per search.
 * - Each suffix row also holds its user's role and lower-cased username (neither ever changes), so
 *   a text with up to a few thousand matches ("mar") takes the first page of them in username
 *   order from one index range, where a walk of the usernames could pass thousands before the
 *   page was full.
 * - username_text_counts: how many suffix rows start with each text of 1 to 6 characters, so a
 *   search learns whether its text is common from one row instead of counting up to 2,001 entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const byCodePoint = (type: string) => (engineOf(db) === 'postgres' ? sql`${sql.raw(type)} collate "C"` : sql.raw(type));
  await db.schema.createIndex('users_role_username_lower_id_idx').on('users').columns(['role', 'username_lower', 'id']).execute();
  await db.schema.createIndex('users_username_lower_id_idx').on('users').columns(['username_lower', 'id']).execute();
  await db.schema.dropIndex('users_role_username_lower_idx').execute();
  await db.schema.dropIndex('users_username_lower_idx').execute();

  await db.schema.alterTable('username_suffixes').addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('username_suffixes').addColumn('username_lower', byCodePoint('varchar(80)'), (col) => col.notNull().defaultTo('')).execute();
  await sql`update username_suffixes set
      role = (select users.role from users where users.id = username_suffixes.user_id),
      username_lower = (select users.username_lower from users where users.id = username_suffixes.user_id)`.execute(db);
  await db.schema
    .createIndex('username_suffixes_page_idx')
    .on('username_suffixes')
    .columns(['suffix', 'role', 'username_lower', 'user_id'])
    .execute();

  await db.schema
    .createTable('username_text_counts')
    .addColumn('text', byCodePoint('varchar(24)'), (col) => col.primaryKey())
    .addColumn('n', 'integer', (col) => col.notNull())
    .execute();
  // Accounts created before this migration (the rule of users/search-index.ts, textCounts, frozen here).
  for (let length = 1; length <= 6; length += 1) {
    await sql`insert into username_text_counts (text, n)
      select substr(suffix, 1, ${sql.lit(length)}), count(*) from username_suffixes
      where length(suffix) >= ${sql.lit(length)} group by substr(suffix, 1, ${sql.lit(length)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('username_text_counts').execute();
  await db.schema.dropIndex('username_suffixes_page_idx').execute();
  await db.schema.alterTable('username_suffixes').dropColumn('username_lower').execute();
  await db.schema.alterTable('username_suffixes').dropColumn('role').execute();
  await db.schema.createIndex('users_username_lower_idx').on('users').column('username_lower').execute();
  await db.schema.createIndex('users_role_username_lower_idx').on('users').columns(['role', 'username_lower']).execute();
  await db.schema.dropIndex('users_username_lower_id_idx').execute();
  await db.schema.dropIndex('users_role_username_lower_id_idx').execute();
}
