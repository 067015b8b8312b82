// Bulk seeding for the scale benchmark: accounts with their search rows, obligations, letters with
// their conversations and messages, and cases (by default 100,000 accounts and 1,000,000
// obligations; ScaleSize in data.ts), the same columns the repositories write (the username's
// lower-cased form and label computed by the application, money in integer grosze, each matter's
// stored due date). Written through the engines' bulk paths (bulk.ts) into a migrated database
// before the API opens it, with explicit ids, the big tables' secondary indexes dropped during the
// load and built again after it.
import { usernameLabel } from '@portal/contract';
import type { Config } from '../../apps/api/src/config.js';
import { performanceSamplesFill } from '../../apps/api/src/db/migrations/0065-performance-samples.js';
import { nowIso } from '../../apps/api/src/db/portable.js';
import { textCounts, usernameSuffixes } from '../../apps/api/src/modules/users/search-index.js';
import { type BulkWriter, openBulkWriter, sink } from './bulk.js';
import { BUSY_CITIZEN_INDEX, BUSY_MATTERS, benchUsername, DEFAULT_SIZE, isEmployeeIndex, obligationsOf, random, type ScaleSize } from './data.js';
import { seedMatters } from './matters.js';

/** The tables the seed fills in bulk: their secondary indexes are built after the load. */
const BULK_TABLES = ['users', 'username_suffixes', 'financial_obligations', 'letters', 'conversations', 'messages', 'case_resolutions', 'performance_samples'];

export interface SeedFigures {
  users: number;
  obligations: number;
  /** Users with their search rows (suffixes, labels). */
  usersMs: number;
  obligationsMs: number;
  /** Letters, conversations, messages and cases, and the dashboard's rows made from them. */
  mattersMs: number;
  /** The secondary indexes built after the load. */
  indexesMs: number;
  analyzeMs: number;
  size: ScaleSize;
}

const maxId = async (bulk: BulkWriter, table: string) => Number((await bulk.value(`select coalesce(max(id), 0) from "${table}"`)) ?? 0);

/** Seeds `database` (migrated, its API not yet open on it) to `size`. */
export async function seedScale(
  database: Config['database'],
  passwordHash: string,
  log: (line: string) => void,
  size: ScaleSize = DEFAULT_SIZE,
  nowMs: number = Date.now(),
): Promise<SeedFigures> {
  const bulk = await openBulkWriter(database);
  const USERS = size.citizens;
  const createdAt = nowIso();
  let mark = performance.now();
  const lap = () => {
    const at = performance.now();
    const ms = at - mark;
    mark = at;
    return Math.round(ms);
  };
  const firstUser = (await maxId(bulk, 'users')) + 1;
  const bases = { letters: await maxId(bulk, 'letters'), conversations: await maxId(bulk, 'conversations'), messages: await maxId(bulk, 'messages'), cases: await maxId(bulk, 'case_resolutions') };
  const obligationBase = await maxId(bulk, 'financial_obligations');
  const indexes = await bulk.dropIndexes(BULK_TABLES);
  const idOf = (index: number) => firstUser + index;

  const users = sink(bulk, 'users', ['id', 'username', 'username_lower', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'phone_number', 'date_of_birth', 'created_at']);
  const suffixes = sink(bulk, 'username_suffixes', ['suffix', 'user_id', 'role', 'username_lower'], 20_000);
  const counts = new Map<string, number>();
  const labels = new Set<string>();
  const citizenIds: number[] = [];
  const employeeIds: number[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const username = benchUsername(index);
    const lower = username.toLowerCase();
    const role = isEmployeeIndex(index) ? 'EMPLOYEE' : 'USER';
    // The busy citizen's matters are counted out (matters.ts): nobody else's fall to them.
    if (index !== BUSY_CITIZEN_INDEX) (role === 'EMPLOYEE' ? employeeIds : citizenIds).push(idOf(index));
    if (users.push([idOf(index), username, lower, `${username}@bench.example.org`, passwordHash, 'Zofia', `Benchmark${index}`, role, '501234567', '1990-05-17', createdAt])) await users.flush();
    // The search rows the users repository writes with each account.
    const own = usernameSuffixes(lower);
    textCounts(own, counts);
    for (const suffix of own) if (suffixes.push([suffix, idOf(index), role, lower])) await suffixes.flush();
    labels.add(`${role}|${usernameLabel(username)}`);
    if ((index + 1) % 200_000 === 0) log(`users: ${index + 1}`);
  }
  await users.flush();
  await suffixes.flush();
  await bulk.insert('username_text_counts', ['text', 'n'], [...counts]);
  await bulk.insert('user_labels', ['role', 'label'], [...labels].map((key) => key.split('|')));
  const usersMs = lap();
  log(`users and their search rows: ${USERS} (${suffixes.written} suffixes) in ${usersMs} ms`);

  const creator = idOf(499); // the first employee
  const next = random(20_261_123);
  const obligations = sink(bulk, 'financial_obligations', ['id', 'interest_id', 'amount_grosze', 'due_date', 'issue_date', 'payment_status', 'description', 'created_by', 'created_at']);
  // The busy citizen ("My matters" with 200 entries) has BUSY_MATTERS.obligations; the rest share the others.
  const busy = Math.min(BUSY_MATTERS.obligations, size.obligations);
  const perUser = Math.floor((size.obligations - busy) / Math.max(1, USERS - 1));
  const extra = size.obligations - busy - perUser * (USERS - 1);
  let obligationId = obligationBase;
  for (let index = 0, other = 0; index < USERS; index += 1) {
    const count = index === BUSY_CITIZEN_INDEX ? busy : perUser + (other++ < extra ? 1 : 0);
    for (const obligation of obligationsOf(next, count)) {
      obligationId += 1;
      if (obligations.push([obligationId, idOf(index), obligation.amountGrosze, obligation.dueDate, obligation.issueDate, obligation.paymentStatus, obligation.description, creator, createdAt])) await obligations.flush();
    }
    if ((index + 1) % 200_000 === 0) log(`obligations: ${obligations.written} after ${index + 1} people`);
  }
  await obligations.flush();
  const obligationsMs = lap();
  log(`obligations: ${obligations.written} in ${obligationsMs} ms`);

  await seedMatters(bulk, size, { citizenIds, employeeIds, busyCitizenId: idOf(BUSY_CITIZEN_INDEX) }, bases, nowMs, log);
  // The dashboard's own rows, as migration 0065 makes them for the matters already there.
  for (const statement of performanceSamplesFill(database.engine)) await bulk.exec(statement);
  const mattersMs = lap();
  await bulk.continueIds(['users', 'financial_obligations', 'letters', 'conversations', 'messages', 'case_resolutions']);
  for (const definition of indexes) await bulk.exec(definition);
  const indexesMs = lap();
  log(`${indexes.length} secondary indexes built in ${indexesMs} ms`);
  // What autovacuum (PostgreSQL) or `PRAGMA optimize` (SQLite) would soon do on their own: the
  // statistics, and on PostgreSQL the visibility map that lets a search walk an index alone.
  await bulk.finish();
  const analyzeMs = lap();
  log(`engine ${database.engine}: analyze in ${analyzeMs} ms`);
  return { users: USERS, obligations: obligations.written, usersMs, obligationsMs, mattersMs, indexesMs, analyzeMs, size };
}
