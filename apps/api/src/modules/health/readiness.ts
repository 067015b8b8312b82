import { Migrator } from 'kysely';
import { type Db, isDatabaseUp } from '../../db/database.js';
import { migrationProvider } from '../../db/migrations/index.js';

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string };

/**
 * Ready to take traffic: the database answers and every migration this build knows has been
 * applied to it (a process started against an older database, or a restore of one, is not).
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  if (!(await isDatabaseUp(db))) return { ready: false, reason: 'The database does not answer.' };
  let pending: string[];
  let known: number;
  try {
    const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
    known = migrations.length;
    pending = migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  } catch {
    return { ready: false, reason: 'The database does not answer.' };
  }
  if (pending.length > 0) return { ready: false, reason: `Migrations not applied: ${pending.join(', ')}.` };
  return { ready: true, migrations: known };
}
