import { type Kysely, sql } from 'kysely';
import { engineOf } from '../portable.js';

/**
 * Issue 31: a change's transaction no longer takes the audit chain's lock. It writes its row
 * unchained (chain_id, prev_hash and hash null) under its ordinary id, and the audit module's
 * chainer (modules/audit/chainer.ts) later gives it, under the lock, its place in the chain
 * (`chain_id`, the next after the head: the chain's places stay gapless) and its prev_hash and MAC.
 * A row chained before this migration keeps chain_id null: its place is its id, as it always was.
 *
 * The append-only triggers still refuse every UPDATE but that one: an unchained row may get its
 * three chain fields, once, with everything else unchanged. A chained row can never change again.
 * Rows were given explicit ids until now, so PostgreSQL's identity is moved past them.
 */
const chainFill = sql.raw(`old.chain_id is null and old.prev_hash is null and old.hash is null
  and new.chain_id is not null and new.prev_hash is not null and new.hash is not null and new.id = old.id
  and new.occurred_at = old.occurred_at and new.actor_id = old.actor_id and new.action = old.action
  and new.entity_type = old.entity_type and new.entity_id = old.entity_id
  and new.before_json is not distinct from old.before_json and new.after_json is not distinct from old.after_json`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`alter table audit_log add column chain_id integer constraint audit_log_chain_id_in_chain check (chain_id > 0)`.execute(db);
    await sql`alter table audit_log alter column prev_hash drop not null, alter column hash drop not null`.execute(db);
    await sql`select setval(pg_get_serial_sequence('audit_log', 'id'), max(id)) from audit_log having max(id) is not null`.execute(db);
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
  // The chain's order, one row per place (two chainers can never both give a place); and the chainer's queue.
  await sql`create unique index audit_log_chain_place_idx on audit_log ((coalesce(chain_id, id))) where ${IN_CHAIN}`.execute(db);
  await sql`create index audit_log_unchained_idx on audit_log (id) where not (${IN_CHAIN})`.execute(db);
}

/** A row with any chain field is in the chain (and verify checks it); one with none waits for the chainer. */
const IN_CHAIN = sql.raw('chain_id is not null or prev_hash is not null or hash is not null');

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_unchained_idx`.execute(db);
  await sql`drop index if exists audit_log_chain_place_idx`.execute(db);
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_change()`.execute(db);
    await sql`drop function audit_log_refuse_row_change()`.execute(db);
    await sql`alter table audit_log alter column prev_hash set not null, alter column hash set not null`.execute(db);
    await sql`alter table audit_log drop column chain_id`.execute(db);
  } else {
    await rebuildSqliteTable(db, false);
  }
}

/** SQLite cannot drop a NOT NULL: the table is rebuilt as in migration 0024, with its indexes and triggers. */
async function rebuildSqliteTable(db: Kysely<unknown>, deferred: boolean): Promise<void> {
  const nullable = deferred ? sql`` : sql` not null`;
  const chainId = deferred ? sql`
        chain_id integer constraint audit_log_chain_id_in_chain check (chain_id > 0),` : sql``;
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
        hash varchar(64)${nullable},${chainId}
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
