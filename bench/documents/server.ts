// The documents benchmark's server process: run.ts spawns one per engine, so the load generator
// never shares an event loop (or a heap) with the server whose memory is measured.
// Usage: node --expose-gc --import tsx bench/documents/server.ts sqlite|postgres
//
// It builds the real API (buildServer) on a throw-away database, creates one citizen and a few
// cases, starts a control server (memory sampling, the direct-write baseline), prints ONE JSON
// line (DocumentsBenchReady) and waits. It cleans up on SIGTERM / SIGINT or when stdin closes.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Config, loadConfig } from '../../apps/api/src/config.js';
import type { Db } from '../../apps/api/src/db/database.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { buildServer } from '../../apps/api/src/server.js';
import { createPostgresDatabase, dropPostgresDatabase, newSqliteFile, removeSqliteFiles } from '../harness/databases.js';
import { adminDatabaseUrl } from '../chat/protocol.js';
import { mapLimit } from '../harness/stats.js';
import type { BenchEngine, DirectReadResult, DirectWriteRequest, DirectWriteResult, DocumentsBenchReady, MemoryWindow } from './protocol.js';

const engineArg = process.argv[2];
if (engineArg !== 'sqlite' && engineArg !== 'postgres') {
  console.error('usage: node --expose-gc --import tsx bench/documents/server.ts sqlite|postgres');
  process.exit(2);
}
const engine: BenchEngine = engineArg;
const adminUrl = adminDatabaseUrl();
/** Room for 400 documents (a case holds at most 20): two runs of 50 uploads, the download file, more when asked. */
const CASES = 20;
const SAMPLE_EVERY_MS = 2;

const servers: FastifyInstance[] = [];
const cleanup: DocumentsBenchReady['cleanup'] = {};
let shuttingDown: Promise<void> | undefined;

async function shutdown(code: number): Promise<never> {
  shuttingDown ??= (async () => {
    for (const server of [...servers].reverse()) {
      const closing = server.close();
      server.server.closeAllConnections();
      await closing.catch((error: unknown) => console.error('[bench server] close:', error));
    }
    if (cleanup.postgresDatabase) {
      await dropPostgresDatabase(adminUrl, cleanup.postgresDatabase).catch((error: unknown) =>
        console.error(`[bench server] could not drop ${cleanup.postgresDatabase}:`, error),
      );
    }
    if (cleanup.sqliteFile) removeSqliteFiles(cleanup.sqliteFile);
  })();
  await shuttingDown;
  process.exit(code);
}

process.once('SIGTERM', () => void shutdown(0));
process.once('SIGINT', () => void shutdown(0));
process.stdin.on('end', () => void shutdown(0));
process.stdin.resume();

const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;

/** Samples this process's memory between `reset` and `read`, keeping the baseline and the peaks. */
function memorySampler() {
  let baseline = process.memoryUsage();
  let peak = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  let peakJs = 0;
  let samples = 0;
  const sample = () => {
    const now = process.memoryUsage();
    samples += 1;
    peak = {
      rss: Math.max(peak.rss, now.rss),
      heapUsed: Math.max(peak.heapUsed, now.heapUsed),
      external: Math.max(peak.external, now.external),
      arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers),
    };
    peakJs = Math.max(peakJs, now.heapUsed + now.external);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  timer.unref();
  return {
    reset() {
      // A collected heap makes the baseline what is really live, not garbage of the last phase.
      (globalThis as { gc?: () => void }).gc?.();
      baseline = process.memoryUsage();
      peak = { rss: baseline.rss, heapUsed: baseline.heapUsed, external: baseline.external, arrayBuffers: baseline.arrayBuffers };
      peakJs = baseline.heapUsed + baseline.external;
      samples = 0;
    },
    read(): MemoryWindow {
      sample();
      const pick = ({ rss, heapUsed, external, arrayBuffers }: typeof peak) => ({ rss, heapUsed, external, arrayBuffers });
      return {
        samples,
        baseline: pick(baseline),
        peak,
        peakJsGrowth: peakJs - (baseline.heapUsed + baseline.external),
        peakRssGrowth: peak.rss - baseline.rss,
      };
    },
  };
}

