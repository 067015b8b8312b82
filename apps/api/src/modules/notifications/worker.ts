import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from './config.js';
import { nowIso } from '../../db/portable.js';
import type { UserContact, UsersPort } from '../../ports/users.js';
import { renderEmail } from './content/email.js';
import { ratingLinkOf, SETTINGS_SCREEN, screenOf } from './content/links.js';
import { categoryOf, type DeliveryCategory, farewellContact, type NotificationEvent, type NotificationKind } from './events.js';
import type { ClaimedRow, NotificationsRepository } from './repository.js';
import { DELIVERY_FAILED, type NotificationsService } from './service.js';
import { ANNOUNCED_AT_COMMIT } from './subscriber.js';
import type { MailTransport } from './transport.js';

export interface DeliveryPolicy {
  /** Attempts before a row is marked failed. */
  maxAttempts: number;
  /** Wait before retry n (1-based): base * 2^(n-1), at most `maxBackoffMs`. */
  backoffBaseMs: number;
  maxBackoffMs: number;
  /** How long a claim holds; a process that dies mid-delivery frees its rows after this. */
  leaseMs: number;
  /** Rows claimed at once while the outbox keeps up, and sent side by side. */
  batchSize: number;
  /** Behind (a batch came back full), the next batch is twice as large, up to this. */
  maxBatchSize: number;
  /** A reply's email waits this long for the reply to be read in the portal (REPLY_EMAIL_DELAY_SECONDS). */
  replyDelayMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 6,
  backoffBaseMs: 60_000,
  maxBackoffMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
  maxBatchSize: 100,
  replyDelayMs: 60_000,
};

export interface WorkerDeps {
  notifications: NotificationsRepository;
  service: NotificationsService;
  users: UsersPort;
  transport: MailTransport;
  mail: MailConfig;
  log: FastifyBaseLogger;
  now: () => Date;
  policy: DeliveryPolicy;
  /** Tells the person's open pages that their notification list has a new entry. */
  announce: (userId: number, kind: string) => void;
}

/** What one pass did with the rows it claimed. */
export type RunResult = Record<'sent' | 'skipped' | 'retried' | 'failed', number>;
type Outcome = Parameters<NotificationsRepository['finish']>[2];

/** A claimed row to be emailed: its event and its recipient's contact (a closed account's: its former one). */
interface Email {
  row: ClaimedRow;
  event: NotificationEvent;
  contact: UserContact;
  category: DeliveryCategory;
}

export const backoffMs = (attempt: number, policy: DeliveryPolicy) =>
  Math.min(policy.maxBackoffMs, policy.backoffBaseMs * 2 ** Math.max(0, attempt - 1));

/**
 * Delivers the outbox: claim due rows, look them up (a query per batch, not per email), render,
 * send, mark; reminders are scheduled here too. Runs on a poll and whenever `wake()` is called.
 */
