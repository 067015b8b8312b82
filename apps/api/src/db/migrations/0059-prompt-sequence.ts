import { type Kysely, sql } from 'kysely';

/*
 * Issue 32 point 6: at most one prompt per matter in 7 days, however many requests arrive at once
 * on however many API processes. The service reads the matter's latest prompt and checks the 7
 * days; two requests could both read the same latest prompt and both insert. Each prompt now
 * carries its number within its matter (`seq`: the latest one's + 1), and a unique index on
 * (matter_kind, matter_id, seq) lets only one of two such requests insert: on PostgreSQL the
 * second waits for the first's commit and then finds the number taken, on SQLite writers queue.
 * Rows from before are numbered in their order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('matter_prompts').addColumn('seq', 'integer').execute();
  await sql`update matter_prompts set seq = (
      select count(*) from matter_prompts earlier
      where earlier.matter_kind = matter_prompts.matter_kind and earlier.matter_id = matter_prompts.matter_id and earlier.id <= matter_prompts.id)`.execute(db);
  await db.schema.createIndex('matter_prompts_seq').on('matter_prompts').columns(['matter_kind', 'matter_id', 'seq']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('matter_prompts_seq').execute();
  await db.schema.alterTable('matter_prompts').dropColumn('seq').execute();
}
