import type { AuditAction } from '@portal/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';
import type { AuditLogRow, Database, NewAuditLogRow } from '../../db/schema.js';

/** A row's content as a change's transaction writes it (no id: the database's sequence gives it). */
export type AuditRowContent = Omit<NewAuditLogRow, 'id' | 'prev_hash' | 'hash' | 'chain_id'>;

/**
 * A row's place in the chain: `chain_id`, or its id for a row chained before migration 0064 (or
 * written around the portal with chain fields, which verify then checks at that place).
 */
const PLACE = sql<number>`coalesce(chain_id, id)`;
/** The rows in the chain (any chain field set) and those that wait for the chainer (none set); migration 0064's indexes. */
const IN_CHAIN = sql<boolean>`(chain_id is not null or prev_hash is not null or hash is not null)`;
const UNCHAINED = sql<boolean>`(chain_id is null and prev_hash is null and hash is null)`;

/** What the chainer gives an unchained row (by its id). */
export interface ChainLink {
  id: number;
  chain_id: number;
  prev_hash: string;
  hash: string;
}

/** A row's place in the chain (see PLACE), read from the row. */
export const placeOf = (row: Pick<AuditLogRow, 'id' | 'chain_id'>): number => Number(row.chain_id ?? row.id);

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

    /** The chain's head (its row with the highest place); to append after it, only while holding the chain lock. */
    async last(executor: Db = db): Promise<AuditLogRow | undefined> {
      return executor.selectFrom('audit_log').selectAll().where(IN_CHAIN).orderBy(PLACE, 'desc').limit(1).executeTakeFirst();
    },

    /**
     * Inserts an unchained row; answers it as stored. Its id is the sequence's next (SQLite's
     * AUTOINCREMENT already skips past any id there is), or on PostgreSQL one above the highest id
     * when a row was inserted with an explicit id the sequence has not passed (catchUpIds moves it
     * on): a row written around the portal must not make every audited change fail on its id.
     */
    async insert(row: AuditRowContent, executor: Db): Promise<AuditLogRow> {
      if (engineOf(executor) === 'sqlite') return executor.insertInto('audit_log').values(row).returningAll().executeTakeFirstOrThrow();
      const entries = Object.entries(row);
      const id = sql`greatest(nextval(pg_get_serial_sequence('audit_log', 'id')), (select max(id) + 1 from audit_log))`;
      const { rows } = await sql<AuditLogRow>`insert into audit_log (${sql.join([sql.ref('id'), ...entries.map(([column]) => sql.ref(column))])})
        overriding system value values (${sql.join([id, ...entries.map(([, value]) => sql.val(value))])}) returning *`.execute(executor);
      const [inserted] = rows;
      if (!inserted) throw new Error('the audit row was not inserted');
      return inserted;
    },

    /**
     * Moves PostgreSQL's id sequence past the highest id, should rows have been inserted with
     * explicit ids (as every row was before migration 0064, and as a test or someone with INSERT
     * can still do); a no-op otherwise. Should requests take ids meanwhile, it never moves the
     * sequence back past them: it only ever sets it to an id that is taken.
     */
    async catchUpIds(executor: Db = db): Promise<void> {
      if (engineOf(executor) !== 'postgres') return;
      await sql`select setval(pg_get_serial_sequence('audit_log', 'id'), max(id)) from audit_log
        having max(id) > coalesce(pg_sequence_last_value(pg_get_serial_sequence('audit_log', 'id')::regclass), 0)`.execute(executor);
    },

    /** Up to `limit` committed unchained rows, lowest id first: the chainer's next batch. */
    async unchained(limit: number, executor: Db = db): Promise<AuditLogRow[]> {
      return executor.selectFrom('audit_log').selectAll().where(UNCHAINED).orderBy('id').limit(limit).execute();
    },

    /**
     * Gives unchained rows their place, prev_hash and MAC (the triggers allow this once); answers
     * how many were still unchained. On PostgreSQL one statement for the batch: every round trip
     * here is spent holding the chain's lock.
     */
    async chain(links: readonly ChainLink[], executor: Db): Promise<number> {
      if (links.length === 0) return 0;
      if (engineOf(executor) === 'sqlite') {
        let updated = 0;
        for (const { id, ...chained } of links) {
          const result = await executor.updateTable('audit_log').set(chained).where('id', '=', id).where(UNCHAINED).executeTakeFirst();
          updated += Number(result.numUpdatedRows);
        }
        return updated;
      }
      const values = sql.join(links.map((link) => sql`(${link.id}::integer, ${link.chain_id}::integer, ${link.prev_hash}::varchar, ${link.hash}::varchar)`));
      const result = await sql`update audit_log set chain_id = v.chain_id, prev_hash = v.prev_hash, hash = v.hash
        from (values ${values}) as v (id, chain_id, prev_hash, hash)
        where audit_log.id = v.id and audit_log.chain_id is null and audit_log.prev_hash is null and audit_log.hash is null`.execute(executor);
      return Number(result.numAffectedRows ?? 0);
    },

    /** How many committed rows wait for the chainer. */
    async pendingCount(executor: Db = db): Promise<number> {
      const row = await executor
        .selectFrom('audit_log')
        .where(UNCHAINED)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
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
     * Up to `limit` rows of the chain after place `afterPlace` in the chain's order (null: from the
     * lowest place, whatever it is): with pendingCount, verify accounts for every row the list and
     * the export can show, not only those the chain numbers.
     */
    async chainAfter(afterPlace: number | null, limit: number, executor: Db = db): Promise<AuditLogRow[]> {
      let query = executor.selectFrom('audit_log').selectAll().where(IN_CHAIN).orderBy(PLACE).limit(limit);
      if (afterPlace !== null) query = query.where(PLACE, '>', afterPlace);
      return query.execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
