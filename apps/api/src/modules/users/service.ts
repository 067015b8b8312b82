import { type RegisterRequest, type Role, type UserResponse, userApiMessages } from '@portal/contract';
import { uniqueViolation } from '../../db/errors.js';
import { conflict } from '../../plugins/api-error.js';
import { hashPassword, type LoadedUser } from '../../plugins/auth/index.js';
import type { UsersRepository, UserWithHash } from './repository.js';

/** Registration data after the contract's schema: what any account needs. */
export type NewAccount = RegisterRequest & { enabled?: boolean };

function takenError(taken: { username: boolean; email: boolean }) {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = userApiMessages.usernameTaken;
  if (taken.email) fields.email = userApiMessages.emailTaken;
  return conflict(taken.username ? userApiMessages.usernameTaken : userApiMessages.emailTaken, fields);
}

export function createUsersService(users: UsersRepository) {
  return {
    /** The one lookup behind every authenticated request (plugins/auth). */
    async loadActiveUser(id: number): Promise<LoadedUser> {
      const user = await users.findById(id);
      if (!user) return { status: 'missing' };
      return user.enabled ? { status: 'active', user } : { status: 'disabled' };
    },

    /**
     * Creates an account with the given role; 409 with the offending field(s) when the username
     * or email is taken — also when a concurrent request won the race to the unique index.
     */
    async createAccount(input: NewAccount, role: Role): Promise<UserResponse> {
      const taken = await users.findTaken(input.username, input.email);
      if (taken.username || taken.email) throw takenError(taken);
      const passwordHash = await hashPassword(input.password);
      try {
        return await users.insert({ ...input, passwordHash, role });
      } catch (error) {
        const index = uniqueViolation(error);
        if (!index) throw error;
        throw takenError({ username: index.includes('username'), email: index.includes('email') });
      }
    },

    listUsers: (): Promise<UserResponse[]> => users.list(),

    findUser: (id: number): Promise<UserResponse | undefined> => users.findById(id),

    /** Exact username, as typed at login; for seeding and lookups that must not see the hash. */
    async findUserByUsername(username: string): Promise<UserResponse | undefined> {
      return (await users.findForLogin(username))?.user;
    },

    /** The account and its password hash, for the login check (modules/auth) only. */
    findLoginAccount: (username: string): Promise<UserWithHash | undefined> => users.findForLogin(username),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
