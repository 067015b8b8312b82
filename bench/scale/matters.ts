// Letters, their conversations and messages, and cases for the scale benchmark, as the letters and
// cases repositories write them, spread over the three years up to the run's day so the dashboard's
// 12 weeks and the public page's 12 months hold their share. Written with multi-row INSERTs in the
// seeding transaction (SQLite: one transaction; pg-copy-streams is not a dependency, so PostgreSQL
// takes big multi-row INSERTs too), batches under SQLite's 32,766 parameters.
import { CASE_TYPES, DEPARTMENTS } from '@portal/contract';
import type { Db } from '../../apps/api/src/db/database.js';
import { random, type ScaleSize } from './data.js';

const DAY = 86_400_000;
const SPAN_DAYS = 3 * 365;
const BATCH = 2_000;

export interface MatterParties {
  /** Ids of citizens (who write letters and submit cases) and of employees (who answer). */
  citizenIds: readonly number[];
  employeeIds: readonly number[];
}

const iso = (ms: number) => new Date(ms).toISOString();

async function inBatches<T>(count: number, make: (index: number) => T, write: (rows: T[]) => Promise<unknown>): Promise<void> {
  let rows: T[] = [];
  for (let index = 0; index < count; index += 1) {
    rows.push(make(index));
    if (rows.length === BATCH) {
      await write(rows);
      rows = [];
    }
  }
  if (rows.length) await write(rows);
}

/**
 * `size.letters` letters with one conversation each and `size.messages` messages among them, and
 * `size.cases` cases. A fresh database numbers rows from 1 in insert order on both engines, so a
 * conversation names its letter and a message its conversation by that number.
 */
export async function seedMatters(trx: Db, size: ScaleSize, parties: MatterParties, nowMs: number, log: (line: string) => void): Promise<void> {
  const next = random(20_261_207);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const start = nowMs - SPAN_DAYS * DAY;
  // Letter i arrives at arrival[i]: evenly over the span, newest last.
  const arrival = (index: number) => start + Math.floor((index / Math.max(1, size.letters)) * SPAN_DAYS * DAY);
  const conversations: { citizen: number; employee: number | null; messages: number }[] = [];
  const perLetter = Math.floor(size.messages / Math.max(1, size.letters));
  const extra = size.messages - perLetter * size.letters;

  await inBatches(
    size.letters,
    (index) => {
      const citizen = pick(parties.citizenIds);
      conversations.push({ citizen, employee: null, messages: perLetter + (index < extra ? 1 : 0) });
      const at = iso(arrival(index));
      return { user_id: citizen, recipient: DEPARTMENTS[index % DEPARTMENTS.length] ?? 'City Administration', subject: `Bench letter ${index}`, content: 'A benchmark letter.', sent_at: at, created_at: at, term_months: 1 };
    },
    (rows) => trx.insertInto('letters').values(rows).execute(),
  );
  log(`letters: ${size.letters}`);

  await inBatches(
    size.letters,
    (index) => {
      const created = arrival(index);
      const conversation = conversations[index]!;
      const age = nowMs - created;
      // Older letters are answered; of the last month's some still wait.
      const resolvedAfter = (1 + next() * 30) * DAY;
      const status = created + resolvedAfter < nowMs && next() < 0.97 ? 'RESOLVED' : age > 2 * DAY && next() < 0.5 ? 'IN_PROGRESS' : 'OPEN';
      const employee = status === 'OPEN' ? null : pick(parties.employeeIds);
      conversation.employee = employee;
      const firstReply = employee !== null && conversation.messages > 1 ? created + next() * Math.min(age, 3 * DAY) : null;
      return {
        letter_id: index + 1,
        user_id: conversation.citizen,
        employee_id: employee,
        status,
        created_at: iso(created),
        taken_at: employee === null ? null : iso(created + Math.min(age, DAY) / 2),
        resolved_date: status === 'RESOLVED' ? iso(created + resolvedAfter) : null,
        last_message_seq: conversation.messages,
        first_reply_at: firstReply === null ? null : iso(firstReply),
      } as const;
    },
    (rows) => trx.insertInto('conversations').values(rows).execute(),
  );
  log(`conversations: ${size.letters}`);

  let letter = 0;
  let seq = 0;
  await inBatches(
    size.messages,
    () => {
      while ((conversations[letter]?.messages ?? 1) <= seq) {
        letter += 1;
        seq = 0;
      }
      seq += 1;
      const conversation = conversations[letter] ?? { citizen: parties.citizenIds[0] ?? 1, employee: null };
      const fromStaff = seq % 2 === 0 && conversation.employee !== null;
      return {
        conversation_id: letter + 1,
        sender_id: fromStaff ? (conversation.employee as number) : conversation.citizen,
        content: fromStaff ? 'Thank you, we are looking into it.' : 'Any news?',
        sent_at: iso(arrival(letter) + seq * 3_600_000),
        seq,
      };
    },
    (rows) => trx.insertInto('messages').values(rows).execute(),
  );
  log(`messages: ${size.messages}`);

  await inBatches(
    size.cases,
    (index) => {
      const submitted = start + Math.floor((index / Math.max(1, size.cases)) * SPAN_DAYS * DAY);
      const decidedAfter = (2 + next() * 40) * DAY;
      const decided = submitted + decidedAfter < nowMs && next() < 0.95;
      const taken = decided || (nowMs - submitted > DAY && next() < 0.6);
      const status = decided ? (next() < 0.8 ? 'RESOLVED' : 'REJECTED') : taken ? 'IN_PROGRESS' : 'PENDING';
      const firstAction = taken ? submitted + decidedAfter / 4 : null;
      return {
        user_id: pick(parties.citizenIds),
        case_type: pick(CASE_TYPES),
        status,
        comments: null,
        submission_date: iso(submitted),
        status_changed_at: iso(decided ? submitted + decidedAfter : (firstAction ?? submitted)),
        term_months: 1,
        handler_id: taken ? pick(parties.employeeIds) : null,
        first_action_at: firstAction === null ? null : iso(firstAction),
        decided_at: decided ? iso(submitted + decidedAfter) : null,
      } as const;
    },
    (rows) => trx.insertInto('case_resolutions').values(rows).execute(),
  );
  log(`cases: ${size.cases}`);
}
