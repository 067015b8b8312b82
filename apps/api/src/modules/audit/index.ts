import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import { loadAuditKey } from './audit-key.js';
import { createCheckpointFile } from './checkpoints.js';
import { createAuditRepository } from './repository.js';
import { auditRoutes } from './routes.js';
import { createAuditService, type AuditService } from './service.js';

export type { AuditService };
export type { AuditRecord, AuditRecordNamer } from './service.js';

/** Runs `write` now and then; answers how to stop. */
export type CheckpointScheduler = (write: () => Promise<void>, intervalMs: number) => () => void;

const everyInterval: CheckpointScheduler = (write, intervalMs) => {
  const timer = setInterval(() => void write(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};

export interface AuditModuleOptions {
  /** How the checkpoint is kept up with the head (default: a timer every AUDIT_CHECKPOINT_SECONDS). */
  scheduleCheckpoints?: CheckpointScheduler;
  /** The checkpoints' clock. */
  now?: () => string;
}

/**
 * The tamper-evident trail of staff actions. Other modules record through its service, inside the
 * transaction of their change: `audit.record(trx, { actorId, action, entityType, entityId, before, after })`.
 * Its routes (ADMIN only) list, export and verify the trail. The chain's key and its checkpoint
 * are files outside the database (config.audit); the first checkpoint is written at start.
 */
export const auditModule = (options: AuditModuleOptions = {}) =>
  defineModule()({
    name: 'audit',
    async setup({ db, config, log }) {
      const key = loadAuditKey(config.audit);
      const checkpoints = createCheckpointFile(config.audit.checkpointFile, key);
      const service = createAuditService(createAuditRepository(db), { key, checkpoints, now: options.now });
      if (!(await service.checkpoint())) {
        log.error({ file: checkpoints.path }, 'audit checkpoint file is unreadable or not signed with the audit key; verify reports it');
      }
      const write = async () => {
        try {
          await service.checkpoint();
        } catch (error) {
          log.error({ err: error }, 'writing the audit checkpoint failed');
        }
      };
      return {
        service,
        async register(app) {
          const stop = (options.scheduleCheckpoints ?? everyInterval)(write, config.audit.checkpointIntervalMs);
          app.addHook('onClose', async () => stop());
          await app.register(named(auditRoutes), { audit: service });
        },
      };
    },
  });
