import { transportMessages } from '@portal/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { buildServer } from '../src/server.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';

const lastMigration = Object.keys(migrations).at(-1)!;

describeEachEngine('GET /readyz', (engine) => {
  const ctx = useTestApp(engine);

  it('answers 200 with the engine and the migrations applied while the schema is current', async () => {
    const response = await ctx.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: engine.name, migrations: Object.keys(migrations).length });
  });

  it('answers 503 with the reason once the database is gone', async () => {
    const database = createDatabase(ctx.config.database);
    const app = await buildServer(ctx.config, { database });
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await database.destroy();
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'ServiceUnavailable',
        message: transportMessages.serviceUnavailable,
        reason: 'The database does not answer.',
      });
    } finally {
      await app.close();
    }
  });

  // Last in the suite: the suite's own database loses the record of its newest migration.
  it('answers 503 naming the migration a database lacks, while /healthz still says alive', async () => {
    await sql`delete from kysely_migration where name = ${lastMigration}`.execute(ctx.app.db);
    const response = await ctx.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ reason: string }>().reason).toBe(`Migrations not applied: ${lastMigration}.`);
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
