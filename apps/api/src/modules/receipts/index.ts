import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditService } from '../audit/index.js';
import { createReceiptsRepository } from './repository.js';
import { receiptsRoutes } from './routes.js';
import { createReceiptsService, type ReceiptsService } from './service.js';
import { loadSigningKey } from './signing-key.js';

export type { ReceiptsService };
export type { ReceiptEvent, ReceiptLanguage } from './wording.js';
export { receiptLanguageOf } from './language.js';

/**
 * Signed receipts (issue 20): every submission and decision gets a PDF sealed with the office's
 * key, issued in the transaction of the event (letters and cases call `receipts.issue(trx, …)`),
 * its SHA-256 in the audit trail; downloads for the person concerned and staff; a public check.
 */
export const receiptsModule = defineModule<{ audit: AuditService }>()({
  name: 'receipts',
  setup({ db, config }, { audit }) {
    const key = loadSigningKey(config.receipts);
    const service = createReceiptsService({ receipts: createReceiptsRepository(db), audit, key, officeName: config.receipts.officeName });
    return {
      service,
      async register(app) {
        app.accessControl.registerResourceCheck('receipt-reader', (id, user) => service.isOwnReceipt(id, user));
        app.accessControl.registerResourceCheck('conversation-receipts-reader', (id, user) => service.mayListSubject('conversation', id, user));
        app.accessControl.registerResourceCheck('case-receipts-reader', (id, user) => service.mayListSubject('case', id, user));
        await app.register(named(receiptsRoutes), { receipts: service });
      },
    };
  },
});
