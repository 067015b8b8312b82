import type { AuditAction } from '@portal/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AUDIT_PENDING_ID_BASE, AUDIT_PENDING_SEQUENCE } from '../../db/migrations/0064-audit-deferred-chain.js';
import { engineOf } from '../../db/portable.js';
import type { AuditLogRow, Database, NewAuditLogRow } from '../../db/schema.js';

export { AUDIT_PENDING_ID_BASE };

/** An unchained row as a change's transaction writes it: its content, no id, no chain fields. */
export type PendingAuditRow = Omit<NewAuditLogRow, 'id' | 'prev_hash' | 'hash'>;

export interface AuditFilter {
  actorId?: number;
  action?: AuditAction;
  /** ISO instants: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
}

/** A row with its actor's name, as the Audit Log lists it. */
export type AuditRowWithActor = AuditLogRow & { actor_first_name: string; actor_last_name: string };

/** Stamps are ISO-8601 UTC text of one fixed width, so comparing them as text compares instants. */
const toStamp = (instant: string): string => new Date(instant).toISOString();

/**
 * SQL for the append-only audit_log. There is deliberately no update or delete here: the table's
 * triggers would refuse them anyway.
 */
export function createAuditRepository(db: Db) {
  function filtered<O>(query: SelectQueryBuilder<Database & { a: Database['audit_log'] }, 'a', O>, filter: AuditFilter) {
    let q = query;
    if (filter.actorId !== undefined) q = q.where('a.actor_id', '=', filter.actorId);
    if (filter.action !== undefined) q = q.where('a.action', '=', filter.action);
    if (filter.from !== undefined) q = q.where('a.occurred_at', '>=', toStamp(filter.from));
    if (filter.to !== undefined) q = q.where('a.occurred_at', '<', toStamp(filter.to));
    return q;
  }

  const withActor = (executor: Db) =>
    executor
      .selectFrom('audit_log as a')
      .innerJoin('users as actor', 'actor.id', 'a.actor_id')
      .selectAll('a')
      .select(['actor.first_name as actor_first_name', 'actor.last_name as actor_last_name']);

  return {
    /** Runs `work` in one transaction of this repository's database (the chainer's batch). */
    inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The chain's head (the newest chained row); to append after it, only while holding the chain lock. */
    async last(executor: Db = db): Promise<AuditLogRow | undefined> {
      return executor.selectFrom('audit_log').selectAll().where('id', '<', AUDIT_PENDING_ID_BASE).orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    /**
     * Writes an unchained row under the next provisional id: no lock, so a change's transaction
     * never waits for another's. PostgreSQL's sequence never hands a number out twice; SQLite
     * (one writer at a time) takes the next above its AUTOINCREMENT counter, which never goes back.
     */
    async insertPending(row: PendingAuditRow, executor: Db): Promise<number> {
      const entries = Object.entries(row);
      const columns = sql.join([sql.ref('id'), ...entries.map(([column]) => sql.ref(column))]);
      const id =
        engineOf(executor) === 'postgres'
          ? sql`nextval(${AUDIT_PENDING_SEQUENCE})`
          : sql`max(${AUDIT_PENDING_ID_BASE}, coalesce((select seq from sqlite_sequence where name = 'audit_log'), 0) + 1)`;
      const overriding = engineOf(executor) === 'postgres' ? sql`overriding system value` : sql``;
      const { rows } = await sql<{ id: number | string }>`insert into audit_log (${columns}) ${overriding}
        values (${sql.join([id, ...entries.map(([, value]) => sql.val(value))])}) returning id`.execute(executor);
      return Number(rows[0]?.id);
    },

    /** Up to `limit` committed unchained rows, oldest provisional id first: the chainer's next batch. */
    async unchained(limit: number, executor: Db = db): Promise<AuditLogRow[]> {
      return executor
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>=', AUDIT_PENDING_ID_BASE)
        .where('prev_hash', 'is', null)
        .where('hash', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Gives an unchained row its chain id and fields (the triggers allow this once). False when it was chained meanwhile. */
    async chain(pendingId: number, chained: { id: number; prev_hash: string; hash: string }, executor: Db): Promise<boolean> {
      const result = await executor
        .updateTable('audit_log')
        .set(chained)
        .where('id', '=', pendingId)
        .where('prev_hash', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The rows above the chain: how many wait for the chainer, and the lowest that does not (chain
     * fields filled under a provisional id: written around the portal), if any.
     */
    async aboveChain(executor: Db = db): Promise<{ pending: number; strayId: number | null }> {
      const row = await executor
        .selectFrom('audit_log')
        .where('id', '>=', AUDIT_PENDING_ID_BASE)
        .select((eb) => [
          eb.fn.count<string | number>(eb.case().when(eb.and([eb('prev_hash', 'is', null), eb('hash', 'is', null)])).then(1).end()).as('pending'),
          eb.fn.min<string | number | null>(eb.case().when(eb.or([eb('prev_hash', 'is not', null), eb('hash', 'is not', null)])).then(eb.ref('id')).end()).as('stray'),
        ])
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending), strayId: row.stray === null ? null : Number(row.stray) };
    },

    /**
     * Inserts a row with the id the chain gives it. PostgreSQL's id is `generated always`
     * (migration 0024), so naming it takes OVERRIDING SYSTEM VALUE, which Kysely cannot write.
     */
    async insert(row: NewAuditLogRow & { id: number }, executor: Db): Promise<AuditLogRow> {
      if (engineOf(executor) === 'sqlite') return executor.insertInto('audit_log').values(row).returningAll().executeTakeFirstOrThrow();
      const entries = Object.entries(row);
      const { rows } = await sql<AuditLogRow>`insert into audit_log (${sql.join(entries.map(([column]) => sql.ref(column)))})
        overriding system value values (${sql.join(entries.map(([, value]) => sql.val(value)))}) returning *`.execute(executor);
      const [inserted] = rows;
      if (!inserted) throw new Error('the audit row was not inserted');
      return inserted;
    },

    /** One page, newest first, and how many rows match in all. */
    async page(filter: AuditFilter, page: number, pageSize: number, executor: Db = db) {
      const [rows, count] = await Promise.all([
        filtered(withActor(executor), filter)
          .orderBy('a.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute() as Promise<AuditRowWithActor[]>,
        filtered(executor.selectFrom('audit_log as a'), filter)
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    /** Up to `limit` matching rows older than `beforeId`, newest first (the CSV export's batches). */
    async olderThan(filter: AuditFilter, beforeId: number | undefined, limit: number, executor: Db = db) {
      let query = filtered(withActor(executor), filter).orderBy('a.id', 'desc').limit(limit);
      if (beforeId !== undefined) query = query.where('a.id', '<', beforeId);
      return (await query.execute()) as AuditRowWithActor[];
    },

    /**
     * Up to `limit` rows below the provisional ids after `afterId` in id order (null: from the
     * lowest id, whatever it is): verify walks every row the list and the export can show, not
     * only those the chain numbers; the rows above are aboveChain's.
     */
    async chainAfter(afterId: number | null, limit: number, executor: Db = db): Promise<AuditLogRow[]> {
      let query = executor.selectFrom('audit_log').selectAll().where('id', '<', AUDIT_PENDING_ID_BASE).orderBy('id').limit(limit);
      if (afterId !== null) query = query.where('id', '>', afterId);
      return query.execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
