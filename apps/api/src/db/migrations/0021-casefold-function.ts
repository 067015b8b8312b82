import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * `casefold(text)`: lower case for every letter, the same on both engines, for the staff's search
 * boxes. SQLite's own lower() folds A-Z only ("łukasz" did not find "Łukasz"); there the function
 * is the application's, registered on each connection (db/database.ts). On PostgreSQL it is
 * lower(), which folds every letter under the database's UTF-8 locale. Immutable, so a planner may
 * inline it; every role may run it (PUBLIC keeps EXECUTE on new functions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create or replace function casefold(text) returns text language sql immutable parallel safe as 'select lower($1)'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop function if exists casefold(text)`.execute(db);
}
