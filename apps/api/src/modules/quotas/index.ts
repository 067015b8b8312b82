import { defineModule } from '../../app-module.js';
import type { QuotasSettings } from './config.js';
import type { AuthPort } from '../../ports/auth.js';
import type { UsersPort } from '../../ports/users.js';
import { createCitizenQuotas, type CitizenQuotasService } from './service.js';

export type { CitizenQuotasService, QuotaCounts } from './service.js';

/**
 * What one citizen may use (letters and messages an hour, uploads at once, open cases, document
 * bytes): letters and cases call it before they write. It owns no table: the hourly allowances are
 * the auth module's database counters, and the cases module counts what a citizen holds
 * (`quotas.countWith`), so the rules live here and each table's SQL with its owner.
 */
export const quotasModule = defineModule<{ users: UsersPort; auth: AuthPort }, QuotasSettings>()({
  name: 'quotas',
  setup: ({ settings }, { users, auth }): { service: CitizenQuotasService } => ({
    service: createCitizenQuotas({
      quotas: settings.citizenQuotas,
      counters: auth,
      lockAccount: users.lockAccount,
      uploadWindowMs: settings.uploadWindowMs,
    }),
  }),
});
