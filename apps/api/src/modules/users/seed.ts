import type { Role } from '@portal/contract';
import type { SeedStep } from '../../db/seed.js';
import type { FirstAdminConfig } from './config.js';
import type { UsersRepository } from './repository.js';
import type { NewAccount, UsersService } from './service.js';

export interface DemoAccount extends NewAccount {
  role: Role;
}

/** Demo logins (SEED_DEMO). The README lists them and main.ts prints them on start. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'ADMIN',
    username: 'admin',
    password: 'Admin1234',
    email: 'admin@urzad.example.pl',
    firstName: 'Katarzyna',
    lastName: 'Wójcik',
    phoneNumber: '221234567',
    dateOfBirth: '1980-03-14',
  },
  {
    role: 'EMPLOYEE',
    username: 'jkowalski',
    password: 'Employee123',
    email: 'jan.kowalski@urzad.example.pl',
    firstName: 'Jan',
    lastName: 'Kowalski',
    phoneNumber: '601234567',
    dateOfBirth: '1985-06-21',
  },
  {
    role: 'EMPLOYEE',
    username: 'mwisniewska',
    password: 'Employee123',
    email: 'maria.wisniewska@urzad.example.pl',
    firstName: 'Maria',
    lastName: 'Wiśniewska',
    phoneNumber: '602345678',
    dateOfBirth: '1990-11-02',
  },
  {
    role: 'USER',
    username: 'anowak',
    password: 'Citizen123',
    email: 'anna.nowak@example.pl',
    firstName: 'Anna',
    lastName: 'Nowak',
    phoneNumber: '501234567',
    dateOfBirth: '1992-04-08',
  },
  {
    role: 'USER',
    username: 'pzielinski',
    password: 'Citizen123',
    email: 'piotr.zielinski@example.pl',
    firstName: 'Piotr',
    lastName: 'Zieliński',
    phoneNumber: '502345678',
    dateOfBirth: '1978-09-30',
  },
];

export const demoLogins = () => DEMO_ACCOUNTS.map(({ role, username, password }) => ({ role, username, password }));

/** The users module's start-up data: the first admin, then the demo accounts. */
export function usersSeedSteps(users: UsersService, repository: UsersRepository, admin: FirstAdminConfig | null): SeedStep[] {
  const firstAdmin: SeedStep = {
    name: 'first admin from ADMIN_USERNAME / ADMIN_PASSWORD',
    enabled: () => admin !== null,
    async run({ log }) {
      if (!admin || (await repository.hasAnyWithRole('ADMIN'))) return;
      const taken = await repository.findTaken(admin.username, admin.email);
      if (taken.username || taken.lookalike || taken.email) {
        log.warn({ username: admin.username }, 'first admin not created: username (or a look-alike) or email already used by a non-admin');
        return;
      }
      await users.createAccount(
        {
          ...admin,
          // The spec's User has these fields; the admin can be asked to fill them in later.
          firstName: 'Administrator',
          lastName: 'Portal',
          phoneNumber: '000000000',
          dateOfBirth: '1970-01-01',
        },
        'ADMIN',
      );
      log.info({ username: admin.username }, 'first admin created');
    },
  };

  const demoUsers: SeedStep = {
    name: 'demo users',
    enabled: (config) => config.seedDemo,
    async run({ log }) {
      let created = 0;
      for (const { role, ...account } of DEMO_ACCOUNTS) {
        const taken = await repository.findTaken(account.username, account.email);
        if (taken.username) continue;
        if (taken.email || taken.lookalike) {
          log.warn({ username: account.username }, 'demo user skipped: its email or a look-alike username is used by another account');
          continue;
        }
        await users.createAccount(account, role);
        created += 1;
      }
      if (created) log.info({ created }, 'demo users created');
    },
  };

  return [firstAdmin, demoUsers];
}
