// The scale benchmark's server process: node --import tsx bench/scale/server.ts sqlite|postgres
//
// On the real API over a throw-away database (harness/server.ts: start, ready line, clean-up), it
// migrates and seeds the size run.ts asked for (BENCH_SCALE_SIZE; data.ts) with seed.ts before the
// API opens the database, or opens a kept database seeded before by keep.ts (BENCH_SCALE_REUSE_DB:
// no seed, nothing removed); reads the performance aggregates once cold, and starts a bare Fastify
// next to it. Progress goes to stderr.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../../apps/api/src/db/database.js';
import { engineOf } from '../../apps/api/src/db/portable.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { helloServer, runBenchServer } from '../harness/server.js';
import { sizeFromEnvironment } from './data.js';
import { reusedDatabase } from './kept.js';
import { scaleParties } from './parties.js';
import type { ScaleReady } from './protocol.js';
import { seedScale } from './seed.js';

const webDist = process.env.BENCH_WEB_DIST;

runBenchServer<ScaleReady>(
  'scale server',
  'bench/scale/server.ts',
  async ({ engine, database, buildApi }) => {
    const hasWebApp = webDist !== undefined && existsSync(webDist);
    const size = sizeFromEnvironment();
    const reused = reusedDatabase(engine) !== undefined;
    // argon2id costs ~50 ms: every account shares one hash (nobody logs in here; tokens are signed).
    const passwordHash = await hashPassword('BenchPass123');
    let seed: ScaleReady['seed'] = null;
    if (!reused) {
      const started = performance.now();
      const migrating = createDatabase(database);
      await migrateToLatest(migrating.db);
      await migrating.destroy();
      const figures = await seedScale(database, passwordHash, (line) => console.error(`[scale ${engine}] ${line}`), size);
      seed = { ...figures, totalMs: Math.round(performance.now() - started) };
    }
    // The load comes from one address: the public routes' per-address limit would answer 429.
    const app = await buildApi({ webDist: hasWebApp ? webDist : undefined, overrides: { authRateLimitPerMinute: 100_000_000 } });
    const parties = await scaleParties(app, size, passwordHash);

    const databaseBytes = Number(
      (
        engineOf(app.db) === 'postgres'
          ? await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(app.db)
          : await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(app.db)
      ).rows[0]?.bytes ?? 0,
    );
    const cold = async (url: string, token?: string) => {
      const at = performance.now();
      const response = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return Math.round(performance.now() - at);
    };
    const coldMs = { dashboard: await cold('/api/admin/performance', parties.admin.token), publicPage: await cold('/api/public/performance') };

    return {
      listen: { api: app, hello: helloServer() },
      ready: { ...parties, seed, databaseBytes, coldMs, webApp: hasWebApp },
    };
  },
  (engine) => reusedDatabase(engine),
);
