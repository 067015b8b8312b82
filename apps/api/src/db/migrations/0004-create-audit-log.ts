import { type Kysely, sql } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/**
 * The audit trail of staff actions: append-only, enforced by the database itself. Triggers refuse
 * every UPDATE and DELETE (and TRUNCATE on PostgreSQL), whoever connects, so the application
 * cannot rewrite history by mistake; `hash`/`prev_hash` chain the rows so that a change made
 * around the triggers (dropping them first) is still found by GET /api/audit/verify.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);

  await idColumn(db.schema.createTable('audit_log'), engine)
    .addColumn('occurred_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('entity_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('entity_id', 'varchar(64)', (col) => col.notNull())
    // Canonical JSON text (sorted keys), exactly the bytes the hash covers; NULL when absent.
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('prev_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('hash', 'varchar(64)', (col) => col.notNull())
    .execute();
  // The Audit Log tab filters by actor and by action, newest first.
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_occurred_idx').on('audit_log').column('occurred_at').execute();

  if (engine === 'postgres') {
    await sql`
      create function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_change()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_refuse_change()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (engineOf(db) === 'postgres') await sql`drop function if exists audit_log_refuse_change()`.execute(db);
}
