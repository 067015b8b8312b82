// What `npm run backup` and `npm run restore` work on: the database DATABASE_URL names, read the
// way the API reads it (apps/api/src/config.ts parseDatabaseUrl), relative paths from the repo root.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

const fromRepoRoot = (path) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

/** { engine: 'sqlite', file } or { engine: 'postgres', url }; PostgreSQL work runs as the schema owner when DATABASE_MIGRATION_URL names one. */
export function databaseTarget(env = process.env) {
  const value = env.DATABASE_URL;
  if (value === undefined) return { engine: 'sqlite', file: fromRepoRoot('data/portal.db') };
  if (/^postgres(ql)?:\/\//i.test(value)) return { engine: 'postgres', url: env.DATABASE_MIGRATION_URL || value };
  const sqlite = /^sqlite:(.+)$/i.exec(value);
  if (sqlite?.[1] && sqlite[1] !== ':memory:') return { engine: 'sqlite', file: fromRepoRoot(sqlite[1].replace(/^\/\/(?=\/)/, '')) };
  throw new Error('DATABASE_URL must be postgres://… or sqlite:<file> (an in-memory database has nothing to back up)');
}

/** The value after `--name` (or `--name=value`) in argv. */
export function option(argv, name) {
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return undefined;
  const arg = argv[index];
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
}

export function defaultBackupFile(engine) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return join(REPO_ROOT, 'data', 'backups', `portal-${engine}-${stamp}.${engine === 'sqlite' ? 'sqlite' : 'pgdump'}`);
}

export function ensureFolderOf(file) {
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
}

/** Runs a command, its output shown; rejects with its exit code. */
export async function run(command, args) {
  const { spawn } = await import('node:child_process');
  await new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} exited with ${code}`))));
  });
}
