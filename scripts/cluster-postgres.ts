import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

// The cluster's PostgreSQL: statements as the admin, role URLs, and an own initdb/pg_ctl instance.

const run = promisify(execFile);

export async function adminQueries(adminUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export const withUser = (adminUrl: string, user: string, database: string): string => {
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

export interface OwnPostgres {
  adminUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnPostgres(dir: string): Promise<OwnPostgres> {
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
