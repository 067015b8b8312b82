import { defineModule } from '../../app-module.js';
import type { SessionsConfig } from './config.js';
import { jsonPart } from '../../plugins/personal-data.js';
import { named } from '../../plugins/plugin-name.js';
import type { UsersPort } from '../../ports/users.js';
import { createSessionsRepository } from './repository.js';
import { createRevocations } from './revocations.js';
import { sessionsRoutes } from './routes.js';
import { createSessionsService, type SessionsService } from './service.js';

export type { SessionsService };
/** What other modules may do to tokens: revoke one, redeem a one-use ticket, purge expired rows. */
export type Revocations = SessionsService['revocations'];
export type { SessionClient } from './service.js';

export interface SessionsModuleOptions {
  /** The staff idle time-out's clock (tests move it instead of waiting). */
  now?: () => number;
}

/**
 * Sessions people can see and end (issue 21): one row per issued token, the staff idle time-out
 * (server.ts wraps the per-request caller lookup with `guard`), "Your sessions", "Stay signed in"
 * and an admin ending a staff member's sessions. Ending is a revocation (revoked_tokens, which this
 * module alone writes: the auth module's logout and tickets call `revocations`), so every API process agrees at once.
 */
export const sessionsModule = (options: SessionsModuleOptions = {}) =>
  defineModule<{ users: UsersPort }, SessionsConfig>()({
    name: 'sessions',
    setup({ db, settings, log, live, personalData, events }, { users }) {
      const repository = createSessionsRepository(db);
      const service = createSessionsService({ repository, revocations: createRevocations(db), users, events, staffIdleMinutes: settings.staffIdleMinutes, now: options.now });
      personalData.section({
        place: 50,
        readme: { en: '- sessions.json: where and when you are signed in;', pl: '- sessions.json: gdzie i kiedy jesteś zalogowany;' },
        tables: ['sessions'],
        read: async (userId) => [jsonPart('sessions.json', await service.listOf(userId))],
      });
      // Sessions that ended, or no longer count (a deactivated or closed account): their open
      // sockets are checked at the commit and close at once, on every process.
      events.subscribeAfterCommit('sessions-ended', (event) => {
        if (event.type === 'account-deactivated' || event.type === 'account-closed' || event.type === 'sessions-ended' || event.type === 'password-changed') live.sessionsEnded(event.userId);
      });
      // A new password ends the account's other sessions (every one after a reset), with the change.
      events.subscribeInTransaction('sessions-ended', async (trx, event) => {
        if (event.type === 'password-changed') await service.endAllBut(event.userId, event.keepSession, trx);
      });
      // A closed account's sessions end and what they recorded (browsers, addresses) goes.
      personalData.erasure((account, trx) => service.forget(account.id, trx));
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
