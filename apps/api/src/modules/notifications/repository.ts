import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';
import { withCommit } from '../../db/with-commit.js';
import { createEntriesRepository } from './entries-repository.js';
import { createFarewellQueries } from './farewell-queries.js';
import type { NotificationOutboxRow, NotificationsRow } from '../../db/schema.js';

export interface NewOutboxRow {
  userId: number;
  kind: string;
  category: string;
  payload: unknown;
  createdAt: string;
  availableAt: string;
  dedupeKey?: string | null;
  onceKey?: string | null;
}

/** A portal entry marked for an email (a reply), as the worker reads it to queue the email. */
export type MarkedEntry = Pick<NotificationsRow, 'id' | 'user_id' | 'kind' | 'payload_json' | 'created_at'>;

/** A row claimed by one worker until `lockedUntil`; its marks name `claimToken`. */
export type ClaimedRow = NotificationOutboxRow & { claim_token: string };

const ERROR_MAX = 500;
const ONCE_KEY_CHUNK = 500;

/*
 * Queuing an event. Times are ISO 8601 text of one format (nowIso), so text order is time order.
 * A debounced row waits until the key's last sent email plus the quiet minutes: PostgreSQL's
 * greatest() skips the NULL of a key never sent; SQLite's two-argument max() is NULL when either
 * is, so '' stands for "never sent" there.
 */
const OUTBOX_COLUMNS = 'user_id, kind, category, payload_json, created_at, available_at';
const QUEUE = {
  postgres: {
    plain: `with entry as (insert into notifications (user_id, kind, payload_json, created_at) values ($1, $2, $3, $4))
      insert into notification_outbox (${OUTBOX_COLUMNS}) values ($1, $2, $5, $3, $4, $6)`,
    once: `with queued as (
        insert into notification_outbox (${OUTBOX_COLUMNS}, once_key) values ($1, $2, $3, $4, $5, $6, $7)
        on conflict (once_key) do nothing
        returning user_id, kind, payload_json, created_at
      )
      insert into notifications (user_id, kind, payload_json, created_at) select user_id, kind, payload_json, created_at from queued`,
    // A reply's row, queued by the worker from its marked entry (relayMarked): debounced per key.
    debounced: `insert into notification_outbox (${OUTBOX_COLUMNS}, dedupe_key)
      values ($1, $2, $3, $4, $5, greatest($6::varchar, (
        select to_char((max(sent_at)::timestamptz + $8::integer * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from notification_outbox where dedupe_key = $7 and status = 'sent'
      )), $7)
      on conflict (dedupe_key) where status = 'pending' do update set payload_json = excluded.payload_json`,
    markedEntry: 'insert into notifications (user_id, kind, payload_json, created_at, email_pending) values ($1, $2, $3, $4, 1)',
  },
  sqlite: {
    entry: 'insert into notifications (user_id, kind, payload_json, created_at) values (?, ?, ?, ?)',
    markedEntry: 'insert into notifications (user_id, kind, payload_json, created_at, email_pending) values (?, ?, ?, ?, 1)',
    plain: `insert into notification_outbox (${OUTBOX_COLUMNS}) values (?, ?, ?, ?, ?, ?)`,
    once: `insert into notification_outbox (${OUTBOX_COLUMNS}, once_key) values (?, ?, ?, ?, ?, ?, ?) on conflict (once_key) do nothing`,
    debounced: `insert into notification_outbox (${OUTBOX_COLUMNS}, dedupe_key)
      values (?, ?, ?, ?, ?, max(?, coalesce((
        select strftime('%Y-%m-%dT%H:%M:%fZ', max(sent_at), ?) from notification_outbox where dedupe_key = ? and status = 'sent'
      ), '')), ?)
      on conflict (dedupe_key) where status = 'pending' do update set payload_json = excluded.payload_json`,
  },
} as const;

