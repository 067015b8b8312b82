import { defineModule } from '../../app-module.js';
import type { ObligationsSettings } from './config.js';
import { fullName } from '@portal/contract';
import { named } from '../../plugins/plugin-name.js';
import type { AuditPort } from '../../ports/audit.js';
import type { NotificationsPort } from '../../ports/notifications.js';
import { areUnpaid, obligationReminderJob } from './reminders.js';
import type { UsersPort } from '../../ports/users.js';
import { registerObligationsPersonalData } from './personal-data.js';
import { demoObligationsStep } from './seed.js';
import { createObligationsRepository } from './repository.js';
import { obligationsRoutes } from './routes.js';
import { createObligationsService, type ObligationsService } from './service.js';

export type { ObligationsService };

/**
 * Financial obligations (spec sections 2-9): a citizen's list, creation by staff (audited), and
 * the transfer details of the city's account (PAYMENT_ACCOUNT_NRB) with the ZBP payment code.
 */
export const obligationsModule = defineModule<{ users: UsersPort; audit: AuditPort; notifications: NotificationsPort }, ObligationsSettings>()({
  name: 'obligations',
  setup({ db, settings, personalData, events }, { users, audit, notifications }) {
    const repository = createObligationsRepository(db);
    registerObligationsPersonalData(personalData, db);
    const service = createObligationsService({ obligations: repository, users, paymentAccount: settings.paymentAccount, events });
    audit.nameRecordsWith('obligation', async (ids) => {
      const rows = await repository.namesFor(ids);
      return new Map(rows.map((row) => [Number(row.id), { name: row.description, person: fullName({ firstName: row.first_name, lastName: row.last_name }) }]));
    });
    // Reminders and payment emails only while the obligation is unpaid.
    notifications.registerScheduledJob(obligationReminderJob({ db, notifications, paymentAccount: settings.paymentAccount }));
    for (const kind of ['obligation-created', 'obligation-due-soon', 'obligation-overdue'] as const) {
      notifications.registerDeliveryCheck(kind, (targets) => areUnpaid(db, targets.map(({ event }) => event.obligationId)));
    }
    return {
      service,
      async register(app) {
        await app.register(named(obligationsRoutes), { obligations: service });
      },
      seedSteps: [demoObligationsStep(repository, users)],
    };
  },
});
