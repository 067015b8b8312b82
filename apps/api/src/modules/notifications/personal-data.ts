import type { PersonalData } from '../../plugins/personal-data.js';

/**
 * The notifications module's part of an account's closure: its portal notifications, settings and
 * email queue go (payloads may name the person). They repeat what letters, cases and obligations
 * export, so the export has no part of its own for them.
 */
export function registerNotificationsPersonalData(personalData: PersonalData): void {
  personalData.erasure(async (account, trx) => {
    await trx.deleteFrom('notifications').where('user_id', '=', account.id).execute();
    await trx.deleteFrom('notification_settings').where('user_id', '=', account.id).execute();
    await trx.deleteFrom('notification_outbox').where('user_id', '=', account.id).execute();
  });
  const why = 'Notices of the letters, cases and obligations the export shows, and their delivery; deleted when the account is closed.';
  for (const table of ['notifications', 'notification_settings', 'notification_outbox'] as const) personalData.holdsNothingPersonal(table, why);
}
