import { defineModule } from '../../app-module.js';
import { createAuditRepository } from './repository.js';
import { createAuditService } from './service.js';

export type AuditService = ReturnType<typeof createAuditService>;

/** The audit trail: staff writes record themselves through `audit.record(trx, entry)` in their transaction. */
export const auditModule = defineModule()({
  name: 'audit',
  setup: ({ db }) => ({ service: createAuditService(createAuditRepository(db)) }),
});
