import { rmSync } from 'node:fs';

/** Deletes the run's throw-away SQLite database (its WAL side files, and the audit key and checkpoint beside it). */
export default function globalTeardown() {
  const file = process.env.E2E_DB_FILE;
  if (!file) return;
  for (const suffix of ['', '-wal', '-shm', '-journal', '.audit-hmac.key', '.audit-checkpoint.json']) rmSync(`${file}${suffix}`, { force: true });
}
