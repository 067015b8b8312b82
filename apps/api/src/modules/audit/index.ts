import { defineModule } from '../../app-module.js';
import { createAuditRepository } from './repository.js';
import { auditRoutes } from './routes.js';
import { createAuditService, type AuditService } from './service.js';

export type { AuditService };
export type { AuditRecord } from './service.js';

/**
 * The tamper-evident trail of staff actions. Other modules record through its service, inside the
 * transaction of their change: `audit.record(trx, { actorId, action, entityType, entityId, before, after })`.
 * Its routes (ADMIN only) list, export and verify the trail.
 */
export const auditModule = defineModule()({
  name: 'audit',
  setup({ db }) {
    const service = createAuditService(createAuditRepository(db));
    return {
      service,
      async register(app) {
        await app.register(auditRoutes, { audit: service });
      },
    };
  },
});
