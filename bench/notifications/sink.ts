import type { AddressInfo } from 'node:net';
import { caseReference } from '@portal/contract';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../apps/api/src/db/database.js';

// bench:notifications' SMTP sink (when each event's email arrived) and its accounts.

/**
 * A wait fails once no email arrived for this long: a delivery that stopped (or never started)
 * ends the run in seconds, not after a long total budget (the counted events are case status
 * changes, emailed at once; no reply's quiet window is waited for). A busy machine delivers a few
 * emails a second at worst.
 */
const STALL_MS = Number(process.env.BENCH_NOTIFY_STALL_MS ?? 20_000);

// The system clock, read the same way in the driver and the API processes (commit and acceptance
// are noted in different processes).
export const wallMs = () => Date.now();

/**
 * The event's number in its email's subject: the case's reference as the portal writes it (the
 * contract's caseReference, e.g. "Case status changed (C-17)"), so a new wording of references
 * cannot silently make every email unrecognised again (it did once: "Case no. 17" became "C-17").
 */
const [refBefore = '', refAfter = ''] = caseReference(987_654_321).split('987654321');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SUBJECT_EVENT = new RegExp(`^Subject: .*\\(${escape(refBefore)}(\\d+)${escape(refAfter)}\\)`, 'm');

/** The SMTP sink: when each event's email (its case reference is in the subject) was accepted, and every Message-ID. */
export async function startSink() {
  const acceptedAt = new Map<number, number>();
  const messageIds: string[] = [];
  let duplicates = 0;
  /** Emails whose subject names no event (the chat sends' replies of part 3 are expected here). */
  const unrecognised: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const at = wallMs();
        const event = Number(SUBJECT_EVENT.exec(head)?.[1]);
        const messageId = /^Message-ID: (<[^>]+>)/im.exec(head)?.[1] ?? '';
        callback();
        // The chat sends' reply emails (part 3) are not events of the count.
        if (Number.isNaN(event)) {
          if (unrecognised.length < 3) unrecognised.push(/^Subject: (.*)$/m.exec(head)?.[1] ?? '(no subject)');
          return;
        }
        messageIds.push(messageId);
        if (acceptedAt.has(event)) duplicates += 1;
        else acceptedAt.set(event, at);
        for (const waiter of waiters.filter((w) => acceptedAt.size >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    acceptedAt,
    messageIds,
    duplicates: () => duplicates,
    /** Resolves once `count` distinct events were accepted; rejects when none arrived for STALL_MS. */
    until(count: number): Promise<void> {
      if (acceptedAt.size >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        let seen = acceptedAt.size;
        const timer = setInterval(() => {
          if (acceptedAt.size > seen) {
            seen = acceptedAt.size;
            return;
          }
          clearInterval(timer);
          const others = unrecognised.length ? `; emails naming no case arrived, e.g. ${JSON.stringify(unrecognised)}` : '';
          reject(new Error(`only ${acceptedAt.size} of ${count} emails arrived; none in the last ${STALL_MS / 1000} s${others}`));
        }, STALL_MS);
        waiters.push({ count, resolve: () => (clearInterval(timer), resolve()) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function insertUser(db: Db, username: string, role: 'USER' | 'EMPLOYEE'): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username,
      username_lower: username,
      email: `${username}@bench.example.org`,
      password_hash: 'x',
      first_name: 'Bench',
      last_name: 'Mark',
      role,
      phone_number: '501234567',
      date_of_birth: '1990-01-01',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
