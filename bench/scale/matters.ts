// Letters, their conversations and messages, and cases for the scale benchmark, as the letters and
// cases repositories write them (each matter's stored due date from the modules' own clock), spread
// over the three years up to the run's day so the dashboard's 12 weeks and the public page's 12
// months hold their share. The busy citizen (data.ts) gets BUSY_MATTERS' letters and cases, spread
// over the span; the others are picked at random.
import { CASE_TYPES, DEPARTMENTS } from '@portal/contract';
import { caseClockOf } from '../../apps/api/src/modules/cases/due-date.js';
import { letterClockOf } from '../../apps/api/src/modules/letters/due-date.js';
import { type BulkWriter, sink } from './bulk.js';
import { BUSY_MATTERS, random, type ScaleSize } from './data.js';

const DAY = 86_400_000;
const SPAN_DAYS = 3 * 365;

export interface MatterParties {
  /** Ids of citizens (who write letters and submit cases) and of employees (who answer). */
  citizenIds: readonly number[];
  employeeIds: readonly number[];
  /** The citizen with BUSY_MATTERS' letters and cases. */
  busyCitizenId: number;
}

/** The largest id of each table before the seed: the rows get the ids after it, in order. */
export interface IdBases {
  letters: number;
  conversations: number;
  messages: number;
  cases: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A due date per Warsaw hour of arrival: Warsaw's offset is whole hours, so the hour decides the day. */
function memoByHour(compute: (at: string) => string | null): (at: string) => string | null {
  const known = new Map<string, string | null>();
  return (at) => {
    const hour = at.slice(0, 13);
    if (!known.has(hour)) known.set(hour, compute(at));
    return known.get(hour) ?? null;
  };
}

/** Every `stride`-th of `count` rows belongs to the busy citizen, up to `wanted`. */
const busyPicker = (count: number, wanted: number) => {
  const stride = Math.max(1, Math.floor(count / Math.max(1, wanted)));
  return (index: number) => index % stride === 0 && index / stride < wanted;
};

/**
 * `size.letters` letters with one conversation each and `size.messages` messages among them, and
 * `size.cases` cases; a conversation names its letter and a message its conversation by the ids
 * written here.
 */
export async function seedMatters(bulk: BulkWriter, size: ScaleSize, parties: MatterParties, bases: IdBases, nowMs: number, log: (line: string) => void): Promise<void> {
  const next = random(20_261_207);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const now = new Date(nowMs);
  const start = nowMs - SPAN_DAYS * DAY;
  // Letter i arrives at arrival[i]: evenly over the span, newest last.
  const arrival = (index: number) => start + Math.floor((index / Math.max(1, size.letters)) * SPAN_DAYS * DAY);
  const perLetter = Math.floor(size.messages / Math.max(1, size.letters));
  const extra = size.messages - perLetter * size.letters;
  const busyLetter = busyPicker(size.letters, BUSY_MATTERS.letters);
  const letterDue = memoByHour((at) => letterClockOf({ created_at: at, term_months: 1, notified_due_date: null, status: 'OPEN' }, now).dueDate);

  const letters = sink(bulk, 'letters', ['id', 'user_id', 'recipient', 'subject', 'content', 'sent_at', 'created_at', 'term_months']);
  const conversations = sink(bulk, 'conversations', [
    'id', 'letter_id', 'user_id', 'employee_id', 'status', 'created_at', 'taken_at', 'resolved_date', 'last_message_seq', 'first_reply_at', 'due_date',
  ]);
  const messages = sink(bulk, 'messages', ['id', 'conversation_id', 'sender_id', 'content', 'sent_at', 'seq'], 20_000);
  let messageId = bases.messages;
  for (let index = 0; index < size.letters; index += 1) {
    const citizen = busyLetter(index) ? parties.busyCitizenId : pick(parties.citizenIds);
    const count = perLetter + (index < extra ? 1 : 0);
    const created = arrival(index);
    const at = iso(created);
    const letterId = bases.letters + index + 1;
    const conversationId = bases.conversations + index + 1;
    if (letters.push([letterId, citizen, DEPARTMENTS[index % DEPARTMENTS.length] ?? 'City Administration', `Bench letter ${index}`, 'A benchmark letter.', at, at, 1])) await letters.flush();

    const age = nowMs - created;
    // Older letters are answered; of the last month's some still wait.
    const resolvedAfter = (1 + next() * 30) * DAY;
    const status = created + resolvedAfter < nowMs && next() < 0.97 ? 'RESOLVED' : age > 2 * DAY && next() < 0.5 ? 'IN_PROGRESS' : 'OPEN';
    const employee = status === 'OPEN' ? null : pick(parties.employeeIds);
    const firstReply = employee !== null && count > 1 ? created + next() * Math.min(age, 3 * DAY) : null;
    const row = [
      conversationId, letterId, citizen, employee, status, at,
      employee === null ? null : iso(created + Math.min(age, DAY) / 2),
      status === 'RESOLVED' ? iso(created + resolvedAfter) : null,
      count,
      firstReply === null ? null : iso(firstReply),
      letterDue(at) ?? '9999-12-31',
    ];
    if (conversations.push(row)) await conversations.flush();

    for (let seq = 1; seq <= count; seq += 1) {
      const fromStaff = seq % 2 === 0 && employee !== null;
      messageId += 1;
      const message = [messageId, conversationId, fromStaff ? employee : citizen, fromStaff ? 'Thank you, we are looking into it.' : 'Any news?', iso(created + seq * 3_600_000), seq];
      if (messages.push(message)) await messages.flush();
    }
    if ((index + 1) % 200_000 === 0) log(`letters: ${index + 1}, messages: ${messages.written + count}`);
  }
  await letters.flush();
  await conversations.flush();
  await messages.flush();
  log(`letters and conversations: ${size.letters}, messages: ${messages.written}`);

  const busyCase = busyPicker(size.cases, BUSY_MATTERS.cases);
  const caseDue = memoByHour((at) => caseClockOf({ submission_date: at, term_months: 1, notified_due_date: null, status: 'PENDING' }, { appealedAt: null, pauses: [] }, now).dueDate);
  const cases = sink(bulk, 'case_resolutions', [
    'id', 'user_id', 'case_type', 'status', 'comments', 'submission_date', 'status_changed_at', 'term_months', 'handler_id', 'first_action_at', 'decided_at', 'due_date',
  ]);
  for (let index = 0; index < size.cases; index += 1) {
    const submitted = start + Math.floor((index / Math.max(1, size.cases)) * SPAN_DAYS * DAY);
    const decidedAfter = (2 + next() * 40) * DAY;
    const decided = submitted + decidedAfter < nowMs && next() < 0.95;
    const taken = decided || (nowMs - submitted > DAY && next() < 0.6);
    const status = decided ? (next() < 0.8 ? 'RESOLVED' : 'REJECTED') : taken ? 'IN_PROGRESS' : 'PENDING';
    const firstAction = taken ? submitted + decidedAfter / 4 : null;
    const at = iso(submitted);
    const row = [
      bases.cases + index + 1,
      busyCase(index) ? parties.busyCitizenId : pick(parties.citizenIds),
      pick(CASE_TYPES),
      status,
      null,
      at,
      iso(decided ? submitted + decidedAfter : (firstAction ?? submitted)),
      1,
      taken ? pick(parties.employeeIds) : null,
      firstAction === null ? null : iso(firstAction),
      decided ? iso(submitted + decidedAfter) : null,
      caseDue(at),
    ];
    if (cases.push(row)) await cases.flush();
  }
  await cases.flush();
  log(`cases: ${size.cases}`);
}
