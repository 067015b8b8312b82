import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * SQLite: `INSERT OR REPLACE` into audit_log deletes the old row and inserts the new one without
 * firing the DELETE trigger (unless recursive_triggers is on, on that connection), so it edited
 * history with the append-only triggers in place. A BEFORE INSERT trigger refuses any insert whose
 * id is taken, whatever the conflict clause, on every connection. PostgreSQL has no REPLACE, and
 * `ON CONFLICT DO UPDATE` fires the UPDATE trigger that refuses it already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`
    create trigger audit_log_no_replace before insert on audit_log
    when exists (select 1 from audit_log where id = new.id)
    begin select raise(abort, 'audit_log is append-only: REPLACE refused'); end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'sqlite') await sql`drop trigger if exists audit_log_no_replace`.execute(db);
}
