import { randomUUID } from 'node:crypto';
import type { NotificationCategory } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf, fromFlag, toFlag } from '../../db/portable.js';
import type { NotificationOutboxRow } from '../../db/schema.js';

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

/** A row claimed by one worker until `lockedUntil`; its marks name `claimToken`. */
export type ClaimedRow = NotificationOutboxRow & { claim_token: string };

const ERROR_MAX = 500;
const ONCE_KEY_CHUNK = 500;

export function createNotificationsRepository(db: Db) {
  const values = (row: NewOutboxRow) => ({
    user_id: row.userId,
    kind: row.kind,
    category: row.category,
    payload_json: JSON.stringify(row.payload),
    created_at: row.createdAt,
    available_at: row.availableAt,
    dedupe_key: row.dedupeKey ?? null,
    once_key: row.onceKey ?? null,
  });

  return {
    async insert(row: NewOutboxRow, executor: Db = db): Promise<void> {
      await executor.insertInto('notification_outbox').values(values(row)).execute();
    },

    /** Once ever per `onceKey`: a second insert (this process or another) does nothing. */
    async insertOnce(row: NewOutboxRow & { onceKey: string }, executor: Db = db): Promise<boolean> {
      const result = await executor
        .insertInto('notification_outbox')
        .values(values(row))
        .onConflict((conflict) => conflict.column('once_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * A row for `dedupeKey` unless one is still pending: then that one takes the newer payload
     * (one email covers every reply since). The partial unique index makes this race-free.
     */
    async upsertPending(row: NewOutboxRow & { dedupeKey: string }, executor: Db = db): Promise<void> {
      await executor
        .insertInto('notification_outbox')
        .values(values(row))
        .onConflict((conflict) =>
          conflict
            .column('dedupe_key')
            .where('status', '=', sql.lit('pending'))
            .doUpdateSet({ payload_json: (eb) => eb.ref('excluded.payload_json') }),
        )
        .execute();
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

    /** When the newest email for `dedupeKey` was sent, if ever. */
    async lastSentAt(dedupeKey: string, executor: Db = db): Promise<string | null> {
      const row = await executor
        .selectFrom('notification_outbox')
        .select((eb) => eb.fn.max('sent_at').as('sent_at'))
        .where('dedupe_key', '=', dedupeKey)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      return row?.sent_at ?? null;
    },

    /**
     * Claims up to `limit` due rows for `leaseUntil`: pending, available, and not claimed by a
     * worker whose lease is still running. PostgreSQL: FOR UPDATE SKIP LOCKED, so concurrent
     * workers in any number of processes take disjoint rows; SQLite has one writer at a time.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedRow[]> {
      const token = randomUUID();
      return db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom('notification_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('available_at', '<=', now)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
          .orderBy('available_at')
          .orderBy('id')
          .limit(limit);
        if (engineOf(trx) === 'postgres') due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        const rows = await trx
          .updateTable('notification_outbox')
          .set((eb) => ({ locked_until: leaseUntil, claim_token: token, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids)
          .returningAll()
          .execute();
        return rows.map((row) => ({ ...row, claim_token: token })).sort((a, b) => a.id - b.id);
      });
    },

    /** Ends a claim; false when the claim was lost (its lease ran out and another worker took the row). */
    async finish(
      row: ClaimedRow,
      outcome:
        | { status: 'sent'; at: string }
        | { status: 'skipped' | 'failed'; reason: string }
        | { status: 'retry'; availableAt: string; reason: string },
    ): Promise<boolean> {
      const base = db.updateTable('notification_outbox').where('id', '=', row.id).where('claim_token', '=', row.claim_token);
      const set =
        outcome.status === 'sent'
          ? { status: 'sent' as const, sent_at: outcome.at, locked_until: null, last_error: null }
          : outcome.status === 'retry'
            ? { available_at: outcome.availableAt, locked_until: null, last_error: outcome.reason.slice(0, ERROR_MAX) }
            : { status: outcome.status, locked_until: null, last_error: outcome.reason.slice(0, ERROR_MAX) };
      const result = await base.set(set).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async addEntry(entry: { userId: number; kind: string; payload: unknown; createdAt: string }, executor: Db = db): Promise<void> {
      await executor
        .insertInto('notifications')
        .values({ user_id: entry.userId, kind: entry.kind, payload_json: JSON.stringify(entry.payload), created_at: entry.createdAt })
        .execute();
    },

    listEntries(userId: number, limit: number, executor: Db = db) {
      return executor.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
    },

    async countUnread(userId: number, executor: Db = db): Promise<number> {
      const row = await executor
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async ownerOfEntry(id: number, executor: Db = db): Promise<number | undefined> {
      const row = await executor.selectFrom('notifications').select('user_id').where('id', '=', id).executeTakeFirst();
      return row?.user_id;
    },

    /** Marks one entry (or, without `id`, every entry) of `userId` read; already read ones keep their time. */
    async markRead(userId: number, at: string, id?: number, executor: Db = db): Promise<void> {
      let query = executor.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (id !== undefined) query = query.where('id', '=', id);
      await query.execute();
    },

    async settingsOf(userId: number, executor: Db = db): Promise<Partial<Record<NotificationCategory, boolean>>> {
      const rows = await executor.selectFrom('notification_settings').select(['category', 'email']).where('user_id', '=', userId).execute();
      return Object.fromEntries(rows.map((row) => [row.category, fromFlag(row.email)]));
    },

    async setSetting(userId: number, category: NotificationCategory, email: boolean, at: string, executor: Db = db): Promise<void> {
      await executor
        .insertInto('notification_settings')
        .values({ user_id: userId, category, email: toFlag(email), updated_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'category']).doUpdateSet({ email: toFlag(email), updated_at: at }))
        .execute();
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
