import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 17 section 5: SQLite's INSERT OR REPLACE deleted and re-inserted an audit row without
// firing the DELETE trigger; PostgreSQL's upsert is the same idea. Both must be refused.
describeEachEngine('replacing an audit row in place', (engine) => {
  const ctx = useTestApp(engine);

  it('is refused and the row stays as recorded', async () => {
    const admin = await createAdmin(ctx.app);
    const { user } = await createEmployee(ctx.app);
    expect((await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${user.id}`)).statusCode).toBe(200);
    const row = await ctx.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

    const columns = sql`(id, occurred_at, actor_id, action, entity_type, entity_id, before_json, after_json, prev_hash, hash)`;
    const values = sql`values (${row.id}, ${row.occurred_at}, ${row.actor_id}, ${row.action}, ${row.entity_type}, ${row.entity_id},
      ${row.before_json}, ${'{"enabled":true}'}, ${row.prev_hash}, ${row.hash})`;
    const replace =
      engine.name === 'sqlite'
        ? sql`insert or replace into audit_log ${columns} ${values}`
        : sql`insert into audit_log ${columns} overriding system value ${values} on conflict (id) do update set after_json = excluded.after_json`;
    await expect(replace.execute(ctx.app.db)).rejects.toThrow(/append-only/);

    expect(await ctx.app.db.selectFrom('audit_log').selectAll().where('id', '=', row.id).executeTakeFirst()).toEqual(row);
    expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: true });
  });
});
