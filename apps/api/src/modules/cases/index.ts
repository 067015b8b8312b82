import { fullName } from '@portal/contract';
import { defineModule } from '../../app-module.js';
import { createCitizenQuotas } from '../../citizen-quotas.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditService } from '../audit/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ReceiptsService } from '../receipts/index.js';
import type { UsersService } from '../users/index.js';
import { demoCasesStep } from './seed.js';
import { createDocumentsRepository } from './documents/repository.js';
import { documentsRoutes } from './documents/routes.js';
import { createDocumentsService, type DocumentsService } from './documents/service.js';
import { createCasesRepository } from './repository.js';
import { casesRoutes } from './routes.js';
import { createCasesService, type CasesService } from './service.js';

export type { CasesService, DocumentsService };

/** Leftovers of uploads a stopped process never finished are removed this often. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Case resolutions with their vehicle registrations, status history and documents (spec sections
 * 2-5 and 7). Documents live in this module too: the details of a case list its documents, and a
 * document's access follows its case's owner.
 */
export const casesModule = defineModule<{ users: UsersService; audit: AuditService; receipts: ReceiptsService; notifications: NotificationsService }>()({
  name: 'cases',
  setup({ db, engine, config, live, log }, { users, audit, receipts, notifications }) {
    const publishCase = live.register({ kind: 'case', module: 'cases' });
    const casesRepository = createCasesRepository(db);
    const quotas = createCitizenQuotas({
      db,
      engine,
      quotas: config.citizenQuotas,
      uploadWindowMs: config.bodyDeadlines.uploadMs + 60_000,
    });
    const documentsRepository = createDocumentsRepository(db);
    // A case is named by its type and key field ("Vehicle registration - KR 12345"); the web words the type.
    audit.nameRecordsWith('case', async (ids) => {
      const rows = await casesRepository.namesFor(ids);
      return new Map(
        rows.map((row) => [
          Number(row.id),
          { name: row.number_plate, person: fullName({ firstName: row.first_name, lastName: row.last_name }), caseType: row.case_type },
        ]),
      );
    });
    const cases = createCasesService({
      db,
      engine,
      cases: casesRepository,
      documents: documentsRepository,
      findRole: async (id) => (await users.findUser(id))?.role,
      quotas,
      // The citizen's open details page follows the status; staff's pending lists change too.
      publish: (event, ownerId) => publishCase(event.caseId, event, [ownerId], { toStaff: true }),
      recordAudit: (trx, entry) => audit.record(trx, entry),
      receipts,
      notify: (trx, userId, event, options) => notifications.enqueue(trx, userId, event, options),
    });
    const documents = createDocumentsService({
      db,
      engine,
      documents: documentsRepository,
      findCaseOwner: (caseId) => casesRepository.findOwner(caseId),
      maxBytes: config.documentMaxBytes,
      quotas,
      log,
      receipts,
      findCaseType: async (caseId) => (await casesRepository.findCase(caseId))?.caseType,
    });

    return {
      service: cases,
      async register(app) {
        app.accessControl.registerResourceCheck('case-owner', (id, user) => cases.isOwner(id, user));
        app.accessControl.registerResourceCheck('document-owner', (uuid, user) => documents.isOwnDocument(uuid, user));
        await app.register(named(casesRoutes), { cases });
        await app.register(named(documentsRoutes), { documents });

        const sweep = () =>
          documents
            .sweepAbandoned()
            .then((removed) => removed > 0 && log.info({ removed }, 'abandoned uploads removed'))
            .catch((error: unknown) => log.warn({ err: error }, 'abandoned uploads not swept'));
        const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
        timer.unref();
        app.addHook('onReady', async () => void sweep());
        app.addHook('onClose', async () => clearInterval(timer));
      },
      seedSteps: [demoCasesStep({ cases: casesRepository, documents: documentsRepository, users, audit })],
    };
  },
});
