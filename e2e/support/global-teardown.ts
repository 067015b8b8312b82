import { rmSync } from 'node:fs';

/** Deletes the run's throw-away SQLite database (and its WAL side files). */
export default function globalTeardown() {
  const file = process.env.E2E_DB_FILE;
  if (!file) return;
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}
