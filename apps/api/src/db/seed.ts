import type { Role } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { createUsersRepository, type UsersRepository } from '../modules/users/repository.js';
import { createUsersService, type NewAccount, type UsersService } from '../modules/users/service.js';
import type { Db } from './database.js';

export interface SeedContext {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  users: UsersService;
  usersRepository: UsersRepository;
}

/**
 * One piece of start-up data. Steps run in order on every start, so each must be idempotent
 * (look before it writes). A module adds its own demo data by appending a step to `seedSteps`
 * in seed-steps.ts,
 * e.g. letters written by the demo citizens, found with `demoUserId(ctx, 'anowak')`.
 */
export interface SeedStep {
  name: string;
  enabled(config: Config): boolean;
  run(ctx: SeedContext): Promise<void>;
}

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

export const demoLogins = () =>
  DEMO_ACCOUNTS.map(({ role, username, password }) => ({ role, username, password }));

/** The id of a demo account (for later steps that attach demo data to it). */
export async function demoUserId(ctx: SeedContext, username: string): Promise<number | undefined> {
  return (await ctx.usersRepository.findForLogin(username))?.user.id;
}

export const firstAdminStep: SeedStep = {
  name: 'first admin from ADMIN_USERNAME / ADMIN_PASSWORD',
  enabled: (config) => config.firstAdmin !== null,
  async run({ config, users, usersRepository, log }) {
    const admin = config.firstAdmin;
    if (!admin || (await usersRepository.hasAnyWithRole('ADMIN'))) return;
    const taken = await usersRepository.findTaken(admin.username, admin.email);
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

export const demoUsersStep: SeedStep = {
  name: 'demo users',
  enabled: (config) => config.seedDemo,
  async run({ users, usersRepository, log }) {
    let created = 0;
    for (const { role, ...account } of DEMO_ACCOUNTS) {
      const taken = await usersRepository.findTaken(account.username, account.email);
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

/** Runs in this order; module steps come after the demo users they rely on (see server.ts). */
export const baseSeedSteps: SeedStep[] = [firstAdminStep, demoUsersStep];

export async function runSeed(
  db: Db,
  config: Config,
  log: SeedContext['log'],
  steps: readonly SeedStep[],
): Promise<void> {
  const usersRepository = createUsersRepository(db);
  const ctx: SeedContext = { db, config, log, usersRepository, users: createUsersService(usersRepository) };
  for (const step of steps) {
    if (step.enabled(config)) await step.run(ctx);
  }
}
