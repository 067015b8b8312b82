import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * Issue 31: a change's transaction no longer takes the audit chain's lock. It writes its row
 * unchained (no prev_hash, no hash) under a provisional id from `AUDIT_PENDING_ID_BASE` up, and
 * the audit module's chainer later gives it, under the lock, its place in the chain: the next id
 * below the base (the chain's ids stay gapless, so everything that rests on them — the MAC over
 * the id, 'gap', checkpoints, adoption — stays as it was) and its prev_hash and MAC.
 *
 * The append-only triggers still refuse every UPDATE but that one: an unchained row (both chain
 * fields null, provisional id) may get its chain id and both fields, once, with its content
 * unchanged. A chained row can never be changed again. The id becomes bigint on PostgreSQL, as
 * the provisional ids lie above an integer's range.
 */
export const AUDIT_PENDING_ID_BASE = 1_000_000_000_000;
/** PostgreSQL's source of provisional ids (SQLite takes the next above its table's own counter). */
export const AUDIT_PENDING_SEQUENCE = 'audit_log_pending_id';

/** True (SQL) for an UPDATE that only fills an unchained row's chain fields, the one change allowed. */
const chainFill = sql.raw(`old.prev_hash is null and old.hash is null and old.id >= ${AUDIT_PENDING_ID_BASE}
  and new.id < ${AUDIT_PENDING_ID_BASE} and new.prev_hash is not null and new.hash is not null
  and new.occurred_at = old.occurred_at and new.actor_id = old.actor_id and new.action = old.action
  and new.entity_type = old.entity_type and new.entity_id = old.entity_id
  and new.before_json is not distinct from old.before_json and new.after_json is not distinct from old.after_json`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`alter table audit_log alter column id type bigint`.execute(db);
    await sql`alter table audit_log alter column prev_hash drop not null, alter column hash drop not null`.execute(db);
    await sql`create sequence ${sql.id(AUDIT_PENDING_SEQUENCE)} as bigint start with ${sql.lit(AUDIT_PENDING_ID_BASE)}`.execute(db);
    await sql`
      create function audit_log_refuse_row_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and ${chainFill} then
          return new;
        end if;
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'P0001';
      end
      $$`.execute(db);
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_row_change()`.execute(db);
  } else {
    await rebuildSqliteTable(db, true);
  }
  await sql`create index audit_log_unchained_idx on audit_log (id) where prev_hash is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_unchained_idx`.execute(db);
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_change()`.execute(db);
    await sql`drop function audit_log_refuse_row_change()`.execute(db);
    await sql`drop sequence ${sql.id(AUDIT_PENDING_SEQUENCE)}`.execute(db);
    await sql`alter table audit_log alter column prev_hash set not null, alter column hash set not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, false);
  }
}

/** SQLite cannot drop a NOT NULL: the table is rebuilt as in migration 0024, with its indexes and triggers. */
async function rebuildSqliteTable(db: Kysely<unknown>, deferred: boolean): Promise<void> {
  const nullable = deferred ? sql`` : sql` not null`;
  const allowFill = deferred ? sql`when not (${chainFill})` : sql``;
  await db.transaction().execute(async (trx) => {
    await sql`
      create table audit_log_rebuilt (
        id integer primary key autoincrement,
        occurred_at varchar(30) not null,
        actor_id integer not null references users (id),
        action varchar(40) not null,
        entity_type varchar(20) not null,
        entity_id varchar(64) not null,
        before_json text,
        after_json text,
        prev_hash varchar(64)${nullable},
        hash varchar(64)${nullable},
        constraint audit_log_id_in_chain check (id > 0)
      )`.execute(trx);
    await sql`
      insert into audit_log_rebuilt (id, occurred_at, actor_id, action, entity_type, entity_id, before_json, after_json, prev_hash, hash)
      select id, occurred_at, actor_id, action, entity_type, entity_id, before_json, after_json, prev_hash, hash from audit_log`.execute(trx);
    // Dropping a table fires none of its triggers, and drops them with it.
    await sql`drop table audit_log`.execute(trx);
    await sql`alter table audit_log_rebuilt rename to audit_log`.execute(trx);
    await sql`create index audit_log_actor_idx on audit_log (actor_id, id)`.execute(trx);
    await sql`create index audit_log_action_idx on audit_log (action, id)`.execute(trx);
    await sql`create index audit_log_occurred_idx on audit_log (occurred_at)`.execute(trx);
    await sql`
      create trigger audit_log_no_update before update on audit_log ${allowFill}
      begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(trx);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`.execute(trx);
    await sql`
      create trigger audit_log_no_replace before insert on audit_log
      when exists (select 1 from audit_log where id = new.id)
      begin select raise(abort, 'audit_log is append-only: REPLACE refused'); end`.execute(trx);
  });
}
