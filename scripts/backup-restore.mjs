#!/usr/bin/env node
// `npm run restore -- <backup file> [--replace]`: puts a backup made by `npm run backup` into the
// database DATABASE_URL names. Stop the API first. The target must be new or empty unless
// --replace is given (SQLite: the file is replaced; PostgreSQL: the portal's objects are dropped
// first). The next API start applies any newer migrations and grants the API role its rights.
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseTarget, ensureFolderOf, run } from './backup-target.mjs';
import { sqliteAddonOptions } from './sqlite-addon.mjs';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const replace = process.argv.includes('--replace');
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file> [--replace]   (DATABASE_URL names the database to restore into)');
  process.exit(2);
}
const target = databaseTarget();

if (target.engine === 'sqlite') {
  if (existsSync(target.file) && !replace) {
    console.error(`${target.file} exists: restore into a new file, or pass --replace (with the API stopped).`);
    process.exit(1);
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${target.file}${suffix}`, { force: true });
  ensureFolderOf(target.file);
  const backup = new Database(file, { readonly: true, fileMustExist: true, ...sqliteAddonOptions() });
  try {
    await backup.backup(target.file);
  } finally {
    backup.close();
  }
} else {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  let tables;
  try {
    const result = await client.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
    tables = result.rows[0].n;
  } finally {
    await client.end();
  }
  if (tables > 0 && !replace) {
    console.error(`The target database has ${tables} tables: restore into a new database, or pass --replace (with the API stopped).`);
    process.exit(1);
  }
  const args = ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${target.url}`];
  if (replace) args.push('--clean', '--if-exists');
  else args.push('--single-transaction');
  await run('pg_restore', [...args, file]);
}
console.log(`Restored ${file} into the ${target.engine} database. Restore the keys kept outside the database too (README, "Backups").`);
