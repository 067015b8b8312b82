import type { Kysely } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/**
 * Signed receipts (issue 20). The PDF is stored as issued: a signature covers exact bytes, and the
 * office must be able to hand the same file out again. Its SHA-256 is unique, so the public check
 * finds a receipt by the hash of the uploaded file alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await idColumn(db.schema.createTable('receipts'), engine)
    .addColumn('kind', 'varchar(30)', (col) => col.notNull())
    .addColumn('subject_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('subject_id', 'integer', (col) => col.notNull())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('reference', 'varchar(300)', (col) => col.notNull())
    .addColumn('language', 'varchar(2)', (col) => col.notNull())
    .addColumn('issued_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('pdf', engine === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('receipts_sha256_unique').unique().on('receipts').column('sha256').execute();
  await db.schema.createIndex('receipts_subject_idx').on('receipts').columns(['subject_type', 'subject_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipts').execute();
}
