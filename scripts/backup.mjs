#!/usr/bin/env node
// `npm run backup [-- --out <file>]`: a consistent copy of the whole database DATABASE_URL names,
// documents included (they live in the database), taken while the API keeps running.
// SQLite: the online backup API (better-sqlite3), then an integrity check of the copy.
// PostgreSQL: pg_dump in its custom format (restored with pg_restore).
// The keys kept outside the database are NOT in it: see README, "Backups".
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { databaseTarget, defaultBackupFile, ensureFolderOf, option, run } from './backup-target.mjs';
import { sqliteAddonOptions } from './sqlite-addon.mjs';

const target = databaseTarget();
const out = option(process.argv, 'out') ?? defaultBackupFile(target.engine);
ensureFolderOf(out);

if (target.engine === 'sqlite') {
  const source = new Database(target.file, { fileMustExist: true, ...sqliteAddonOptions() });
  try {
    await source.backup(out);
  } finally {
    source.close();
  }
  const copy = new Database(out, { readonly: true, ...sqliteAddonOptions() });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy fails its integrity check: ${check}`);
  } finally {
    copy.close();
  }
} else {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${out}`, `--dbname=${target.url}`]);
}
console.log(`Backed up the ${target.engine} database to ${out} (${statSync(out).size} bytes).`);
console.log('Back up the keys kept outside the database too (README, "Backups").');
