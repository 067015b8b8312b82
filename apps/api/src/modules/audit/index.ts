import { defineModule } from '../../app-module.js';
import type { AuditConfig } from './config.js';
import type { Db } from '../../db/database.js';
import { named } from '../../plugins/plugin-name.js';
import { adoptTrail, type AdoptedTrail } from './adopt-trail.js';
import { loadAuditKey } from './audit-key.js';
import { createCheckpointFile } from './checkpoints.js';
import { createAuditRepository } from './repository.js';
import { auditRoutes } from './routes.js';
import { createAuditService, type AuditService } from './service.js';
import { auditRecordOf } from './subscriber.js';

export type { AuditService };
export type { AuditRecord, AuditRecordNamer } from './service.js';

/** The operator's adoption of a trail with rows and no checkpoint file (src/audit-adopt.ts): writes its first checkpoint. */
export async function adoptAuditTrail(db: Db, settings: AuditConfig): Promise<AdoptedTrail & { path: string }> {
  const key = loadAuditKey(settings);
  const checkpoints = createCheckpointFile(settings.checkpointFile, key);
  return { ...(await adoptTrail(createAuditRepository(db), { key, checkpoints })), path: checkpoints.path };
}

/** Runs `write` now and then; answers how to stop. */
export type CheckpointScheduler = (write: () => Promise<void>, intervalMs: number) => () => void;

const everyInterval: CheckpointScheduler = (write, intervalMs) => {
  const timer = setInterval(() => void write(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * How often the chainer looks for unchained rows besides the kicks after this process's commits:
 * rows committed by a process that stopped before chaining them, or outside the events plugin.
 */
const CHAIN_INTERVAL_MS = 1_000;

export interface AuditModuleOptions {
  /** How the checkpoint is kept up with the head (default: a timer every AUDIT_CHECKPOINT_SECONDS). */
  scheduleCheckpoints?: CheckpointScheduler;
  /** How the chainer's pass is repeated (default: a timer every second); tests drive it by hand. */
  scheduleChaining?: CheckpointScheduler;
  /** The checkpoints' clock. */
  now?: () => string;
}

/**
 * The tamper-evident trail of staff actions. Other modules record through its service, inside the
 * transaction of their change: `audit.recordAtCommit(trx, { actorId, action, entityType, entityId, before, after })`
 * (`record` chains at once and holds the chain's lock to the commit: seeds and scripts only).
 * The row is written unchained and linked by the chainer once the change committed (chainer.ts).
 * Its routes (ADMIN only) list, export and verify the trail. The chain's key and its checkpoint
 * are files outside the database (its settings); the first checkpoint is written at start on an
 * empty trail, never on one with rows (service.checkpoint).
 */
export const auditModule = (options: AuditModuleOptions = {}) =>
  defineModule<Record<never, never>, AuditConfig>()({
    name: 'audit',
    async setup({ db, settings: audit, log, personalData, events, metrics }) {
      const key = loadAuditKey(audit);
      const checkpoints = createCheckpointFile(audit.checkpointFile, key);
      const lockHeld = metrics.histogram({
        name: 'portal_audit_chain_lock_held_ms',
        help: 'How long a chainer batch held the audit chain lock, from taking it to the end of its commit, in milliseconds (changes take none)',
        buckets: [0.25, 0.5, 1, 2, 3, 4, 5, 7.5, 10, 15, 25, 50, 100, 250],
      });
      const service = createAuditService(
        createAuditRepository(db),
        { key, checkpoints, now: options.now },
        {
          atCommit: (trx, step) => events.atCommit(trx, step),
          lockHeld,
          chainFailed: (error) => log.error({ err: error }, 'linking audit rows into the chain failed; the next pass retries'),
        },
      );
      personalData.holdsNothingPersonal(
        'audit_log',
        'The office\'s tamper-evident record of actions, kept when an account closes: it names people by account id (pseudonymised at closure), never by their fields.',
      );
      // The change's row is written unchained with the change; the chainer links it after the commit.
      events.subscribeInTransaction(
        'audit',
        async (trx, event) => {
          const record = auditRecordOf(event);
          if (record) await service.recordAtCommit(trx, record);
        },
        'last',
      );
      const { status } = await service.checkpoint();
      if (status === 'missing') {
        log.warn(
          { file: checkpoints.path },
          'audit checkpoint file is missing while the audit trail holds rows; it is not written anew (restore it, or adopt the trail: README, Audit trail); verify reports it',
        );
      } else if (status === 'invalid') {
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
          const stop = (options.scheduleCheckpoints ?? everyInterval)(write, audit.checkpointIntervalMs);
          const chainAgain = async () => {
            try {
              await service.chainPending();
            } catch (error) {
              log.error({ err: error }, 'linking audit rows into the chain failed; the next pass retries');
            }
          };
          const stopChaining = (options.scheduleChaining ?? everyInterval)(chainAgain, CHAIN_INTERVAL_MS);
          app.addHook('onClose', async () => {
            stop();
            stopChaining();
            // What this process committed is linked before it goes (another process would do it later).
            await chainAgain();
          });
          await app.register(named(auditRoutes), { audit: service });
        },
      };
    },
  });