/** The baseline: each file inserted whole, in one statement, into a table of its own. */
async function directWrite(db: Db, { file, count, inFlight }: DirectWriteRequest): Promise<DirectWriteResult> {
  const bytes = readFileSync(file);
  const started = performance.now();
  await mapLimit(
    Array.from({ length: count }, (_, index) => index),
    inFlight,
    async () => {
      await sql`insert into bench_blobs (data) values (${bytes})`.execute(db);
    },
  );
  return { ms: performance.now() - started, bytes: bytes.length * count };
}

/** The download's baseline: the document's chunks, one query each as the route reads them, without HTTP. */
async function directRead(db: Db, uuid: string): Promise<DirectReadResult> {
  const started = performance.now();
  const document = await db.selectFrom('documents').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  let bytes = 0;
  for (let seq = 0; ; seq += 1) {
    const row = await db.selectFrom('document_chunks').select('data').where('document_id', '=', document.id).where('seq', '=', seq).executeTakeFirst();
    if (!row) break;
    bytes += row.data.length;
  }
  return { ms: performance.now() - started, bytes };
}

async function main(): Promise<void> {
  let database: Config['database'];
  if (engine === 'postgres') {
    const created = await createPostgresDatabase(adminUrl);
    cleanup.postgresDatabase = created.name;
    cleanup.adminUrl = adminUrl;
    database = { engine: 'postgres', url: created.url };
  } else {
    cleanup.sqliteFile = newSqliteFile();
    database = { engine: 'sqlite', file: cleanup.sqliteFile };
  }
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
    database,
    webDist: '/nonexistent/portal-bench-web-dist',
  };
  const app = await buildServer(config);
  servers.push(app);

  // The baseline table stores bytes the way documents do (bytea kept out of line, uncompressed).
  const blob = engine === 'postgres' ? sql`bytea` : sql`blob`;
  await sql`create table bench_blobs (id integer primary key ${engine === 'postgres' ? sql`generated by default as identity` : sql``}, data ${blob} not null)`.execute(
    app.db,
  );
  if (engine === 'postgres') await sql`alter table bench_blobs alter column data set storage external`.execute(app.db);

  const citizen = await createUsersRepository(app.db).insert({
    username: 'benchcitizen',
    email: 'bench.citizen@bench.example.org',
    passwordHash: await hashPassword('BenchPass123'),
    firstName: 'Zofia',
    lastName: 'Benchmark',
    role: 'USER',
    phoneNumber: '501234567',
    dateOfBirth: '1990-05-17',
  });
  const token = await app.auth.tokens.sign(citizen);
  const caseIds: number[] = [];
  for (let i = 0; i < CASES; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/case-resolution/create/VehicleRegistration',
      headers: { authorization: `Bearer ${token}` },
      payload: { caseResolutionDTO: { caseType: 'OTHER', comments: `Benchmark case ${i + 1}` } },
    });
    if (response.statusCode !== 201) throw new Error(`case not created: ${response.statusCode} ${response.body}`);
    caseIds.push((response.json() as { id: number }).id);
  }

  const memory = memorySampler();
  const control = Fastify({ logger: false });
  control.post('/memory/reset', async () => {
    memory.reset();
    return { ok: true };
  });
  control.get('/memory', async () => memory.read());
  control.post<{ Body: DirectWriteRequest }>('/direct-write', async (request) => directWrite(app.db, request.body));
  control.post<{ Body: { uuid: string } }>('/direct-read', async (request) => directRead(app.db, request.body.uuid));
  servers.push(control);

  await app.listen({ host: '127.0.0.1', port: 0 });
  await control.listen({ host: '127.0.0.1', port: 0 });
  const ready: DocumentsBenchReady = { type: 'ready', engine, ports: { api: portOf(app), control: portOf(control) }, token, caseIds, cleanup };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch(async (error: unknown) => {
  console.error('[bench server] failed to start:', error);
  await shutdown(1);
});
