import type { SeedStep } from '../../db/seed.js';
import type { UsersPort } from '../../ports/users.js';

/**
 * An employee whose account is switched off, so the demo's Manage Employees table shows both
 * badges. It is not a demo login (main.ts and the README say it is inactive); once an admin
 * activates it, it signs in with this password.
 */
export const INACTIVE_DEMO_EMPLOYEE = {
  username: 'tnowicka',
  password: 'Employee123',
  email: 'teresa.nowicka@urzad.example.pl',
  firstName: 'Teresa',
  lastName: 'Nowicka',
  phoneNumber: '604567890',
  dateOfBirth: '1979-01-15',
} as const;

export function inactiveEmployeeStep(users: UsersPort): SeedStep {
  return {
    name: 'demo inactive employee',
    enabled: (config) => config.seedDemo,
    async run({ log }) {
      if (await users.findUserByUsername(INACTIVE_DEMO_EMPLOYEE.username)) return;
      try {
        // Seed data, not a staff action: nobody did it, so there is nothing to audit.
        await users.createAccount({ ...INACTIVE_DEMO_EMPLOYEE, enabled: false }, 'EMPLOYEE');
        log.info({ username: INACTIVE_DEMO_EMPLOYEE.username }, 'demo inactive employee created');
      } catch (error) {
        log.warn({ username: INACTIVE_DEMO_EMPLOYEE.username, err: error }, 'demo inactive employee skipped: its username or email is taken');
      }
    },
  };
}
