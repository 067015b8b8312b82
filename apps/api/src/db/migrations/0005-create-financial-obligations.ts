import { type Kysely, sql } from 'kysely';
import { usernameLabel } from '@portal/contract';
import { engineOf, idColumn } from '../portable.js';

/**
 * Financial obligations (spec section 3) and what Create Obligations needs to find a citizen among
 * 100,000 users without reading them all:
 * - financial_obligations.amount_grosze: money as an integer of grosze (never a float); bigint, as
 *   the largest amount (999 999 999.99 PLN) does not fit 32 bits;
 * - users.username_lower: the username lower-cased by the application (Unicode-aware, the same on
 *   both engines, unlike SQLite's ASCII-only lower()), for case-insensitive prefix ranges and
 *   keyset paging in one order;
 * - username_suffixes: every suffix of every lower-cased username, so "contains q" is the range
 *   of suffixes starting with q (an index seek) instead of a look at every username;
 * - user_labels: the distinct labels (first two letters, upper case) per role, so the label panel
 *   reads a few hundred rows however many users there are.
 * The users module's repository keeps the last two in step with users, in the same transaction.
 * On PostgreSQL the text columns compared by range use the "C" collation: ordering by code point,
 * as on SQLite, so a prefix is a range of the index whatever the database's locale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const byCodePoint = (type: string) => (engine === 'postgres' ? sql`${sql.raw(type)} collate "C"` : sql.raw(type));

  await db.schema.alterTable('users').addColumn('username_lower', byCodePoint('varchar(80)'), (col) => col.notNull().defaultTo('')).execute();
  await db.schema
    .createTable('username_suffixes')
    .addColumn('suffix', byCodePoint('varchar(80)'), (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addPrimaryKeyConstraint('username_suffixes_pk', ['suffix', 'user_id'])
    .execute();
  await db.schema
    .createTable('user_labels')
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('label', byCodePoint('varchar(16)'), (col) => col.notNull())
    .addPrimaryKeyConstraint('user_labels_pk', ['role', 'label'])
    .execute();

  // Accounts created before this migration (a copy of the repository's rule: a migration must not
  // change when the code does).
  type Typed = {
    users: { id: number; username: string; role: string; username_lower: string };
    username_suffixes: { suffix: string; user_id: number };
    user_labels: { role: string; label: string };
  };
  const typed = db as unknown as Kysely<Typed>;
  const existing = await typed.selectFrom('users').select(['id', 'username', 'role']).execute();
  for (const user of existing) {
    const lower = user.username.toLowerCase();
    const chars = Array.from(lower);
    await typed.updateTable('users').set({ username_lower: lower }).where('id', '=', user.id).execute();
    const suffixes = [...new Set(chars.map((_, index) => chars.slice(index).join('')))];
    await typed.insertInto('username_suffixes').values(suffixes.map((suffix) => ({ suffix, user_id: user.id }))).execute();
    await typed
      .insertInto('user_labels')
      .values({ role: user.role, label: usernameLabel(user.username) })
      .onConflict((conflict) => conflict.columns(['role', 'label']).doNothing())
      .execute();
  }
  await db.schema.createIndex('users_username_lower_idx').on('users').column('username_lower').execute();
  await db.schema.createIndex('users_role_username_lower_idx').on('users').columns(['role', 'username_lower']).execute();

  await idColumn(db.schema.createTable('financial_obligations'), engine)
    .addColumn('interest_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount_grosze', 'bigint', (col) => col.notNull().check(sql`amount_grosze > 0`))
    .addColumn('due_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('issue_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('payment_status', 'varchar(16)', (col) =>
      col.notNull().defaultTo('PENDING').check(sql`payment_status in ('PENDING', 'PAID', 'OVERDUE')`),
    )
    .addColumn('description', 'varchar(500)')
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  // A citizen's list in due-date order straight from the index, however many others there are.
  await db.schema
    .createIndex('financial_obligations_interest_due_idx')
    .on('financial_obligations')
    .columns(['interest_id', 'due_date', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('financial_obligations').execute();
  await db.schema.dropTable('user_labels').execute();
  await db.schema.dropTable('username_suffixes').execute();
  for (const index of ['users_role_username_lower_idx', 'users_username_lower_idx']) await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('users').dropColumn('username_lower').execute();
}
