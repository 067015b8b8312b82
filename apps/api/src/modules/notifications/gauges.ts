import type { Db } from '../../db/database.js';
import type { ModuleMetrics } from '../../plugins/metrics.js';

/** The notification tables as /metrics shows them: the outbox's depth and the replies not queued yet. */
export function registerNotificationGauges(metrics: ModuleMetrics, db: Db): void {
  metrics.gauge({
    name: 'portal_notification_outbox_messages',
    help: 'Emails in the notification outbox: pending (the depth) and failed (given up after retries)',
    label: 'status',
    values: ['pending', 'failed'],
    async read() {
      const rows = await db
        .selectFrom('notification_outbox')
        .select((eb) => ['status', eb.fn.countAll<string | number>().as('count')])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    },
  });
  metrics.gauge({
    name: 'portal_notification_replies_unqueued',
    help: 'Chat replies whose email the delivery worker has not queued yet (marked portal entries): near 0 while workers run',
    async read() {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('email_pending', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  });
}
