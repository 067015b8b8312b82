import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../../src/db/database.js';
import { ADMIN_DATABASE_URL, adminQuery } from './admin-database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database every test database of this run is copied from; null without PostgreSQL. */
    postgresTemplate: string | null;
  }
}

/**
 * Vitest globalSetup of the API tests: migrates one PostgreSQL database once per run. Each test
 * file's database is then `CREATE DATABASE … TEMPLATE` it (a file copy, as fast as an empty one)
 * instead of running every migration again (about half a second of PostgreSQL's work per file).
 * Without PostgreSQL nothing is made here; engines.ts reports it as before.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const name = `portal_test_template_${randomBytes(6).toString('hex')}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch {
    project.provide('postgresTemplate', null);
    return async () => undefined;
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = createDatabase({ engine: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // A template may have no open connection when it is copied.
    await handle.destroy();
  }
  project.provide('postgresTemplate', name);
  return () => adminQuery(`drop database if exists "${name}" with (force)`);
}
