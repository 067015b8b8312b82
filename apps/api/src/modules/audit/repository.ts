import type { AuditAction } from '@portal/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';
import type { AuditLogRow, Database, NewAuditLogRow } from '../../db/schema.js';

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
    /** The newest row; in service.record only while holding the chain lock. */
    async last(executor: Db = db): Promise<AuditLogRow | undefined> {
      return executor.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
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
     * Up to `limit` rows after `afterId` in id order (null: from the lowest id, whatever it is):
     * verify walks every row the list and the export can show, not only those the chain numbers.
     */
    async chainAfter(afterId: number | null, limit: number, executor: Db = db): Promise<AuditLogRow[]> {
      let query = executor.selectFrom('audit_log').selectAll().orderBy('id').limit(limit);
      if (afterId !== null) query = query.where('id', '>', afterId);
      return query.execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
