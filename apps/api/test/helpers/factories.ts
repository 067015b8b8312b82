import type { RegisterRequest, Role, UserResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { issueDirectToken } from '../../src/modules/sessions/direct-token.js';
import { createUsersRepository } from '../../src/modules/users/repository.js';
import { hashPassword } from '../../src/plugins/auth/index.js';

let sequence = 0;

/** Short, unique across files and runs, lower-case: fits the 20-character username limit. */
export function uniqueTag(): string {
  sequence += 1;
  return `${Date.now().toString(36).slice(-4)}${sequence.toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
}

/** A registration body that passes the contract; override any field. */
export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const tag = uniqueTag();
  return {
    username: `u${tag}`,
    email: `user.${tag}@example.org`,
    password: 'Secret123',
    firstName: 'Zofia',
    lastName: 'Testowa',
    phoneNumber: '501234567',
    dateOfBirth: '1990-05-17',
    ...overrides,
  };
}

// argon2id costs ~50 ms; users created with the same password share one hash.
const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export interface CreatedUser {
  user: UserResponse;
  /** A valid JWT for this user, as POST /login would answer. */
  token: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

export type UserOverrides = Partial<RegisterRequest> & { enabled?: boolean };

async function createUser(app: FastifyInstance, role: Role, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const { enabled, ...fields } = overrides;
  const data = newRegistration(fields);
  const user = await createUsersRepository(app.db).insert({
    ...data,
    passwordHash: await cachedHash(data.password),
    role,
    enabled: enabled ?? true,
  });
  const token = await issueDirectToken(app, user);
  return { user, token, password: data.password, headers: { authorization: `Bearer ${token}` } };
}

export const createCitizen = (app: FastifyInstance, overrides?: UserOverrides) => createUser(app, 'USER', overrides);
export const createEmployee = (app: FastifyInstance, overrides?: UserOverrides) => createUser(app, 'EMPLOYEE', overrides);
export const createAdmin = (app: FastifyInstance, overrides?: UserOverrides) => createUser(app, 'ADMIN', overrides);

/** Rows in `users`: for "nothing was written" checks inside one suite's own database. */
export async function countUsers(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findUserRow(app: FastifyInstance, username: string) {
  return app.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}
