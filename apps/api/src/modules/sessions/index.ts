import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditService } from '../audit/index.js';
import type { UsersService } from '../users/index.js';
import { createSessionsRepository } from './repository.js';
import { sessionsRoutes } from './routes.js';
import { createSessionsService, type SessionsService } from './service.js';

export type { SessionsService };
export type { SessionClient } from './service.js';
export { clientOf } from './client.js';

export interface SessionsModuleOptions {
  /** The staff idle time-out's clock (tests move it instead of waiting). */
  now?: () => number;
}

/**
 * Sessions people can see and end (issue 21): one row per issued token, the staff idle time-out
 * (server.ts wraps the per-request caller lookup with `guard`), "Your sessions", "Stay signed in"
 * and an admin ending a staff member's sessions. Ending is the auth module's revocation
 * (revoked_tokens), so every API process agrees at once.
 */
export const sessionsModule = (options: SessionsModuleOptions = {}) =>
  defineModule<{ users: UsersService; audit: AuditService }>()({
    name: 'sessions',
    setup({ db, config, log }, { users, audit }) {
      const repository = createSessionsRepository(db);
      const service = createSessionsService({ repository, users, audit, staffIdleMinutes: config.sessions.staffIdleMinutes, now: options.now });
      return {
        service,
        async register(app) {
          // Expired rows describe tokens nobody can present any more.
          const timer = setInterval(() => {
            service.purgeExpired().catch((error: unknown) => log.warn({ err: error }, 'sessions: purging expired rows failed'));
          }, 60 * 60_000);
          timer.unref();
          app.addHook('onClose', (_instance, done) => {
            clearInterval(timer);
            done();
          });
          await app.register(named(sessionsRoutes), { sessions: service });
        },
      };
    },
  });
