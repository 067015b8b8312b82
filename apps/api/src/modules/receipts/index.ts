import { defineModule } from '../../app-module.js';
import type { ReceiptsConfig } from './config.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditPort } from '../../ports/audit.js';
import type { UsersPort } from '../../ports/users.js';
import { createReceiptsRepository } from './repository.js';
import { receiptsRoutes } from './routes.js';
import { createReceiptsService, type ReceiptsService } from './service.js';
import { loadSigningKey } from './signing-key.js';
import { receiptEventOf } from './subscriber.js';

export type { ReceiptsService };
export type { ReceiptEvent, ReceiptLanguage } from './wording.js';

/**
 * Signed receipts (issue 20): every submission and decision gets a PDF sealed with the office's
 * key, issued in the transaction of the event (a subscriber of the portal's events),
 * its SHA-256 in the audit trail; downloads for the person concerned and staff; a public check.
 */
export const receiptsModule = defineModule<{ audit: AuditPort; users: UsersPort }, ReceiptsConfig>()({
  name: 'receipts',
  setup({ db, settings, personalData, events }, { audit, users }) {
    const key = loadSigningKey(settings);
    personalData.holdsNothingPersonal(
      'receipts',
      'Signed PDF copies of submissions and decisions the office keeps as proof; the records they certify are in the export, and the person downloads each receipt in the portal.',
    );
    const service = createReceiptsService({ receipts: createReceiptsRepository(db), audit, users, key, officeName: settings.officeName });
    // After the rows of the change: the PDF is laid out and signed here; its audit row, like the
    // change's, is written unchained and linked into the chain after the commit (no lock held here).
    events.subscribeInTransaction('receipts', async (trx, event) => {
      const receipt = receiptEventOf(event);
      if (receipt) await service.issue(trx, receipt, { actorId: event.actorId, actorLanguage: event.actorLanguage });
    });
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
