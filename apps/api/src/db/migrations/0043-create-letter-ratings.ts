import type { Kysely } from 'kysely';
import { flagColumn } from '../portable.js';

/*
 * Issue 32 point 8: a citizen's one rating of the answer to a resolved letter (the letters
 * module's table). The letter is the key: a second rating is refused by the database too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await flagColumn(
    db.schema
      .createTable('letter_ratings')
      .addColumn('letter_id', 'integer', (col) => col.primaryKey().references('letters.id'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id')),
    'helpful',
    false,
  )
    .addColumn('comment', 'text')
    .addColumn('rated_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('via', 'varchar(20)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('letter_ratings_rated_at').on('letter_ratings').columns(['rated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('letter_ratings').execute();
}
