import { type Kysely, sql } from 'kysely';

/*
 * The clerks' warnings that a term runs out are the office's own business (contract timeline.ts,
 * isStaffOnlyTimelineType): the rows written before were open to the citizen's timeline and moved
 * the matter's last activity on "My matters".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update timeline_entries set staff_only = 1 where event_type = 'matter-deadline-warning'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update timeline_entries set staff_only = 0 where event_type = 'matter-deadline-warning'`.execute(db);
}
