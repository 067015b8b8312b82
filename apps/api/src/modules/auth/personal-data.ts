import type { Db } from '../../db/database.js';
import type { PersonalData } from '../../plugins/personal-data.js';

/**
 * The auth module's part of an account's closure: the login throttle's counters name the username
 * (login-throttle.ts); the name is gone and no one can sign in to the closed account, so they go
 * now rather than at expiry. Its second-factor tables are declared, not exported.
 */
export function registerAuthPersonalData(personalData: PersonalData): void {
  personalData.erasure(async (account, trx: Db) => {
    const user = account.username.normalize('NFKC').toLowerCase();
    const pairs = await trx.selectFrom('auth_counters').select('key').where('key', 'like', 'login:pair:%').execute();
    const keys = [`login:user:${user}`, ...pairs.map((row) => row.key).filter((key) => key.endsWith(`|${user}`))];
    await trx.deleteFrom('auth_counters').where('key', 'in', keys).execute();
  });
  const credentials = 'A second factor (sealed secrets, hashes, public keys, pending challenges): never exported, since a copy would weaken it.';
  for (const table of ['two_factor_totp', 'two_factor_recovery_codes', 'passkeys', 'two_factor_challenges'] as const) {
    personalData.holdsNothingPersonal(table, credentials);
  }
}
