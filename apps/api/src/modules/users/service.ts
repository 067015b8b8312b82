import { type RegisterRequest, type Role, type UserResponse, userApiMessages, usernameMessages } from '@portal/contract';
import { uniqueViolation } from '../../db/errors.js';
import { conflict } from '../../plugins/api-error.js';
import { hashPassword, type LoadedSession } from '../../plugins/auth/index.js';
import type { UsersRepository, UserWithHash } from './repository.js';

/** Registration data after the contract's schema: what any account needs. */
export type NewAccount = RegisterRequest & { enabled?: boolean };

function takenError(taken: { username: boolean; lookalike: boolean; email: boolean }) {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = userApiMessages.usernameTaken;
  else if (taken.lookalike) fields.username = usernameMessages.lookalike;
  if (taken.email) fields.email = userApiMessages.emailTaken;
  return conflict(fields.username ?? userApiMessages.emailTaken, fields);
}

export function createUsersService(users: UsersRepository) {
  return {
    /** The caller of an authenticated request and whether its token was revoked: ONE query. */
    async loadSession(id: number, jti: string): Promise<LoadedSession> {
      const found = await users.findForSession(id, jti);
      if (!found) return { status: 'missing' };
      if (!found.user.enabled) return { status: 'disabled' };
      return { status: 'active', user: found.user, tokenGeneration: found.tokenGeneration, revoked: found.revoked };
    },

    /**
     * Creates an account with the given role (citizens, employees, the first admin: every account
     * comes through here). 409 with the offending field(s) when the username is taken (ignoring
     * case) or looks like one that is, or the email is taken — also when a concurrent request won
     * the race to the unique index. The contract's username field has already refused blank,
     * padded and invisible-character usernames and normalized the rest (NFKC).
     */
    async createAccount(input: NewAccount, role: Role): Promise<UserResponse> {
      const taken = await users.findTaken(input.username, input.email);
      if (taken.username || taken.lookalike || taken.email) throw takenError(taken);
      const passwordHash = await hashPassword(input.password);
      try {
        return await users.insert({ ...input, passwordHash, role });
      } catch (error) {
        const index = uniqueViolation(error);
        if (!index) throw error;
        throw takenError({
          username: index.includes('username') && !index.includes('skeleton'),
          lookalike: index.includes('skeleton'),
          email: index.includes('email'),
        });
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
