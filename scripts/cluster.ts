// `npm run cluster -- --processes=3 [--own-postgres] [--port=<nginx port>]`: the production topology on
// this machine. PostgreSQL (a fresh database on the shared server, or an own initdb/pg_ctl instance),
// migrations run by an owner role, N compiled API processes connecting as a role that owns nothing,
// and Debian's nginx in front. Also a module: tests and bench/load start the same cluster with start().
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiMain = join(repoRoot, 'apps/api/dist/main.js');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function adminQueries(adminUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

const withUser = (adminUrl: string, user: string, database: string): string => {
  const url = new URL(adminUrl);
  url.username = user;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
};

/** initdb refuses root: as root the instance belongs to the `postgres` system user. */
async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (userInfo().uid !== 0) return null;
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function postgresBin(name: string): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = join(root, version, 'bin', name);
    if (existsSync(file)) return file;
  }
  return name;
}

interface OwnPostgres {
  adminUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function startOwnPostgres(dir: string): Promise<OwnPostgres> {
  const data = join(dir, 'pg');
  const sockets = join(dir, 'pg-sockets');
  mkdirSync(data, { mode: 0o700 });
  mkdirSync(sockets);
  const owner = await postgresUser();
  if (owner) {
    chmodSync(dir, 0o755);
    chownSync(data, owner.uid, owner.gid);
    chownSync(sockets, owner.uid, owner.gid);
  }
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const port = await freePort();
  const [initdb, pgCtl] = await Promise.all([postgresBin('initdb'), postgresBin('pg_ctl')]);
  await run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { ...as, env: { ...process.env, HOME: dir } });
  const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (args: string[]) => run(pgCtl, ['-D', data, '-l', join(data, 'log.txt'), ...args], { ...as, env: { ...process.env, HOME: dir } });
  const start = async () => {
    await ctl(['-o', options, '-w', 'start']);
  };
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: async () => {
      await ctl(['-m', 'fast', '-w', 'stop']);
    },
  };
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

/**
 * The start of an nginx configuration run as an unprivileged process from `dir` (pid, logs and temp
 * files there, in the foreground), up to inside `http {`: what follows is the caller's.
 */
export function nginxPreamble(dir: string, workerConnections: number): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;`;
}

export function nginxConfig(dir: string, port: number, apiPorts: number[], maxBodyBytes: number): string {
  // In every location: a location with any proxy_set_header of its own inherits none from the server.
  const forwarded = [
    'proxy_set_header Host $host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $host;',
    'proxy_set_header X-Request-Id $portal_request_id;',
  ]
    .map((line) => `      ${line}`)
    .join('\n');
  const servers = apiPorts.map((apiPort) => `    server 127.0.0.1:${apiPort} max_fails=1 fail_timeout=2s;`).join('\n');
  return `${nginxPreamble(dir, 4096)}
  upstream portal_api {
    least_conn;
${servers}
    # No keepalive to the processes: a stopping process closes its idle connections, and a POST that
    # nginx sent on one at that moment would be a 502 it may not retry. A new connection per request
    # is refused instead, and nginx passes the request to the next process.
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  # One id follows a request through nginx and the API: the caller's when it follows the API's rule
  # (apps/api/src/plugins/request-id.ts: 1-64 of A-Z a-z 0-9 - _), else nginx's own (32 hex).
  map $http_x_request_id $portal_request_id { default $request_id; "~^[A-Za-z0-9_-]{1,64}$" $http_x_request_id; }
  server {
    listen 127.0.0.1:${port};
    # The largest upload the API takes, with its multipart framing; nginx reads it whole before passing it on.
    client_max_body_size ${maxBodyBytes};
    client_body_buffer_size 1m;
    proxy_request_buffering on;
    proxy_http_version 1.1;
    # A process that refuses the connection (stopping, killed): the request goes to the next one.
    proxy_next_upstream error timeout http_502;
    proxy_connect_timeout 2s;
    location /api/ws {
      proxy_pass http://portal_api;
${forwarded}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://portal_api;
${forwarded}
      proxy_set_header Connection close;
    }
  }
}
`;
}

async function startNginx(dir: string, port: number, apiPorts: number[], maxBodyBytes: number): Promise<ChildProcess> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, apiPorts, maxBodyBytes));
  await run(NGINX, ['-t', '-q', '-p', dir, '-c', conf]);
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status, () => 0);
    if (answered === 200) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (see ${dir}/nginx-error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
