import { defineModule } from '../../app-module.js';
import type { AuditService } from '../audit/index.js';
import type { UsersService } from '../users/index.js';
import { demoObligationsStep } from './seed.js';
import { createObligationsRepository } from './repository.js';
import { obligationsRoutes } from './routes.js';
import { createObligationsService, type ObligationsService } from './service.js';

export type { ObligationsService };

/**
 * Financial obligations (spec sections 2-9): a citizen's list, creation by staff (audited), and
 * the transfer details of the city's account (PAYMENT_ACCOUNT_NRB) with the ZBP payment code.
 */
export const obligationsModule = defineModule<{ users: UsersService; audit: AuditService }>()({
  name: 'obligations',
  setup({ db, config }, { users, audit }) {
    const repository = createObligationsRepository(db);
    const service = createObligationsService({ db, obligations: repository, users, audit, paymentAccount: config.paymentAccount });
    return {
      service,
      async register(app) {
        await app.register(obligationsRoutes, { obligations: service });
      },
      seedSteps: [demoObligationsStep(repository, users)],
    };
  },
});
