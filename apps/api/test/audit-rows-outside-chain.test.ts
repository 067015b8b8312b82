import type { AuditListResponse, AuditVerifyResponse } from '@portal/contract';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../src/db/database.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { GENESIS_HASH } from '../src/modules/audit/chain.js';
import { type TestContext, useTestApp } from './helpers/app.js';
import { insertAuditRowAround, unkeyedHash } from './helpers/audit.js';
import { describeEachEngine, type TestDatabase } from './helpers/engines.js';
import { createAdmin, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 34 point 1: a row with id 0 or -1 (inserted by the PostgreSQL API role, or by any writer
// of the SQLite file) was listed and exported as genuine while verify, which started after id 0,
// answered intact.

/** A plausible staff action written around the portal, with a valid unkeyed hash from the genesis. */
function forgedRow(id: number, actorId: number, victimId: number) {
  const content = {
    occurred_at: '2026-11-20T09:00:00.000Z',
    actor_id: actorId,
    action: 'employee.deactivate' as const,
    entity_type: 'user' as const,
    entity_id: String(victimId),
    before_json: '{"enabled":true}',
    after_json: '{"enabled":false}',
  };
  return { ...content, id, prev_hash: GENESIS_HASH, hash: unkeyedHash(content, GENESIS_HASH) };
}

/** One genuine staff action through the API: an admin deactivates an employee. */
async function genuineAction(ctx: TestContext): Promise<{ admin: CreatedUser; employeeId: number }> {
  const admin = await createAdmin(ctx.app);
  const { user } = await createEmployee(ctx.app);
  expect((await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${user.id}`)).statusCode).toBe(200);
  return { admin, employeeId: user.id };
}

const listedIds = async (ctx: TestContext, admin: CreatedUser) =>
  (await call(ctx.app, admin, 'GET', '/api/audit?pageSize=100')).json<AuditListResponse>().items.map((item) => item.id);

describeEachEngine('audit rows outside the chain', (engine) => {
  describe('written by a client of the database', () => {
    const ctx = useTestApp(engine);

    it('are refused by the schema (id 0 and -1), and the trail stays as it was', async () => {
      const { admin, employeeId } = await genuineAction(ctx);
      const before = await listedIds(ctx, admin);
      for (const id of [0, -1]) {
        await expect(insertAuditRowAround(ctx.app, forgedRow(id, admin.user.id, employeeId))).rejects.toThrow(
          /CHECK constraint failed: audit_log_id_in_chain|violates check constraint "audit_log_id_in_chain"/,
        );
      }
      expect(await listedIds(ctx, admin)).toEqual(before);
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: true, checked: before.length });
    });

    it.runIf(engine.name === 'postgres')('need OVERRIDING SYSTEM VALUE to name an id on PostgreSQL (generated always)', async () => {
      const admin = await createAdmin(ctx.app);
      const row = forgedRow(1_000_000, admin.user.id, admin.user.id);
      const entries = Object.entries(row);
      const plain = sql`insert into audit_log (${sql.join(entries.map(([column]) => sql.ref(column)))})
        values (${sql.join(entries.map(([, value]) => sql.val(value)))})`;
      await expect(plain.execute(ctx.app.db)).rejects.toThrow(/cannot insert a non-DEFAULT value into column "id"/);
    });
  });

  describe('forged with the check out of the way (the SQLite file\u2019s writer, or the PostgreSQL owner)', () => {
    const ctx = useTestApp(engine);

    it('are listed and exported, and verify names the lowest of them instead of answering intact', async () => {
      const { admin, employeeId } = await genuineAction(ctx);
      if (engine.name === 'sqlite') await sql`pragma ignore_check_constraints = on`.execute(ctx.app.db);
      else await sql`alter table audit_log drop constraint if exists audit_log_id_in_chain`.execute(ctx.app.db);
      try {
        await insertAuditRowAround(ctx.app, forgedRow(0, admin.user.id, employeeId));
        await insertAuditRowAround(ctx.app, forgedRow(-1, admin.user.id, employeeId));
      } finally {
        if (engine.name === 'sqlite') await sql`pragma ignore_check_constraints = off`.execute(ctx.app.db);
      }

      // Every row the tab lists and the CSV exports is one verify walks: here it stops at the first.
      expect(await listedIds(ctx, admin)).toEqual([1, 0, -1]);
      const csv = (await call(ctx.app, admin, 'GET', '/api/audit/export.csv')).body;
      expect(csv.split('\r\n').map((line) => line.split(',')[0])).toEqual(['\uFEFFid', '1', '0', '-1', '']);
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual<AuditVerifyResponse>({
        intact: false,
        checked: 0,
        brokenAt: -1,
        reason: 'outside',
      });
    });
  });
});

describeEachEngine('migration 0024 on a trail that already holds a row outside the chain', (engine) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDatabase = await engine.create();
    handle = createDatabase(testDatabase.config);
    const { error } = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo('0023-reply-emails-from-entries');
    if (error) throw error;
  });

  afterAll(async () => {
    await handle?.destroy();
    await testDatabase?.drop();
  });

  it('stops and names the row instead of removing it; the rows of the chain are kept', async () => {
    const old = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const { id: actorId } = await old
      .insertInto('users')
      .values({
        username: 'jkowalski',
        email: 'jkowalski@example.org',
        password_hash: 'x',
        first_name: 'Jan',
        last_name: 'Kowalski',
        role: 'ADMIN',
        phone_number: '501234567',
        date_of_birth: '1990-01-01',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const genuine = { ...forgedRow(1, Number(actorId), 7) };
    await old.insertInto('audit_log').values(genuine).execute();
    await old.insertInto('audit_log').values(forgedRow(0, Number(actorId), 7)).execute();

    await expect(migrateToLatest(handle.db)).rejects.toThrow(/audit_log holds rows outside the chain \(id 0\)/);
    const ids = await handle.db.selectFrom('audit_log').select('id').orderBy('id').execute();
    expect(ids.map((row) => Number(row.id))).toEqual([0, 1]);

    // The owner keeps a copy and removes it (around the append-only trigger); then the start goes on.
    if (engine.name === 'postgres') await sql`alter table audit_log disable trigger audit_log_append_only`.execute(handle.db);
    else await sql`drop trigger audit_log_no_delete`.execute(handle.db);
    await handle.db.deleteFrom('audit_log').where('id', '=', 0).execute();
    await migrateToLatest(handle.db);
    // Kept as it was; migration 0064 adds its (empty) chain place: a row chained before it is placed at its id.
    expect(await handle.db.selectFrom('audit_log').selectAll().execute()).toEqual([{ ...genuine, chain_id: null }]);
  });
});
