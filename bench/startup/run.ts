// npm run bench:startup [-- --runs=7]
//
// Start-up time of the API (not a test): from spawning the process to the first 200 of GET /healthz,
// for the compiled server `npm start` runs (node apps/api/dist/main.js) and, for comparison, the
// TypeScript source through tsx (what `npm start` ran before). Each on an empty SQLite database
// (migrations + the demo accounts, five argon2id hashes) and on one that is already set up.
// Needs the build: `npm run build -w @portal/api` (builds the contract too).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from '../harness/stats.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMPILED = join(ROOT, 'apps/api/dist/main.js');
const SOURCE = join(ROOT, 'apps/api/src/main.ts');

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(args.runs);
if (!(runs > 0)) throw new Error(`--runs must be a positive number, got "${args.runs}"`);
if (!existsSync(COMPILED)) {
  console.error(`${COMPILED} is missing: run \`npm run build -w @portal/api\` first.`);
  process.exit(1);
}

const servers = {
  'node dist/main.js (npm start)': [COMPILED],
  'tsx src/main.ts (before)': ['--conditions=@portal/source', '--import', 'tsx', SOURCE],
} as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/healthz', timeout: 500 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => resolve(false));
    request.once('timeout', () => request.destroy());
  });

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Milliseconds from spawn to the first healthy answer. */
async function startOnce(nodeArgs: readonly string[], databaseFile: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await healthy(port)) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('no healthy answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await stop(child);
  }
}

const folder = mkdtempSync(join(tmpdir(), 'portal-startup-'));
try {
  console.log(`Node ${process.version}, ${runs} runs each; ms from process start to GET /healthz 200 (median, min-max)\n`);
  for (const [name, nodeArgs] of Object.entries(servers)) {
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const file = join(folder, `${run}-${Date.now()}.db`);
      fresh.push(await startOnce(nodeArgs, file));
      existing.push(await startOnce(nodeArgs, file));
    }
    const describe = (values: number[]) =>
      `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
    console.log(`${name.padEnd(32)} empty database: ${describe(fresh).padEnd(16)} set-up database: ${describe(existing)}`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
