import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { PersonalData } from '../../../plugins/personal-data.js';
import type { PortalEvents } from '../../../plugins/events.js';
import { named } from '../../../plugins/plugin-name.js';
import type { NotificationsPort } from '../../../ports/notifications.js';
import type { UsersPort } from '../../../ports/users.js';
import type { AttemptCounters } from '../attempt-counters.js';
import type { LoginThrottle } from '../login-throttle.js';
import { createPasswordResetsRepository } from './repository.js';
import { passwordRoutes } from './routes.js';
import { createPasswordService } from './service.js';

export interface PasswordSetup {
  db: Db;
  users: UsersPort;
  events: PortalEvents;
  throttle: LoginThrottle;
  counters: AttemptCounters;
  notifications: NotificationsPort;
  personalData: PersonalData;
  rateLimitPerMinute: number;
  now?: () => number;
}

/** Changing a password and an admin's reset link (issue 35), a part of the auth module: it shares the login throttle and the counters. */
export async function registerPasswords(app: FastifyInstance, setup: PasswordSetup): Promise<void> {
  const resets = createPasswordResetsRepository(setup.db);
  // A closed account's links go with it; a link is a credential, never exported.
  setup.personalData.erasure((account, trx) => resets.deleteAllOf(account.id, trx));
  setup.personalData.holdsNothingPersonal('password_resets', 'Password-reset links (hashes only): a credential, never exported.');
  const passwords = createPasswordService({
    users: setup.users,
    resets,
    events: setup.events,
    throttle: setup.throttle,
    counters: setup.counters,
    mail: setup.notifications,
    now: setup.now,
  });
  await app.register(named(passwordRoutes), { passwords, counters: setup.counters, rateLimitPerMinute: setup.rateLimitPerMinute });
}