export function createNotificationWorker({ notifications, service, users, transport, mail, log, now, policy, announce }: WorkerDeps) {
  const host = new URL(mail.publicUrl).hostname || 'portal.local';
  const messageIdOf = (id: number) => `<notification-${id}@${host}>`;

  /** Ends the claims of `rows` (of one batch) with one outcome; admins hear of failures. */
  async function finish(claimToken: string, rows: readonly ClaimedRow[], outcome: Outcome): Promise<void> {
    const ended = await notifications.finish(claimToken, rows.map((row) => row.id), outcome);
    for (const row of rows) if (!ended.has(row.id)) log.warn({ notificationId: row.id }, 'notification claim expired before it was marked');
    if (outcome.status !== 'failed') return;
    const admins = (await users.listUsers({ role: 'ADMIN' })).filter((admin) => admin.enabled).map((admin) => admin.id);
    for (const row of rows.filter((failed) => ended.has(failed.id))) {
      await service.reportFailure(admins, { notificationId: row.id, recipientId: row.user_id, kind: row.kind, reason: outcome.reason });
      for (const admin of admins) announce(admin, DELIVERY_FAILED);
    }
  }

  /**
   * Marks sent emails as their sends finish: the ones that finish while a mark is being written
   * go together in the next one, so a batch costs a few updates, not one per email, and a crash
   * leaves few sent emails unmarked (sent again, with the same Message-ID, after the lease).
   */
  function sentMarks(claimToken: string) {
    let waiting: ClaimedRow[] = [];
    let writing: Promise<void> = Promise.resolve();
    const write = async () => {
      const rows = waiting;
      waiting = [];
      await finish(claimToken, rows, { status: 'sent', at: nowIso(now()) });
    };
    return (row: ClaimedRow): Promise<void> => {
      waiting.push(row);
      // A failed write fails its own rows only (they stay claimed until the lease runs out).
      if (waiting.length === 1) writing = writing.catch(() => undefined).then(write);
      return writing;
    };
  }

  async function send(email: Email, markSent: (row: ClaimedRow) => Promise<void>, result: RunResult): Promise<void> {
    const { row, event, contact, category } = email;
    const optional = category !== 'account';
    const rendered = await renderEmail({
      event,
      language: contact.language,
      firstName: contact.firstName,
      link: `${mail.publicUrl}${screenOf(event, contact.role)}`,
      ratingLink: ratingLinkOf(event, contact.role, mail.publicUrl, service.ratingToken),
      settingsLink: optional ? `${mail.publicUrl}${SETTINGS_SCREEN}` : null,
    });
    const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
    if (optional) {
      const token = service.unsubscribeToken(row.user_id, category);
      headers['List-Unsubscribe'] = `<${mail.publicUrl}/api/notifications/unsubscribe/${token}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    try {
      await transport.send({ to: contact.email, ...rendered, messageId: messageIdOf(row.id), headers });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (row.attempts >= policy.maxAttempts) {
        log.warn({ notificationId: row.id, attempts: row.attempts, reason }, 'email failed for good');
        await finish(row.claim_token, [row], { status: 'failed', reason });
        result.failed += 1;
        return;
      }
      const availableAt = nowIso(new Date(now().getTime() + backoffMs(row.attempts, policy)));
      log.info({ notificationId: row.id, attempts: row.attempts, reason, availableAt }, 'email refused; retrying later');
      await finish(row.claim_token, [row], { status: 'retry', availableAt, reason });
      result.retried += 1;
      return;
    }
    await markSent(row);
    if (event.kind === 'account-closed') await notifications.forgetPayload(row.id); // the former address, now sent
    result.sent += 1;
  }

  /** One claimed batch: who and whether (a query each for the batch), then the emails side by side. */
  async function deliverBatch(claimed: readonly ClaimedRow[], result: RunResult): Promise<void> {
    const claimToken = claimed[0]?.claim_token;
    if (!claimToken) return;
    for (const row of claimed) {
      // A reminder's entry is announced at its row's first claim (by one process, just after the
      // commit); an event's entries were announced at their commit (index.ts), whatever the email waits for.
      if (row.attempts === 1 && !ANNOUNCED_AT_COMMIT.has(row.kind as NotificationKind)) announce(row.user_id, row.kind);
    }
    const userIds = claimed.map((row) => row.user_id);
    const [contacts, settings] = await Promise.all([users.findContacts(userIds), service.settingsFor(userIds)]);

    const skipped = new Map<string, ClaimedRow[]>();
    const skip = (row: ClaimedRow, reason: string) => skipped.set(reason, [...(skipped.get(reason) ?? []), row]);
    const candidates: Email[] = [];
    for (const row of claimed) {
      const event = JSON.parse(row.payload_json) as NotificationEvent;
      const category = categoryOf(event.kind);
      const contact = event.kind === 'account-closed' ? farewellContact(row.user_id, event.to) : contacts.get(row.user_id);
      if (!contact) skip(row, 'no such account');
      else if (category !== 'account' && !contact.enabled) skip(row, 'account disabled');
      else if (category !== 'account' && !settings.get(row.user_id)?.[category]) skip(row, 'switched off');
      else candidates.push({ row, event, contact, category });
    }

    // The modules' checks ("read meanwhile", "paid"), once per kind for the whole batch.
    const byKind = new Map<NotificationKind, Email[]>();
    for (const email of candidates) byKind.set(email.event.kind, [...(byKind.get(email.event.kind) ?? []), email]);
    const irrelevant = new Set<Email>();
    await Promise.all(
      [...byKind].map(async ([kind, emails]) => {
        const check = service.deliveryCheckFor(kind);
        if (!check) return;
        const answers = await check(emails.map(({ event, row }) => ({ event, recipientId: row.user_id })));
        emails.forEach((email, index) => {
          if (!answers[index]) irrelevant.add(email);
        });
      }),
    );
    for (const email of irrelevant) skip(email.row, 'no longer relevant');

    const markSent = sentMarks(claimToken);
    await Promise.all([
      ...[...skipped].map(async ([reason, rows]) => {
        await finish(claimToken, rows, { status: 'skipped', reason });
        result.skipped += rows.length;
      }),
      // An SMTP exchange is mostly waiting for the server: the batch's emails go side by side
      // over the transport's pooled connections.
      ...candidates
        .filter((email) => !irrelevant.has(email))
        .map((email) =>
          send(email, markSent, result).catch((error: unknown) => {
            // A rendering or database problem: the lease expires and the row is tried again.
            log.error({ err: error, notificationId: email.row.id }, 'notification delivery crashed');
          }),
        ),
    ]);
  }

  /** Runs the scheduled jobs (reminders); each enqueues at most once per obligation and kind. */
  async function runSchedule(): Promise<number> {
    let queued = 0;
    for (const job of service.scheduledJobs()) queued += await job(now());
    return queued;
  }

  /**
   * One pass: queues the marked replies' emails, then claims due rows batch after batch until none
   * is due; larger batches while behind.
   */
  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, skipped: 0, retried: 0, failed: 0 };
    let limit = policy.batchSize;
    for (;;) {
      const at = now();
      // Only replies past their quiet window; one read meanwhile lost its mark (read-replies.ts).
      while ((await service.relayReplies(policy.maxBatchSize, nowIso(new Date(at.getTime() - policy.replyDelayMs)))) === policy.maxBatchSize);
      const claimed = await notifications.claimDue(nowIso(at), nowIso(new Date(at.getTime() + policy.leaseMs)), limit);
      if (claimed.length === 0) return result;
      try {
        await deliverBatch(claimed, result);
      } catch (error) {
        // A lookup failed: the batch's leases expire and its rows are tried again.
        log.error({ err: error, notificationIds: claimed.map((row) => row.id) }, 'notification batch crashed');
        return result;
      }
      limit = claimed.length >= limit ? Math.min(limit * 2, Math.max(policy.maxBatchSize, policy.batchSize)) : policy.batchSize;
    }
  }

  let started = false;
  let stopped = false;
  let pollMs = 1_000;
  let scheduleMs = 10 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** A wake came while a pass was running: run another at once when it ends. */
  let again = false;
  let lastSchedule = 0;

  async function pass(): Promise<void> {
    try {
      if (Date.now() - lastSchedule >= scheduleMs) {
        lastSchedule = Date.now();
        await runSchedule();
      }
      await runOnce();
    } catch (error) {
      log.warn({ err: error }, 'notification worker pass failed');
    }
  }

  /** A pass now, or right after the one running; then the next poll. */
  function kick(): void {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    again = false;
    running = pass().finally(() => {
      running = undefined;
      if (stopped) return;
      if (again) kick();
      else timer = setTimeout(kick, pollMs).unref();
    });
  }

  return {
    runOnce,
    runSchedule,
    /**
     * Polls every `pollMs` (a fallback: `wake` brings new emails at once); the reminder schedule
     * runs at most every `scheduleMs`.
     */
    start(everyMs: number, scheduleEveryMs: number): void {
      started = true;
      pollMs = everyMs;
      scheduleMs = scheduleEveryMs;
      timer = setTimeout(kick, 0).unref();
    },
    /** An email was queued (or may have been): deliver it now rather than at the next poll. */
    wake: kick,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
