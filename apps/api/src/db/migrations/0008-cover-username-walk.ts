import type { Kysely } from 'kysely';

/**
 * The username indexes also hold the account id, so a search for a common text ("ski") walks the
 * index alone, in username order, testing each username, and reads only the page's rows from the
 * table (an index-only scan on PostgreSQL once autovacuum has marked the pages; SQLite's indexes
 * carry the rowid anyway). Walking the table instead read a few thousand rows per search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_role_username_lower_id_idx').on('users').columns(['role', 'username_lower', 'id']).execute();
  await db.schema.createIndex('users_username_lower_id_idx').on('users').columns(['username_lower', 'id']).execute();
  await db.schema.dropIndex('users_role_username_lower_idx').execute();
  await db.schema.dropIndex('users_username_lower_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_username_lower_idx').on('users').column('username_lower').execute();
  await db.schema.createIndex('users_role_username_lower_idx').on('users').columns(['role', 'username_lower']).execute();
  await db.schema.dropIndex('users_username_lower_id_idx').execute();
  await db.schema.dropIndex('users_role_username_lower_id_idx').execute();
}
