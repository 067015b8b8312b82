import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * Issue 18, the write's cost: 0017's NOTIFY on every commit that queued an email is gone. A
 * transaction that has NOTIFYed takes one database-wide lock at commit and holds it through its
 * WAL flush, so such commits went one at a time: 8 writers committed about 300 outbox
 * transactions a second with the trigger and 630-860 without it (bench/README.md). Each API
 * process now wakes its own worker once the commit that queued an email returns
 * (db/with-commit.ts: afterCommitWith); other processes find the row at their next poll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop trigger if exists notification_outbox_wake on notification_outbox`.execute(db);
  await sql`drop function if exists notification_outbox_wake()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
