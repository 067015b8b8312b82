import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * Issue 18, delivery within a moment of the commit: on PostgreSQL every statement that inserts
 * into notification_outbox sends a NOTIFY on `portal_outbox`, which PostgreSQL delivers when the
 * transaction commits (never for one rolled back), so the worker of every API process LISTENing
 * claims the new email at once instead of at its next poll. A trigger keeps the NOTIFY out of the
 * writes' own statements (no extra round trip) and covers every way a row is queued. SQLite is
 * one process: its worker is woken in-process (notifications.onEnqueued).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`
    create function notification_outbox_wake() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_outbox', '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger notification_outbox_wake after insert on notification_outbox
    for each statement execute function notification_outbox_wake()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop trigger if exists notification_outbox_wake on notification_outbox`.execute(db);
  await sql`drop function if exists notification_outbox_wake()`.execute(db);
}
