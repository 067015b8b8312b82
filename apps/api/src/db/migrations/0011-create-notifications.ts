import { type Kysely, sql } from 'kysely';
import { engineOf, flagColumn, idColumn } from '../portable.js';

/**
 * Notifications (issue 18):
 * - users.language: the language the account's emails are written in ('en' | 'pl'), remembered
 *   from the web's language switch; null until the person picks one (then English);
 * - notification_outbox: one row per email to send, written in the transaction of the change that
 *   causes it (a transactional outbox). A worker claims due rows (`locked_until` is the claim's
 *   lease: a process that dies mid-delivery leaves the row to be claimed again once it expires),
 *   sends them and marks them sent, skipped, retried later (`available_at`) or failed.
 *   `dedupe_key` joins the replies of one conversation to one recipient: at most one pending row
 *   per key (a partial unique index). `once_key` makes an email happen at most once ever
 *   (reminders), whichever process schedules it;
 * - notification_settings: email on or off per person and category (absent: on);
 * - notifications: the portal's own list, one entry per event (replies are not debounced there),
 *   read or not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema.alterTable('users').addColumn('language', 'varchar(2)').execute();

  await idColumn(db.schema.createTable('notification_outbox'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('category', 'varchar(20)', (col) => col.notNull())
    .addColumn('payload_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('available_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'skipped', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('claim_token', 'varchar(40)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('dedupe_key', 'varchar(80)')
    .addColumn('once_key', 'varchar(80)')
    .execute();
  // The worker's scan: due pending rows in order.
  await db.schema.createIndex('notification_outbox_due').on('notification_outbox').columns(['status', 'available_at']).execute();
  await db.schema
    .createIndex('notification_outbox_dedupe_pending_unique')
    .on('notification_outbox')
    .column('dedupe_key')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('notification_outbox_dedupe').on('notification_outbox').columns(['dedupe_key', 'sent_at']).execute();
  await db.schema.createIndex('notification_outbox_once_key_unique').on('notification_outbox').column('once_key').unique().execute();

  await idColumn(db.schema.createTable('notifications'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('payload_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('read_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();

  await flagColumn(
    db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
      .addColumn('category', 'varchar(20)', (col) => col.notNull()),
    'email',
    true,
  )
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_settings_pkey', ['user_id', 'category'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('notification_outbox').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
