import { idParams } from '@portal/contract';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/portable.js';
import type { JsonValue, RealtimeBus } from '../../plugins/realtime/index.js';
import { createDocumentsRepository } from './documents-repository.js';
import { documentsRoutes } from './documents-routes.js';
import { createDocumentsService } from './documents-service.js';
import { createCasesRepository } from './repository.js';
import { casesRoutes } from './routes.js';
import { createCasesService, type PublishCaseEvent, type RecordAudit } from './service.js';

export interface CasesModuleOptions {
  db: Db;
  engine: Engine;
  config: Config;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  userExists: (id: number) => Promise<boolean>;
  recordAudit: RecordAudit;
}

/** The name src/access-policy.ts uses for "the case at params.id is the caller's own". */
export const CASE_OWNER = 'case-owner';
/** The same for the case object in the body (POST /api/documents/case). */
export const CASE_OWNER_BODY = 'case-owner-body';
/** "The document at params.uuid belongs to one of the caller's cases". */
export const DOCUMENT_OWNER = 'document-owner';

/** Leftovers of uploads a stopped process never finished are removed this often. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export const caseTopic = (caseId: number) => `case:${caseId}` as const;

/** Publishing never holds up the answer: the change is stored, and a client that missed the event refetches. */
function casePublisher(bus: RealtimeBus, log: FastifyBaseLogger): PublishCaseEvent {
  return (event, ownerId) => {
    bus
      .publish(caseTopic(event.caseId), { event, participants: [ownerId], toStaff: true } as unknown as JsonValue)
      .catch((error: unknown) => log.warn({ err: error, caseId: event.caseId }, 'case status event not published'));
  };
}

/** Case resolutions with their vehicle registrations and documents (spec sections 2-5 and 7). */
export const casesModule: FastifyPluginAsync<CasesModuleOptions> = async (app, options) => {
  const { db, engine, config, bus, log } = options;
  const casesRepository = createCasesRepository(db);
  const documentsRepository = createDocumentsRepository(db);
  const cases = createCasesService({
    db,
    engine,
    cases: casesRepository,
    documents: documentsRepository,
    userExists: options.userExists,
    publish: casePublisher(bus, log),
    recordAudit: options.recordAudit,
  });
  const documents = createDocumentsService({
    db,
    engine,
    documents: documentsRepository,
    findCaseOwner: (caseId) => casesRepository.findOwner(caseId),
    maxBytes: config.documentMaxBytes,
    log,
  });

  app.accessControl.registerResourceCheck(CASE_OWNER, (request, user) => cases.isOwner(idParams.parse(request.params).id, user));
  app.accessControl.registerResourceCheck(CASE_OWNER_BODY, (request, user) =>
    cases.isOwner(z.object({ id: z.number() }).parse(request.body).id, user),
  );
  app.accessControl.registerResourceCheck(DOCUMENT_OWNER, (request, user) =>
    documents.isOwnDocument(z.object({ uuid: z.string() }).parse(request.params).uuid, user),
  );

  await app.register(casesRoutes, { cases });
  await app.register(documentsRoutes, { documents });

  const sweep = () =>
    documents
      .sweepAbandoned()
      .then((removed) => removed > 0 && log.info({ removed }, 'abandoned uploads removed'))
      .catch((error: unknown) => log.warn({ err: error }, 'abandoned uploads not swept'));
  app.addHook('onReady', async () => {
    void sweep();
  });
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
