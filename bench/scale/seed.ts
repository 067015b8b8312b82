// Bulk seeding for the scale benchmark: accounts, obligations, letters with their conversations and
// messages, and cases (by default 100,000 accounts and 1,000,000 obligations; ScaleSize in data.ts)
// written with multi-row INSERTs in one transaction, the same columns the repositories write (the
// username's lower-cased form and label computed by the application, money in integer grosze).
import { usernameLabel } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database.js';
import { engineOf, nowIso } from '../../apps/api/src/db/portable.js';
import { textCounts, usernameSuffixes } from '../../apps/api/src/modules/users/search-index.js';
import { benchUsername, DEFAULT_SIZE, isEmployeeIndex, obligationsOf, random, type ScaleSize } from './data.js';
import { seedMatters } from './matters.js';

const USER_BATCH = 1_000;
const OBLIGATION_BATCH = 3_000;
const SUFFIX_BATCH = 5_000; // four values a row: under SQLite's 32,766 parameters

export interface SeedFigures {
  users: number;
  obligations: number;
  /** Users with their search rows (suffixes, labels). */
  usersMs: number;
  obligationsMs: number;
  /** Letters, conversations, messages and cases. */
  mattersMs: number;
  analyzeMs: number;
  size: ScaleSize;
}

export async function seedScale(
  db: Db,
  passwordHash: string,
  log: (line: string) => void,
  size: ScaleSize = DEFAULT_SIZE,
  nowMs: number = Date.now(),
): Promise<SeedFigures> {
  const USERS = size.citizens;
  const createdAt = nowIso();
  const started = performance.now();
  let obligations = 0;
  let usersMs = 0;
  let obligationsMs = 0;
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < USERS; from += USER_BATCH) {
      const rows = [];
      for (let index = from; index < Math.min(USERS, from + USER_BATCH); index += 1) {
        const username = benchUsername(index);
        rows.push({
          username,
          username_lower: username.toLowerCase(),
          email: `${username}@bench.example.org`,
          password_hash: passwordHash,
          first_name: 'Zofia',
          last_name: `Benchmark${index}`,
          role: isEmployeeIndex(index) ? ('EMPLOYEE' as const) : ('USER' as const),
          phone_number: '501234567',
          date_of_birth: '1990-05-17',
          created_at: createdAt,
        });
      }
      await trx.insertInto('users').values(rows).execute();
    }

    const ids = await trx.selectFrom('users').select(['id', 'username', 'role']).execute();
    const idOf = new Map(ids.map((row) => [row.username, Number(row.id)]));
    // The search rows the users repository writes with each account.
    let suffixes: { suffix: string; user_id: number; role: string; username_lower: string }[] = [];
    const counts = new Map<string, number>();
    for (const row of ids) {
      const usernameLower = row.username.toLowerCase();
      const own = usernameSuffixes(usernameLower);
      textCounts(own, counts);
      for (const suffix of own) suffixes.push({ suffix, user_id: Number(row.id), role: row.role, username_lower: usernameLower });
      if (suffixes.length >= SUFFIX_BATCH) {
        await trx.insertInto('username_suffixes').values(suffixes).execute();
        suffixes = [];
      }
    }
    if (suffixes.length) await trx.insertInto('username_suffixes').values(suffixes).execute();
    const countRows = [...counts].map(([text, n]) => ({ text, n }));
    for (let from = 0; from < countRows.length; from += SUFFIX_BATCH) {
      await trx.insertInto('username_text_counts').values(countRows.slice(from, from + SUFFIX_BATCH)).execute();
    }
    const labels = [...new Set(ids.map((row) => `${row.role}|${usernameLabel(row.username)}`))].map((key) => {
      const [role, label] = key.split('|') as ['USER' | 'EMPLOYEE', string];
      return { role, label };
    });
    await trx.insertInto('user_labels').values(labels).execute();
    usersMs = performance.now() - started;
    log(`users and their search rows: ${USERS} in ${Math.round(usersMs)} ms`);
    const creator = idOf.get(benchUsername(499)) ?? 1; // the first employee
    const next = random(20_261_123);
    let batch: Parameters<ReturnType<typeof trx.insertInto<'financial_obligations'>>['values']>[0] & unknown[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await trx.insertInto('financial_obligations').values(batch).execute();
      obligations += batch.length;
      batch = [];
      if (obligations % 100_000 === 0) log(`obligations: ${obligations} after ${Math.round(performance.now() - started)} ms`);
    };
    const perUser = Math.floor(size.obligations / USERS);
    const extra = size.obligations - perUser * USERS;
    for (let index = 0; index < USERS; index += 1) {
      const interestId = idOf.get(benchUsername(index));
      if (interestId === undefined) throw new Error(`user ${benchUsername(index)} was not written`);
      for (const obligation of obligationsOf(next, perUser + (index < extra ? 1 : 0))) {
        batch.push({
          interest_id: interestId,
          amount_grosze: obligation.amountGrosze,
          due_date: obligation.dueDate,
          issue_date: obligation.issueDate,
          payment_status: obligation.paymentStatus,
          description: obligation.description,
          created_by: creator,
          created_at: createdAt,
        });
        if (batch.length === OBLIGATION_BATCH) await flush();
      }
    }
    await flush();
    obligationsMs = performance.now() - started - usersMs;
    const citizenIds: number[] = [];
    const employeeIds: number[] = [];
    for (const row of ids) (row.role === 'EMPLOYEE' ? employeeIds : citizenIds).push(Number(row.id));
    await seedMatters(trx, size, { citizenIds, employeeIds }, nowMs, log);
  });
  const mattersMs = performance.now() - started - usersMs - obligationsMs;
  // What autovacuum (PostgreSQL) or `PRAGMA optimize` (SQLite) would soon do on their own: the
  // statistics, and on PostgreSQL the visibility map that lets a search walk an index alone
  // (autovacuum runs after this many inserts since PostgreSQL 13).
  const analyzeStarted = performance.now();
  await (engineOf(db as never) === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  const analyzeMs = performance.now() - analyzeStarted;
  log(`engine ${engineOf(db as never)}: analyze in ${Math.round(analyzeMs)} ms`);
  return {
    users: USERS,
    obligations,
    usersMs: Math.round(usersMs),
    obligationsMs: Math.round(obligationsMs),
    mattersMs: Math.round(mattersMs),
    analyzeMs: Math.round(analyzeMs),
    size,
  };
}
