// The audit trail's cost: how fast audited transactions append to the chain (one writer and
// several at once) and how long GET /api/audit/verify's walk takes, on SQLite and PostgreSQL.
//   npm run bench:audit [-- --rows=20000 --writers=8]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../../apps/api/src/db/database.js';
import { createCheckpointFile } from '../../apps/api/src/modules/audit/checkpoints.js';
import { createAuditRepository } from '../../apps/api/src/modules/audit/repository.js';
import { createAuditService } from '../../apps/api/src/modules/audit/service.js';
import { createThrowAwayDatabase, probePostgres, removeThrowAwayDatabase } from '../harness/databases.js';
import { adminDatabaseUrl, BENCH_ENGINES } from '../harness/protocol.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, writers: { type: 'string', default: '8' } },
});
const ROWS = Number(values.rows);
const WRITERS = Number(values.writers);

async function measure(engine: string, handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await migrateToLatest(db);
  const { id: actorId } = await db
    .insertInto('users')
    .values({
      username: 'bench',
      username_lower: 'bench',
      email: 'bench@example.org',
      password_hash: 'x',
      first_name: 'Bench',
      last_name: 'Mark',
      role: 'ADMIN',
      phone_number: '000000000',
      date_of_birth: '1990-01-01',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The chain's key and checkpoint live outside the database, as in the API (a throw-away folder here).
  const keys = mkdtempSync(join(tmpdir(), 'portal-bench-audit-'));
  const key = randomBytes(32);
  const audit = createAuditService(createAuditRepository(db), { key, checkpoints: createCheckpointFile(join(keys, 'checkpoint.json'), key) });
  await audit.checkpoint();
  const entry = (n: number) => ({
    actorId: Number(actorId),
    action: 'employee.deactivate' as const,
    entityType: 'user' as const,
    entityId: n,
    before: { enabled: true },
    after: { enabled: false },
  });
  const append = (n: number) => db.transaction().execute((trx) => audit.record(trx, entry(n)));

  const half = Math.floor(ROWS / 2);
  let started = performance.now();
  for (let n = 0; n < half; n += 1) await append(n);
  const serialPerSecond = half / ((performance.now() - started) / 1000);

  started = performance.now();
  let next = half;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < ROWS) await append(next++);
    }),
  );
  const concurrentPerSecond = (ROWS - half) / ((performance.now() - started) / 1000);

  started = performance.now();
  const verdict = await audit.verify();
  const verifyMs = performance.now() - started;
  rmSync(keys, { recursive: true, force: true });
  if (!verdict.intact || verdict.checked !== ROWS) throw new Error(`chain not intact: ${JSON.stringify(verdict)}`);

  console.log(
    `${engine.padEnd(10)} append, one writer: ${serialPerSecond.toFixed(0).padStart(6)} rows/s   ` +
      `append, ${WRITERS} writers: ${concurrentPerSecond.toFixed(0).padStart(6)} rows/s   ` +
      `verify ${ROWS} rows: ${verifyMs.toFixed(0)} ms (${((verifyMs * 1000) / ROWS).toFixed(1)} µs/row)`,
  );
}

for (const engine of BENCH_ENGINES) {
  const problem = engine === 'postgres' ? await probePostgres(adminDatabaseUrl()) : null;
  if (problem) {
    console.log(`postgres   skipped: ${problem}`);
    continue;
  }
  const { database, cleanup } = await createThrowAwayDatabase(engine);
  const handle = createDatabase(database);
  try {
    await measure(engine, handle);
  } finally {
    await handle.destroy();
    await removeThrowAwayDatabase(cleanup);
  }
}
