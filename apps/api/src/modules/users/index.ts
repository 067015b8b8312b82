import { defineModule } from '../../app-module.js';
import type { UsersSettings } from './config.js';
import { named } from '../../plugins/plugin-name.js';
import { registerUsersPersonalData } from './personal-data.js';
import { createUsersRepository } from './repository.js';
import { usersRoutes } from './routes.js';
import { usersSeedSteps } from './seed.js';
import { createUsersService, type UsersService } from './service.js';

export type { UsersService };
export type { UserContact } from './repository.js';
export { demoLogins } from './seed.js';

/** Accounts: the caller lookup behind every request, registration, the first admin and demo users. */
export const usersModule = defineModule<Record<never, never>, UsersSettings>()({
  name: 'users',
  setup({ db, settings, personalData, events }) {
    const repository = createUsersRepository(db);
    const service = createUsersService(repository, (work) => events.transaction(work));
    registerUsersPersonalData(personalData, db, repository);
    return {
      service,
      async register(app) {
        await app.register(named(usersRoutes), { users: service });
      },
      seedSteps: usersSeedSteps(service, repository, settings.firstAdmin),
    };
  },
});
