import { type Kysely, sql } from 'kysely';
import { engineOf, flagColumn, idColumn } from '../portable.js';

/**
 * Issue 32 points 7 and 8 (cases module): each decision and its delivery to the citizen, the
 * office's requests to supplement a case with the citizen's answers (each request to its answer
 * is a pause of the office's clock, KPA art. 35 §5: this table is the store of pauses), and the
 * appeals of rejections, one per decision (a unique index, so two at once cannot both land).
 * A history row made by an appeal says so (`kind`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await flagColumn(
    idColumn(db.schema.createTable('case_decisions'), engine)
      .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
      .addColumn('status', 'varchar(20)', (col) => col.notNull())
      .addColumn('decided_at', 'varchar(30)', (col) => col.notNull())
      .addColumn('decided_by', 'integer', (col) => col.references('users.id')),
    'on_appeal',
    false,
  )
    .addColumn('opened_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('case_decisions_case').on('case_decisions').columns(['case_id', 'id']).execute();

  await idColumn(db.schema.createTable('case_supplements'), engine)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('requested_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('requested_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('documents_needed', 'text', (col) => col.notNull())
    .addColumn('answered_at', 'varchar(30)')
    .addColumn('answer', 'text')
    .addColumn('answer_documents', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('case_supplements_case').on('case_supplements').columns(['case_id', 'id']).execute();
  // One waiting request per case, even for two clerks asking at once.
  await db.schema.createIndex('case_supplements_open_unique').on('case_supplements').column('case_id').unique().where(sql.ref('answered_at'), 'is', null).execute();

  await idColumn(db.schema.createTable('case_appeals'), engine)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('decision_id', 'integer', (col) => col.notNull().references('case_decisions.id'))
    .addColumn('appealed_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('documents', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('case_appeals_decision_unique').on('case_appeals').column('decision_id').unique().execute();
  await db.schema.createIndex('case_appeals_case').on('case_appeals').columns(['case_id', 'id']).execute();

  await db.schema.alterTable('case_status_history').addColumn('kind', 'varchar(20)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_status_history').dropColumn('kind').execute();
  await db.schema.dropTable('case_appeals').execute();
  await db.schema.dropTable('case_supplements').execute();
  await db.schema.dropTable('case_decisions').execute();
}
