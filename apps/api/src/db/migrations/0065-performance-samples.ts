import { CASES_UNIT } from '@portal/contract';
import { type DialectAdapter, type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import { type Engine, engineOf } from '../portable.js';

/*
 * Issue 33 points 8 and 9: the dashboard and the open data read the performance module's own
 * table instead of joining and converting the letters' and cases' rows on every read. A row per
 * counted moment of a matter (schema-performance.ts), written by the module's subscriber in the
 * change's transaction; the index leads with the kind and the time, so a span is one range of a
 * narrow index (no join, no date arithmetic at read time). The rows of the matters already there
 * are copied here (fillPerformanceSamples).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('performance_samples')
    .addColumn('matter', 'varchar(6)', (col) => col.notNull())
    .addColumn('matter_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'varchar(12)', (col) => col.notNull())
    .addColumn('unit', 'varchar(60)', (col) => col.notNull())
    .addColumn('at', 'varchar(30)', (col) => col.notNull())
    .addColumn('secs', 'double precision')
    .addPrimaryKeyConstraint('performance_samples_pk', ['matter', 'matter_id', 'kind'])
    .execute();
  await db.schema.createIndex('performance_samples_kind_at').on('performance_samples').columns(['kind', 'at', 'unit', 'secs']).execute();
  await fillPerformanceSamples(db);
}

/**
 * The statements that make the rows of every letter and case from their own columns, as the
 * subscriber would have written them: arrival, first reply or action, decision (a letter only
 * while it is resolved). Plain SQL text, so bench:scale's bulk seed runs the same on its own
 * connection. The first empties the table.
 */
export function performanceSamplesFill(engine: Engine): string[] {
  const secondsBetween = (from: string, to: string) =>
    engine === 'postgres' ? `extract(epoch from (cast(${to} as timestamptz) - cast(${from} as timestamptz)))` : `((julianday(${to}) - julianday(${from})) * 86400.0)`;
  const into = 'insert into performance_samples (matter, matter_id, kind, unit, at, secs)';
  const letters = 'from conversations c join letters l on l.id = c.letter_id';
  const unit = `'${CASES_UNIT.replace(/'/g, "''")}'`;
  return [
    'delete from performance_samples',
    `${into} select 'letter', c.id, 'received', l.recipient, c.created_at, null ${letters}`,
    `${into} select 'letter', c.id, 'first-reply', l.recipient, c.first_reply_at, ${secondsBetween('c.created_at', 'c.first_reply_at')} ${letters} where c.first_reply_at is not null`,
    `${into} select 'letter', c.id, 'decision', l.recipient, c.resolved_date, ${secondsBetween('c.created_at', 'c.resolved_date')} ${letters} where c.status = 'RESOLVED' and c.resolved_date is not null`,
    `${into} select 'case', id, 'received', ${unit}, submission_date, null from case_resolutions`,
    `${into} select 'case', id, 'first-reply', ${unit}, first_action_at, ${secondsBetween('submission_date', 'first_action_at')} from case_resolutions where first_action_at is not null`,
    `${into} select 'case', id, 'decision', ${unit}, decided_at, ${secondsBetween('submission_date', 'decided_at')} from case_resolutions where decided_at is not null`,
  ];
}

/** Replaces the table's rows with those made from the letters' and cases' own columns. */
export async function fillPerformanceSamples(db: QueryExecutorProvider & { getExecutor(): { readonly adapter: DialectAdapter } }): Promise<void> {
  for (const statement of performanceSamplesFill(engineOf(db))) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('performance_samples').execute();
}
