import { caseReference, fullName } from '@portal/contract';
import { defineModule } from '../../app-module.js';
import type { CasesConfig } from './config.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditPort } from '../../ports/audit.js';
import type { QuotasPort } from '../../ports/quotas.js';
import type { ReceiptsPort } from '../../ports/receipts.js';
import type { UsersPort } from '../../ports/users.js';
import { registerCasesPersonalData } from './personal-data.js';
import { demoCasesStep } from './seed.js';
import { createDocumentsRepository } from './documents/repository.js';
import { documentsRoutes } from './documents/routes.js';
import { createDocumentsService, type DocumentsService } from './documents/service.js';
import { createCaseDeskRepository } from './desk/repository.js';
import { type CaseHandoffsService, createCaseHandoffsService } from './handoffs.js';
import { caseHandoffsRoutes } from './handoffs-routes.js';
import { caseDeskRoutes } from './desk/routes.js';
import { createCaseDeskService } from './desk/service.js';
import { createCasesRepository } from './repository.js';
import { casesRoutes } from './routes.js';
import { createCasesService, type CasesService as CasesRules } from './service.js';
import { type CaseClock, createCaseClock } from './clock.js';
import { caseTermsRoutes, createCaseTermsService } from './terms.js';
import { createCaseTermsRepository } from './terms-repository.js';
import { createCaseAppeals } from './answers/appeal.js';
import { registerCaseAnswersPersonalData } from './answers/personal-data.js';
import { createCaseAnswersRepository } from './answers/repository.js';
import { caseAnswersRoutes } from './answers/routes.js';
import { createCaseAnswersService } from './answers/service.js';

export type { DocumentsService };
/** The cases' rules, their clock for the deadlines module (issue 32), and their stale list (issue 33). */
export type CasesService = CasesRules & { clock: CaseClock; staleCases: CaseHandoffsService['listStale'] };

/** Leftovers of uploads a stopped process never finished are removed this often. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Case resolutions with their vehicle registrations, status history and documents (spec sections
 * 2-5 and 7). Documents live in this module too: the details of a case list its documents, and a
 * document's access follows its case's owner.
 */
export const casesModule = defineModule<{
  users: UsersPort;
  audit: AuditPort;
  receipts: ReceiptsPort;
  quotas: QuotasPort;
}, CasesConfig>()({
  name: 'cases',
  setup({ db, engine, settings, live, log, personalData, events }, { users, audit, receipts, quotas }) {
    const publishCase = live.register({ kind: 'case', module: 'cases' });
    // The citizen's open details page follows the status; staff's pending lists change too.
    events.subscribeAfterCommit('cases-live', (event) => {
      if (event.type === 'case-status-changed' || event.type === 'case-appealed' || event.type === 'case-released') {
        publishCase(event.caseId, { type: 'case-status', caseId: event.caseId, status: event.after, changedAt: event.at }, [event.ownerId], { toStaff: true });
      }
      // A reassignment keeps the status; staff's lists ("In progress", "Mine") and the citizen's "Handled by" change.
      if (event.type === 'case-reassigned') {
        publishCase(event.caseId, { type: 'case-status', caseId: event.caseId, status: 'IN_PROGRESS', changedAt: event.at }, [event.ownerId], { toStaff: true });
      }
    });
    const casesRepository = createCasesRepository(db);
    const answersRepository = createCaseAnswersRepository(db);
    const documentsRepository = createDocumentsRepository(db);
    // What a citizen holds is this module's to count; the quotas module decides what is too much.
    quotas.countWith('openCases', casesRepository.countOpen);
    quotas.countWith('documentBytes', documentsRepository.bytesOf);
    registerCasesPersonalData(personalData, db, documentsRepository);
    registerCaseAnswersPersonalData(personalData, db);
    personalData.holdsNothingPersonal('case_handoffs', 'An admin\'s reassignments and releases of a case between staff (issue 33), with the admin\'s reason: staff at work; the citizen\'s case and its status history are in their export');
    personalData.holdsNothingPersonal('case_notes', 'Staff\'s internal notes (issue 33): staff-only by rule, never in the citizen\'s export; the author is staff at work');
    // A case is named by its type and key field ("Vehicle registration - KR 12345"); the web words the type.
    audit.nameRecordsWith('case', async (ids) => {
      const rows = await casesRepository.namesFor(ids);
      return new Map(
        rows.map((row) => [
          Number(row.id),
          {
            name: row.number_plate,
            person: fullName({ firstName: row.first_name, lastName: row.last_name }),
            caseType: row.case_type,
            reference: caseReference(Number(row.id)),
          },
        ]),
      );
    });
    receipts.findSubjectOwnersWith('case', (id) => casesRepository.findOwner(id));
    const cases = createCasesService({
      engine,
      cases: casesRepository,
      documents: documentsRepository,
      answers: answersRepository,
      findRole: async (id) => (await users.findUser(id))?.role,
      quotas,
      events,
    });
    const desk = createCaseDeskService({ cases: casesRepository, desk: createCaseDeskRepository(db), events });
    const documents = createDocumentsService({
      db,
      engine,
      documents: documentsRepository,
      findCaseOwner: (caseId) => casesRepository.findOwner(caseId),
      maxBytes: settings.documentMaxBytes,
      quotas,
      log,
      events,
      findCaseNaming: (caseId) => casesRepository.findCase(caseId),
    });

    const handoffs = createCaseHandoffsService({ db, engine, cases: casesRepository, users, events });
    return {
      // The handoffs module's stale list asks for the stale cases.
      service: { ...cases, clock: createCaseClock(db), staleCases: handoffs.listStale } satisfies CasesService,
      async register(app) {
        // Cases from before migration 0050 get their stored due date (staff lists' sort key) once.
        await casesRepository.fillMissingDueDates();
        app.accessControl.registerResourceCheck('case-owner', (id, user) => cases.isOwner(id, user));
        app.accessControl.registerResourceCheck('document-owner', (uuid, user) => documents.isOwnDocument(uuid, user));
        await app.register(named(casesRoutes), { cases });
        await app.register(named(documentsRoutes), { documents });
        const terms = createCaseTermsService({ terms: createCaseTermsRepository(db), cases: casesRepository, events });
        await app.register(named(caseTermsRoutes), { terms });
        await app.register(named(caseDeskRoutes), { desk });
        const answers = createCaseAnswersService({ cases: casesRepository, answers: answersRepository, documents: documentsRepository, events });
        const appeals = createCaseAppeals({ engine, cases: casesRepository, answers: answersRepository, documents: documentsRepository, events, answersService: answers });
        await app.register(named(caseAnswersRoutes), { answers, appeals });
        await app.register(named(caseHandoffsRoutes), { handoffs });

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
