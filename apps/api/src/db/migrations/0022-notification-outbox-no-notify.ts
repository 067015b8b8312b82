import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';
import { up as addWakeTrigger } from './0017-notification-outbox-wake.js';

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

/** 0017's trigger again, exactly as 0017 made it. */
export const down = addWakeTrigger;
