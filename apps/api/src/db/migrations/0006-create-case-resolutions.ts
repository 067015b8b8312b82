import { type Kysely, sql } from 'kysely';
import { engineOf, flagColumn, idColumn } from '../portable.js';

const inList = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

// Spelled out here, not imported: a shipped migration must not change when the contract does.
const CASE_STATUSES = ['PENDING', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'];
const CASE_TYPES = ['VEHICLE_REGISTRATION', 'IDENTITY_CARD', 'BUILDING_PERMIT', 'OTHER'];
const VEHICLE_TYPES = ['SEDAN', 'SUV', 'TRUCK', 'MOTORCYCLE', 'BUS', 'VAN', 'OTHER'];

/**
 * Case resolutions, their vehicle registration (at most one per case), their status history and
 * their documents. Documents live in the database (a backup of the database is a backup of
 * everything) as a row of facts plus the bytes in fixed-size chunks: an upload is written and a
 * download read a chunk at a time, so neither holds a whole file in memory. A document counts only
 * once `complete` is set, after its last chunk; a refused or broken upload is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);

  await idColumn(db.schema.createTable('case_resolutions'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('case_type', 'varchar(32)', (col) => col.notNull().check(inList('case_type', CASE_TYPES)))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('PENDING').check(inList('status', CASE_STATUSES)))
    .addColumn('comments', 'text')
    .addColumn('submission_date', 'varchar(30)', (col) => col.notNull())
    .addColumn('status_changed_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  // The pending list (by status) and a citizen's own list (by user), newest first, without a sort.
  await db.schema.createIndex('case_resolutions_status_idx').on('case_resolutions').columns(['status', 'id']).execute();
  await db.schema.createIndex('case_resolutions_user_idx').on('case_resolutions').columns(['user_id', 'id']).execute();

  await idColumn(db.schema.createTable('vehicle_registrations'), engine)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('number_plate', 'varchar(16)', (col) => col.notNull())
    .addColumn('make', 'varchar(50)', (col) => col.notNull())
    .addColumn('model', 'varchar(50)', (col) => col.notNull())
    .addColumn('vehicle_year', 'integer', (col) => col.notNull())
    .addColumn('registration_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('color', 'varchar(50)', (col) => col.notNull())
    .addColumn('vin', 'varchar(17)', (col) => col.notNull())
    .addColumn('vehicle_type', 'varchar(16)', (col) => col.notNull().check(inList('vehicle_type', VEHICLE_TYPES)))
    .execute();
  await db.schema.createIndex('vehicle_registrations_case_unique').on('vehicle_registrations').unique().column('case_id').execute();

  await idColumn(db.schema.createTable('case_status_history'), engine)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().check(inList('status', CASE_STATUSES)))
    .addColumn('changed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('changed_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('case_status_history_case_idx').on('case_status_history').columns(['case_id', 'id']).execute();

  let documents = idColumn(db.schema.createTable('documents'), engine)
    .addColumn('uuid', 'varchar(36)', (col) => col.notNull())
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('uploaded_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sha256', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull());
  documents = flagColumn(documents, 'complete', false);
  await documents.execute();
  await db.schema.createIndex('documents_uuid_unique').on('documents').unique().column('uuid').execute();
  await db.schema.createIndex('documents_case_idx').on('documents').columns(['case_id', 'id']).execute();

  await db.schema
    .createTable('document_chunks')
    .addColumn('document_id', 'integer', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', engine === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_chunks_pk', ['document_id', 'seq'])
    .execute();
  if (engine === 'postgres') {
    // PDFs are compressed already: store the chunks out of line without trying to compress them again.
    await sql`alter table document_chunks alter column data set storage external`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_chunks').execute();
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('case_status_history').execute();
  await db.schema.dropTable('vehicle_registrations').execute();
  await db.schema.dropTable('case_resolutions').execute();
}