export function createNotificationsRepository(db: Db) {
  return {
    ...createEntriesRepository(db),

    ...createFarewellQueries(db),
    /*
     * The three ways an event is queued, each with its portal entry, in the caller's transaction:
     * fixed statement texts (QUEUE below), so the change that causes an event pays no query
     * building. On PostgreSQL one statement, sent with the transaction's COMMIT (withCommit): the
     * change pays no round trip of its own for it (bench/notifications).
     */

    /** The entry and one outbox row. */
    async queue(row: NewOutboxRow, executor: Db): Promise<void> {
      const { userId, kind, category, createdAt, availableAt } = row;
      const payload = JSON.stringify(row.payload);
      if (engineOf(executor) === 'postgres') {
        await executor.executeQuery(withCommit(CompiledQuery.raw(QUEUE.postgres.plain, [userId, kind, payload, createdAt, category, availableAt])));
        return;
      }
      await executor.executeQuery(CompiledQuery.raw(QUEUE.sqlite.entry, [userId, kind, payload, createdAt]));
      await executor.executeQuery(CompiledQuery.raw(QUEUE.sqlite.plain, [userId, kind, category, payload, createdAt, availableAt]));
    },

    /** Once ever per `onceKey` (this process or another): the row and its entry, or neither when the key was used. */
    async queueOnce(row: NewOutboxRow & { onceKey: string }, executor: Db): Promise<void> {
      const { userId, kind, category, createdAt, availableAt, onceKey } = row;
      const payload = JSON.stringify(row.payload);
      if (engineOf(executor) === 'postgres') {
        await executor.executeQuery(withCommit(CompiledQuery.raw(QUEUE.postgres.once, [userId, kind, category, payload, createdAt, availableAt, onceKey])));
        return;
      }
      const { numAffectedRows } = await executor.executeQuery(CompiledQuery.raw(QUEUE.sqlite.once, [userId, kind, category, payload, createdAt, availableAt, onceKey]));
      if (Number(numAffectedRows ?? 0) > 0) await executor.executeQuery(CompiledQuery.raw(QUEUE.sqlite.entry, [userId, kind, payload, createdAt]));
    },

    /**
     * The entry alone, marked for an email the worker queues later (relayMarked): the change pays
     * for one insert it makes anyway. Replies, the chat's hot path, go this way.
     */
    async queueMarkedEntry(entry: { userId: number; kind: string; payload: unknown; createdAt: string }, executor: Db): Promise<void> {
      const values = [entry.userId, entry.kind, JSON.stringify(entry.payload), entry.createdAt];
      if (engineOf(executor) === 'postgres') await executor.executeQuery(withCommit(CompiledQuery.raw(QUEUE.postgres.markedEntry, values)));
      else await executor.executeQuery(CompiledQuery.raw(QUEUE.sqlite.markedEntry, values));
    },

    /**
     * Up to `limit` marked entries, oldest first, each queued as an outbox row for its `dedupeKey`
     * unless one is still pending (then that one takes the newer payload: one email covers every
     * reply since); a new row waits until `quietMinutes` after the key's last sent email. One
     * transaction: the marks are cleared with the rows queued, so a crash leaves them to the next
     * pass, and concurrent workers take disjoint entries (PostgreSQL: SKIP LOCKED; SQLite: one
     * writer). The partial unique index makes the queuing race-free. Answers how many it took.
     */
    async relayMarked(
      limit: number,
      quietMinutes: number,
      toRow: (entry: MarkedEntry) => { category: string; dedupeKey: string },
      /** Only entries written at or before this (ISO text, as created_at); default all. */
      createdBy = '9999',
    ): Promise<number> {
      const postgres = engineOf(db) === 'postgres';
      return db.transaction().execute(async (trx) => {
        let entries: MarkedEntry[];
        if (postgres) {
          // Takes the marked entries (other workers skip them) and clears their marks at once.
          ({ rows: entries } = await sql<MarkedEntry>`with picked as materialized (
              select id from notifications where email_pending = 1 and created_at <= ${createdBy} order by id limit ${limit} for update skip locked
            )
            update notifications as n set email_pending = null from picked where n.id = picked.id
            returning n.id, n.user_id, n.kind, n.payload_json, n.created_at`.execute(trx));
        } else {
          entries = await trx
            .selectFrom('notifications')
            .select(['id', 'user_id', 'kind', 'payload_json', 'created_at'])
            .where('email_pending', '=', 1)
            .where('created_at', '<=', createdBy)
            .orderBy('id')
            .limit(limit)
            .execute();
          if (entries.length > 0) await trx.updateTable('notifications').set({ email_pending: null }).where('id', 'in', entries.map((entry) => entry.id)).execute();
        }
        for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
          const { category, dedupeKey } = toRow(entry);
          const { user_id: userId, kind, payload_json: payload, created_at: at } = entry;
          await trx.executeQuery(
            postgres
              ? CompiledQuery.raw(QUEUE.postgres.debounced, [userId, kind, category, payload, at, at, dedupeKey, quietMinutes])
              : CompiledQuery.raw(QUEUE.sqlite.debounced, [userId, kind, category, payload, at, at, `+${quietMinutes} minutes`, dedupeKey, dedupeKey]),
          );
        }
        return entries.length;
      });
    },

    /** Whether an entry written by `createdBy` waits for its email to be queued (a cheap look before relayMarked's transaction). */
    async hasMarked(createdBy = '9999'): Promise<boolean> {
      const found = await db.selectFrom('notifications').select('id').where('email_pending', '=', 1).where('created_at', '<=', createdBy).limit(1).executeTakeFirst();
      return found !== undefined;
    },

    /** Which of `keys` already have their once-ever row. */
    async existingOnceKeys(keys: readonly string[], executor: Db = db): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < keys.length; start += ONCE_KEY_CHUNK) {
        const rows = await executor
          .selectFrom('notification_outbox')
          .select('once_key')
          .where('once_key', 'in', keys.slice(start, start + ONCE_KEY_CHUNK))
          .execute();
        for (const row of rows) if (row.once_key) found.add(row.once_key);
      }
      return found;
    },

    /**
     * Claims up to `limit` due rows for `leaseUntil` in one statement: pending, available, and not
     * claimed by a worker whose lease is still running. PostgreSQL: FOR UPDATE SKIP LOCKED in a
     * materialized WITH (planned once, so never rescanned past its LIMIT), so concurrent workers
     * in any number of processes take disjoint rows; SQLite has one writer at a time.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedRow[]> {
      const token = randomUUID();
      let rows: NotificationOutboxRow[];
      if (engineOf(db) === 'postgres') {
        ({ rows } = await sql<NotificationOutboxRow>`with due as materialized (
            select id from notification_outbox
            where status = 'pending' and available_at <= ${now} and (locked_until is null or locked_until <= ${now})
            order by available_at, id
            limit ${limit}
            for update skip locked
          )
          update notification_outbox as o set locked_until = ${leaseUntil}, claim_token = ${token}, attempts = o.attempts + 1
          from due where o.id = due.id
          returning o.*`.execute(db));
      } else {
        rows = await db
          .updateTable('notification_outbox')
          .set((eb) => ({ locked_until: leaseUntil, claim_token: token, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('notification_outbox')
              .select('id')
              .where('status', '=', 'pending')
              .where('available_at', '<=', now)
              .where((inner) => inner.or([inner('locked_until', 'is', null), inner('locked_until', '<=', now)]))
              .orderBy('available_at')
              .orderBy('id')
              .limit(limit),
          )
          .returningAll()
          .execute();
      }
      return rows.map((row) => ({ ...row, claim_token: token })).sort((a, b) => a.id - b.id);
    },

    /**
     * Ends the claims of `ids` (all of one claim, `claimToken`) with one outcome. Answers the ids
     * it ended: one missing lost its claim (its lease ran out and another worker took the row).
     */
    async finish(
      claimToken: string,
      ids: readonly number[],
      outcome:
        | { status: 'sent'; at: string }
        | { status: 'skipped' | 'failed'; reason: string }
        | { status: 'retry'; availableAt: string; reason: string },
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const set =
        outcome.status === 'sent'
          ? { status: 'sent' as const, sent_at: outcome.at, locked_until: null, last_error: null }
          : outcome.status === 'retry'
            ? { available_at: outcome.availableAt, locked_until: null, last_error: outcome.reason.slice(0, ERROR_MAX) }
            : { status: outcome.status, locked_until: null, last_error: outcome.reason.slice(0, ERROR_MAX) };
      const rows = await db
        .updateTable('notification_outbox')
        .set(set)
        .where('claim_token', '=', claimToken)
        .where('id', 'in', [...ids])
        .returning('id')
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** For tests and admins: the outbox rows of a person, oldest first. */
    listFor(userId: number, executor: Db = db) {
      return executor.selectFrom('notification_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** Rows that failed for good, newest first (admins). */
    listFailed(limit: number, executor: Db = db) {
      return executor
        .selectFrom('notification_outbox')
        .select(['id', 'user_id', 'kind', 'attempts', 'last_error', 'created_at'])
        .where('status', '=', 'failed')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
