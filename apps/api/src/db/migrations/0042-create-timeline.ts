import { type Kysely, sql } from 'kysely';
import { engineOf, flagColumn, idColumn } from '../portable.js';

/*
 * Issue 32 point 2: a matter's timeline, one row per change of a letter or a case, written from
 * then on by the timeline module as it hears the portal's events. Existing matters get their rows
 * here, derived from what the letters and cases tables kept (arrival, take, messages, resolution,
 * each status change with its reason, each document), in plain INSERT ... SELECTs: a backfill in
 * the migration keeps the reader one query over one table, and costs one pass at upgrade instead
 * of a synthesis at every read. What the old tables never kept (a term extension) is not invented.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await flagColumn(
    idColumn(db.schema.createTable('timeline_entries'), engine)
      .addColumn('matter', 'varchar(10)', (col) => col.notNull())
      .addColumn('matter_id', 'integer', (col) => col.notNull())
      .addColumn('owner_id', 'integer', (col) => col.notNull())
      .addColumn('event_type', 'varchar(60)', (col) => col.notNull())
      .addColumn('at', 'varchar(30)', (col) => col.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('facts', 'text', (col) => col.notNull()),
    'staff_only',
    false,
  ).execute();
  await db.schema.createIndex('timeline_entries_matter').on('timeline_entries').columns(['matter', 'matter_id', 'at', 'id']).execute();
  await db.schema.createIndex('timeline_entries_owner').on('timeline_entries').columns(['owner_id']).execute();

  const json = engine === 'postgres' ? sql.raw('json_build_object') : sql.raw('json_object');
  const text = (expression: ReturnType<typeof sql>) => (engine === 'postgres' ? sql`${expression}::text` : expression);
  const insert = sql.raw('insert into timeline_entries (matter, matter_id, owner_id, event_type, at, actor_id, facts, staff_only)');

  await sql`${insert}
    select 'letter', l.id, l.user_id, 'letter-sent', l.created_at, l.user_id, ${text(sql`${json}('department', l.recipient, 'conversationId', c.id)`)}, 0
    from letters l join conversations c on c.letter_id = l.id`.execute(db);
  await sql`${insert}
    select 'letter', c.letter_id, c.user_id, 'conversation-taken', c.taken_at, c.employee_id, '{}', 0
    from conversations c where c.taken_at is not null`.execute(db);
  await sql`${insert}
    select 'letter', c.letter_id, c.user_id, 'message-sent', m.sent_at, m.sender_id,
      case when m.sender_id = c.user_id then '{"from":"citizen"}' else '{"from":"office"}' end, 0
    from messages m join conversations c on c.id = m.conversation_id`.execute(db);
  await sql`${insert}
    select 'letter', c.letter_id, c.user_id, 'conversation-resolved', c.resolved_date, c.employee_id, '{}', 0
    from conversations c where c.status = 'RESOLVED' and c.resolved_date is not null`.execute(db);
  // The first status row of a case is its submission (PENDING); each later one a change, with the status before it.
  await sql`${insert}
    select 'case', h.case_id, r.user_id,
      case when h.before is null then 'case-submitted' else 'case-status-changed' end,
      h.changed_at, h.changed_by,
      case when h.before is null then '{}' else ${text(sql`${json}('before', h.before, 'after', h.status, 'reason', h.reason)`)} end, 0
    from (select case_id, status, changed_by, changed_at, reason, lag(status) over (partition by case_id order by id) as before
          from case_status_history) h
    join case_resolutions r on r.id = h.case_id`.execute(db);
  await sql`${insert}
    select 'case', d.case_id, r.user_id, 'document-added', d.created_at, d.uploaded_by, ${text(sql`${json}('name', d.name)`)}, 0
    from documents d join case_resolutions r on r.id = d.case_id where d.complete = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('timeline_entries').execute();
}
