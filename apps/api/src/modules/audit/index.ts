import { defineModule } from '../../app-module.js';
import { createAuditRepository } from './repository.js';
import { createAuditService, type AuditService } from './service.js';

export type { AuditService };
export type { AuditRecord } from './service.js';

/**
 * The tamper-evident trail of staff actions. Other modules record through its service, inside the
 * transaction of their change: `audit.record(trx, { actorId, action, entityType, entityId, before, after })`.
 * (Its routes come with the admin issue's branch, which owns this file.)
 */
export const auditModule = defineModule()({
  name: 'audit',
  setup({ db }) {
    return { service: createAuditService(createAuditRepository(db)) };
  },
});
