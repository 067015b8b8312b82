import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../apps/api/src/db/database.js';
import { buildServer } from '../../apps/api/src/server.js';
import { createThrowAwayDatabase, probePostgres, removeThrowAwayDatabase } from '../../bench/harness/databases.js';
import { adminDatabaseUrl, type BenchCleanup } from '../../bench/harness/protocol.js';
import { benchConfig } from '../../bench/harness/server.js';
import type { ScaleSize } from '../../bench/scale/data.js';
import { scaleParties } from '../../bench/scale/parties.js';
import { SCALE_QUERIES } from '../../bench/scale/queries.js';
import { seedScale } from '../../bench/scale/seed.js';

// bench:scale's seed and every named read of queries.ts, once, at a tiny size on both engines: the
// run that CI can afford (seconds), so the full-size benchmark's seed and checks cannot rot.

const TINY: ScaleSize = { citizens: 1_000, obligations: 3_000, letters: 600, messages: 1_500, cases: 150 };
const cleanups: BenchCleanup[] = [];
const servers: FastifyInstance[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const cleanup of cleanups) await removeThrowAwayDatabase(cleanup);
});

describe.each(['sqlite', 'postgres'] as const)('bench:scale at a tiny size on %s', (engine) => {
  it('seeds every table the reads need and answers each named read as the benchmark checks it', async () => {
    if (engine === 'postgres') {
      const problem = await probePostgres(adminDatabaseUrl());
      expect(problem, 'PostgreSQL must be reachable for this test').toBeNull();
    }
    const made = await createThrowAwayDatabase(engine);
    cleanups.push(made.cleanup);
    // As server.ts and keep.ts do: migrated, seeded through the bulk paths, then opened by the API.
    const migrating = createDatabase(made.database);
    await migrateToLatest(migrating.db);
    await migrating.destroy();
    const figures = await seedScale(made.database, 'not-a-real-hash', () => undefined, TINY);
    expect(figures).toMatchObject({ users: 1_000, obligations: 3_000 });
    const app = await buildServer(benchConfig(made.database, { overrides: { authRateLimitPerMinute: 1_000_000 } }));
    servers.push(app);
    const count = async (table: 'letters' | 'conversations' | 'messages' | 'case_resolutions') =>
      Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    expect([await count('letters'), await count('conversations'), await count('messages'), await count('case_resolutions')]).toEqual([600, 600, 1_500, 150]);

    const parties = await scaleParties(app, TINY, 'not-a-real-hash');
    // Every named read, including "My matters" of the citizen with 200 and the open queue by due date.
    expect(SCALE_QUERIES.map((query) => query.name)).toEqual(expect.arrayContaining(['My matters (200 matters, first page)', 'clerk\u2019s open queue by due date (first page)']));
    for (const query of SCALE_QUERIES) {
      for (const request of query.requests(parties).slice(0, 3)) {
        const response = await app.inject({ url: request.path, headers: request.headers });
        expect(response.statusCode, `${query.name}: ${request.path}`).toBe(200);
        expect(query.check(response.json()), `${query.name}: ${request.path}`).toBeNull();
      }
    }
    // The dashboard counts the seeded letters of the last 12 weeks: some arrived, some were resolved.
    const dashboard = (await app.inject({ url: '/api/admin/performance', headers: { authorization: `Bearer ${parties.admin.token}` } })).json() as {
      units: { weeks: { received: number; resolved: number }[] }[];
    };
    const received = dashboard.units.flatMap((unit) => unit.weeks).reduce((sum, week) => sum + week.received, 0);
    expect(received).toBeGreaterThan(0);
  });
});
