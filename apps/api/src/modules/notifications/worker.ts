import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.js';
import { nowIso } from '../../db/portable.js';
import type { UsersService } from '../users/index.js';
import { renderEmail } from './content/email.js';
import { SETTINGS_SCREEN, screenOf } from './content/links.js';
import { categoryOf, type NotificationEvent } from './events.js';
import type { ClaimedRow, NotificationsRepository } from './repository.js';
import { DELIVERY_FAILED, type NotificationsService } from './service.js';
import type { MailTransport } from './transport.js';

export interface DeliveryPolicy {
  /** Attempts before a row is marked failed. */
  maxAttempts: number;
  /** Wait before retry n (1-based): base * 2^(n-1), at most `maxBackoffMs`. */
  backoffBaseMs: number;
  maxBackoffMs: number;
  /** How long a claim holds; a process that dies mid-delivery frees its rows after this. */
  leaseMs: number;
  /** Rows claimed at once, and sent side by side. */
  batchSize: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 6,
  backoffBaseMs: 60_000,
  maxBackoffMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
};

export interface WorkerDeps {
  notifications: NotificationsRepository;
  service: NotificationsService;
  users: UsersService;
  transport: MailTransport;
  mail: MailConfig;
  log: FastifyBaseLogger;
  now: () => Date;
  policy: DeliveryPolicy;
  /** Tells the person's open pages that their notification list has a new entry. */
  announce: (userId: number, kind: string) => void;
}

export interface RunResult {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

export const backoffMs = (attempt: number, policy: DeliveryPolicy) =>
  Math.min(policy.maxBackoffMs, policy.backoffBaseMs * 2 ** Math.max(0, attempt - 1));

/** Delivers the outbox: claim due rows, render, send, mark; reminders are scheduled here too. */
export function createNotificationWorker({ notifications, service, users, transport, mail, log, now, policy, announce }: WorkerDeps) {
  const host = new URL(mail.publicUrl).hostname || 'portal.local';
  const messageIdOf = (id: number) => `<notification-${id}@${host}>`;

  async function deliver(row: ClaimedRow): Promise<keyof RunResult> {
    const event = JSON.parse(row.payload_json) as NotificationEvent;
    // The row was committed with its portal entry; its first claim (by exactly one process, about
    // a poll after the commit) is when the recipient's open pages hear of it.
    if (row.attempts === 1) announce(row.user_id, row.kind);
    const category = categoryOf(event.kind);
    const contact = await users.findContact(row.user_id);
    if (!contact) return finish(row, { status: 'skipped', reason: 'no such account' });
    if (category !== 'account') {
      if (!contact.enabled) return finish(row, { status: 'skipped', reason: 'account disabled' });
      if (!(await service.settingsOf(row.user_id))[category]) return finish(row, { status: 'skipped', reason: 'switched off' });
    }
    const check = service.deliveryCheckFor(event.kind);
    if (check && !(await check(event, row.user_id))) return finish(row, { status: 'skipped', reason: 'no longer relevant' });

    const optional = category !== 'account';
    const rendered = await renderEmail({
      event,
      language: contact.language,
      firstName: contact.firstName,
      link: `${mail.publicUrl}${screenOf(event, contact.role)}`,
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
        return finish(row, { status: 'failed', reason });
      }
      const availableAt = nowIso(new Date(now().getTime() + backoffMs(row.attempts, policy)));
      log.info({ notificationId: row.id, attempts: row.attempts, reason, availableAt }, 'email refused; retrying later');
      return finish(row, { status: 'retry', availableAt, reason });
    }
    return finish(row, { status: 'sent', at: nowIso(now()) });
  }

  async function finish(row: ClaimedRow, outcome: Parameters<NotificationsRepository['finish']>[1]): Promise<keyof RunResult> {
    if (!(await notifications.finish(row, outcome))) {
      log.warn({ notificationId: row.id }, 'notification claim expired before it was marked');
    } else if (outcome.status === 'failed') {
      const admins = (await users.listUsers({ role: 'ADMIN' })).filter((admin) => admin.enabled).map((admin) => admin.id);
      await service.reportFailure(admins, { notificationId: row.id, recipientId: row.user_id, kind: row.kind, reason: outcome.reason });
      for (const admin of admins) announce(admin, DELIVERY_FAILED);
    }
    return outcome.status === 'retry' ? 'retried' : outcome.status;
  }

  /** Runs the scheduled jobs (reminders); each enqueues at most once per obligation and kind. */
  async function runSchedule(): Promise<number> {
    let queued = 0;
    for (const job of service.scheduledJobs()) queued += await job(now());
    return queued;
  }

  /** One pass: claims due rows batch after batch until none is due. */
  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, skipped: 0, retried: 0, failed: 0 };
    for (;;) {
      const at = now();
      const claimed = await notifications.claimDue(nowIso(at), nowIso(new Date(at.getTime() + policy.leaseMs)), policy.batchSize);
      if (claimed.length === 0) return result;
      // A batch is sent side by side: an SMTP exchange is mostly waiting for the server.
      const outcomes = await Promise.all(
        claimed.map((row) =>
          deliver(row).catch((error: unknown) => {
            // A rendering or database problem: the lease expires and the row is tried again.
            log.error({ err: error, notificationId: row.id }, 'notification delivery crashed');
            return null;
          }),
        ),
      );
      for (const outcome of outcomes) if (outcome) result[outcome] += 1;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let lastSchedule = 0;

  return {
    runOnce,
    runSchedule,
    /** Polls every `pollMs`; the reminder schedule runs at most every `scheduleMs`. */
    start(pollMs: number, scheduleMs: number): void {
      const tick = async () => {
        try {
          if (Date.now() - lastSchedule >= scheduleMs) {
            lastSchedule = Date.now();
            await runSchedule();
          }
          await runOnce();
        } catch (error) {
          log.warn({ err: error }, 'notification worker pass failed');
        }
        if (!stopped) timer = setTimeout(() => void (running = tick()), pollMs).unref();
      };
      timer = setTimeout(() => void (running = tick()), 0).unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
