import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditPort } from '../../ports/audit.js';
import type { UsersPort } from '../../ports/users.js';
import { employeesRoutes } from './routes.js';
import { inactiveEmployeeStep } from './seed.js';
import { createEmployeesService } from './service.js';

export { INACTIVE_DEMO_EMPLOYEE } from './seed.js';

/**
 * The Admin Dashboard's API (spec sections 2, 4, 7): register employees, list them, switch them
 * on and off, each change audited in its own transaction. Accounts themselves are the users
 * module's; this module holds the admin's rules about them.
 */
export const employeesModule = defineModule<{ users: UsersPort; audit: AuditPort }>()({
  name: 'employees',
  setup({ events }, { users, audit }) {
    const service = createEmployeesService({ users, events });
    // The accounts this module's actions change are named on the Audit Log by their person.
    audit.nameRecordsWith('user', async (ids) => {
      const names = await users.accountNames(ids);
      return new Map([...names].map(([id, name]) => [id, { name, person: null }]));
    });
    return {
      async register(app) {
        await app.register(named(employeesRoutes), { employees: service });
      },
      seedSteps: [inactiveEmployeeStep(users)],
    };
  },
});
