// `npm run cluster -- --processes=3 [--own-postgres] [--port=<nginx port>]`: the production topology on
// this machine. PostgreSQL (a fresh database on the shared server, or an own initdb/pg_ctl instance),
// migrations run by an owner role, N compiled API processes connecting as a role that owns nothing,
// and Debian's nginx in front. Also a module: tests and bench/load start the same cluster with start().
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginx } from './cluster-nginx.js';
import { adminQueries, type OwnPostgres, startOwnPostgres, withUser } from './cluster-postgres.js';
import { freePort } from './free-port.js';

export { nginxConfig, nginxPreamble } from './cluster-nginx.js';
export { freePort } from './free-port.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiMain = join(repoRoot, 'apps/api/dist/main.js');
const SHARED_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The API's largest upload (DOCUMENT_MAX_BYTES default, contract) plus room for the multipart framing. */
const DOCUMENT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ClusterOptions {
  processes?: number;
  /** initdb + pg_ctl in the temp folder instead of a fresh database on the shared server. */
  ownPostgres?: boolean;
  /** nginx's port; 0 / unset: a free one. */
  port?: number;
  /** Extra environment for every API process (rate limits for a benchmark, say). */
  env?: Record<string, string>;
  /** Print what each API process logs. */
  verbose?: boolean;
}

export interface ClusterProcess {
  pid: number;
  port: number;
  /** Sends the signal (default SIGTERM). */
  kill(signal?: NodeJS.Signals): void;
  /** Resolves with the exit code or signal once the process ended. */
  readonly exited: Promise<number | string | null>;
  alive(): boolean;
  output(): string;
}

export interface ClusterPostgres {
  /** What the API connects as (owns nothing). */
  apiUrl: string;
  /** The owner, which migrates and grants. */
  ownerUrl: string;
  /** Only for an own instance: `pg_ctl stop -m fast` / `pg_ctl start`. */
  stop?(): Promise<void>;
  start?(): Promise<void>;
}

export interface Cluster {
  /** nginx: http://127.0.0.1:<port> */
  url: string;
  processes: ClusterProcess[];
  postgres: ClusterPostgres;
  /** The temp folder with nginx's prefix, logs, keys (and PostgreSQL's data with ownPostgres). */
  dir: string;
  stop(): Promise<void>;
}


function startApi(env: Record<string, string>, verbose: boolean): Promise<ClusterProcess> {
  const child: ChildProcess = spawn(process.execPath, [apiMain], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const port = Number(env.PORT);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process on port ${port} did not start in time:\n${output}`)), 60_000);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (verbose) process.stdout.write(`[api ${port}] ${chunk.toString()}`);
    };
    child.stderr?.on('data', take);
    child.stdout?.on('data', (chunk: Buffer) => {
      take(chunk);
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve({
          pid: child.pid ?? 0,
          port,
          exited,
          alive: () => child.exitCode === null && child.signalCode === null,
          output: () => output,
          kill: (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API process on port ${port} exited with ${code}:\n${output}`));
    });
  });
}

export async function start(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 2;
  if (!existsSync(apiMain)) throw new Error(`${apiMain} is missing: run npm run build first`);
  const dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cluster stop:', error));
    cleanups.length = 0;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const tag = randomBytes(5).toString('hex');
    const [database, ownerRole, apiRole] = [`portal_cluster_${tag}`, `portal_cluster_owner_${tag}`, `portal_cluster_api_${tag}`];
    let adminUrl = SHARED_ADMIN_URL;
    let own: OwnPostgres | null = null;
    if (options.ownPostgres) {
      own = await startOwnPostgres(dir);
      adminUrl = own.adminUrl;
      const instance = own;
      cleanups.push(() => instance.stop().catch(() => undefined));
    }
    // As in postgres-api-role.test.ts: the owner migrates and grants; the API role owns nothing.
    await adminQueries(adminUrl, [
      `create role ${ownerRole} login`,
      `create role ${apiRole} login`,
      `create database ${database} owner ${ownerRole}`,
      `revoke all on database ${database} from public`,
      `grant connect on database ${database} to ${apiRole}`,
    ]);
    if (!own) {
      cleanups.push(() =>
        adminQueries(adminUrl, [`drop database if exists ${database} with (force)`, `drop role if exists ${apiRole}`, `drop role if exists ${ownerRole}`]),
      );
    }
    const postgres: ClusterPostgres = {
      apiUrl: withUser(adminUrl, apiRole, database),
      ownerUrl: withUser(adminUrl, ownerRole, database),
      ...(own ? { stop: own.stop, start: own.start } : {}),
    };

    const keys = join(dir, 'keys');
    mkdirSync(keys, { mode: 0o700 });
    const maxBytes = Number(options.env?.DOCUMENT_MAX_BYTES ?? process.env.DOCUMENT_MAX_BYTES ?? DOCUMENT_MAX_BYTES_DEFAULT);
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.apiUrl,
      DATABASE_MIGRATION_URL: postgres.ownerUrl,
      // One secret and one set of keys for every process: a token or an audit row from one is good on all.
      JWT_SECRET: randomBytes(32).toString('hex'),
      AUDIT_KEYS_DIR: keys,
      RECEIPT_KEYS_DIR: keys,
      TRUST_PROXY: 'true',
      STAFF_2FA: 'optional',
      SEED_DEMO: 'true',
      ...(options.env ?? {}),
    };
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const processes: ClusterProcess[] = [];
    cleanups.push(async () => {
      for (const child of processes) child.kill('SIGTERM');
      await Promise.all(processes.map((child) => child.exited));
    });
    // The first migrates, seeds and writes the keys; the others then find them.
    processes.push(await startApi({ ...shared, PORT: String(ports[0]) }, options.verbose ?? false));
    processes.push(...(await Promise.all(ports.slice(1).map((port) => startApi({ ...shared, PORT: String(port) }, options.verbose ?? false)))));

    const port = options.port || (await freePort());
    const nginx = await startNginx(dir, port, ports, maxBytes + MULTIPART_OVERHEAD_BYTES);
    cleanups.push(async () => {
      if (nginx.exitCode !== null) return;
      const ended = new Promise((resolve) => nginx.once('exit', resolve));
      // SIGTERM, not SIGQUIT's graceful stop, which waits for every open WebSocket to end.
      nginx.kill('SIGTERM');
      await ended;
    });
    return { url: `http://127.0.0.1:${port}`, processes, postgres, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

async function main(): Promise<void> {
  const processes = Number(argument('processes') ?? 2);
  if (!Number.isInteger(processes) || processes < 1) throw new Error('--processes=<N>, N >= 1');
  const cluster = await start({
    processes,
    ownPostgres: process.argv.includes('--own-postgres'),
    port: Number(argument('port') ?? 0),
    verbose: process.argv.includes('--verbose'),
  });
  console.log(`City Service Portal cluster: ${cluster.url}`);
  console.log(`  nginx -> ${cluster.processes.map((child) => `127.0.0.1:${child.port} (pid ${child.pid})`).join(', ')}`);
  console.log(`  PostgreSQL: ${new URL(cluster.postgres.apiUrl).host}${new URL(cluster.postgres.apiUrl).pathname} (API role owns nothing)`);
  console.log(`  folder: ${cluster.dir}`);
  const logins = cluster.processes[0]?.output().split('\n').filter((line) => /^\s+(ADMIN|EMPLOYEE|CITIZEN)\s/.test(line)) ?? [];
  if (logins.length > 0) console.log(['  demo logins (SEED_DEMO):', ...logins].join('\n'));
  console.log('  Ctrl-C stops everything.');
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping…');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
