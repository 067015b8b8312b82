import {
  fullName,
  type ListUsersQuery,
  type Language,
  type Role,
  USER_PAGE_DEFAULT,
  type UserResponse,
  type UserSummary,
  userApiMessages,
  usernameMessages,
} from '@portal/contract';
import { uniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../plugins/api-error.js';
import { hashPassword, type LoadedSession } from '../../plugins/auth/index.js';
import { storePasswordHash } from './password.js';
import type { InSameTransaction, NewAccount, UserContact, UserWithHash } from '../../ports/users.js';
import type { UsersRepository } from './repository.js';

export type { InSameTransaction, NewAccount };

function takenError(taken: { username: boolean; lookalike: boolean; email: boolean }) {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = userApiMessages.usernameTaken;
  else if (taken.lookalike) fields.username = usernameMessages.lookalike;
  if (taken.email) fields.email = userApiMessages.emailTaken;
  return conflict(fields.username ?? userApiMessages.emailTaken, fields);
}

const NOBODY = Symbol('nobody');

/**
 * The role a staff search may return, given the role asked for: an employee's search is always
 * narrowed to citizens (NOBODY when it asked for staff); an admin's is what it asked for.
 */
function findableRole(callerRole: Role, asked: Role | undefined): Role | undefined | typeof NOBODY {
  if (callerRole === 'ADMIN') return asked;
  if (asked !== undefined && asked !== 'USER') return NOBODY;
  return 'USER';
}

const toSummary = ({ id, username, firstName, lastName, role }: UserResponse): UserSummary => ({ id, username, firstName, lastName, role });

/**
 * `transaction` runs the transactions that take more work from the caller (alsoInTransaction):
 * the server's is the portal events' (a staff action's event reaches its after-commit subscribers).
 */
export function createUsersService(users: UsersRepository, transaction: <T>(work: (trx: Db) => Promise<T>) => Promise<T> = users.transaction) {
  return {
    /**
     * The caller of an authenticated request: ONE query of the account. Whether its token was
     * revoked or its session ended is the sessions module's to say (its guard, server.ts).
     */
    async loadSession(id: number): Promise<LoadedSession> {
      const found = await users.findForSession(id);
      if (!found) return { status: 'missing' };
      if (!found.user.enabled) return { status: 'disabled' };
      return { status: 'active', user: found.user, tokenGeneration: found.tokenGeneration, revoked: false };
    },

    /**
     * Creates an account with the given role (citizens, employees, the first admin: every account
     * comes through here). 409 with the offending field(s) when the username is taken (ignoring
     * case) or looks like one that is, or the email is taken — also when a concurrent request won
     * the race to the unique index. The contract's username field has already refused blank,
     * padded and invisible-character usernames and normalized the rest (NFKC).
     */
    async createAccount(
      input: NewAccount,
      role: Role,
      options: { alsoInTransaction?: InSameTransaction<[created: UserResponse]> } = {},
    ): Promise<UserResponse> {
      const taken = await users.findTaken(input.username, input.email);
      if (taken.username || taken.lookalike || taken.email) throw takenError(taken);
      const passwordHash = await hashPassword(input.password);
      const { alsoInTransaction } = options;
      try {
        if (!alsoInTransaction) return await users.insert({ ...input, passwordHash, role });
        return await transaction(async (trx) => {
          const created = await users.insert({ ...input, passwordHash, role }, trx);
          await alsoInTransaction(trx, created);
          return created;
        });
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

    listUsers: (filter: { role?: Role } = {}): Promise<UserResponse[]> => users.list(filter),

    /**
     * Switches an account on or off. `check` sees the account as it is (locked against a
     * concurrent change) and throws to refuse; when the flag already has the wanted value nothing
     * is written and the account is answered as it is. 404 for an unknown id.
     */
    async setEnabled(
      id: number,
      enabled: boolean,
      options: {
        check?: (current: UserResponse) => void;
        alsoInTransaction?: InSameTransaction<[before: UserResponse, after: UserResponse]>;
      } = {},
    ): Promise<UserResponse> {
      return transaction(async (trx) => {
        const current = await users.findByIdForUpdate(id, trx);
        if (!current) throw notFound();
        options.check?.(current);
        if (current.enabled === enabled) return current;
        const updated = await users.setEnabled(id, enabled, trx);
        if (!updated) throw notFound();
        await options.alsoInTransaction?.(trx, current, updated);
        return updated;
      });
    },

    /**
     * GET /api/users: without parameters every account the caller may find (the spec's form); with
     * any, one page of the search (see the contract's listUsersQuery). An employee finds citizens
     * only (asking for another role finds nobody); an admin finds every account, staff included
     * (the Audit Log's staff filter). Either way each row is a summary without personal data.
     */
    async findUsers(query: ListUsersQuery, callerRole: Role): Promise<UserSummary[]> {
      const { q, prefix, role, after, limit } = query;
      const findable = findableRole(callerRole, role);
      if (findable === NOBODY) return [];
      const found =
        [q, prefix, role, after, limit].every((value) => value === undefined)
          ? await users.list({ role: findable })
          : await users.search({ q, prefix, role: findable, after, limit: limit ?? USER_PAGE_DEFAULT });
      return found.map(toSummary);
    },

    /** The Create Obligations label panel: distinct labels of the accounts the caller may find. */
    async labels(role: Role | undefined, callerRole: Role): Promise<string[]> {
      const findable = findableRole(callerRole, role);
      return findable === NOBODY ? [] : users.labels(findable);
    },

    findUser: (id: number): Promise<UserResponse | undefined> => users.findById(id),
    /** Locks the account's row until `trx` ends (PostgreSQL; SQLite runs one writing transaction at a time): a count-then-insert about the person takes turns. */
    lockAccount: async (id: number, trx: Db): Promise<void> => void (await users.findByIdForUpdate(id, trx)),
    /** Issue 21: the account's personal fields replaced by `pseudonym`, in the caller's transaction. */
    pseudonymise: (id: number, pseudonym: string, trx: Db): Promise<void> => users.pseudonymise(id, pseudonym, trx),
    /** Signs the account out everywhere (in the caller's transaction). */
    endEveryToken: (id: number, trx: Db): Promise<void> => users.endEveryToken(id, trx),

    /** "Anna Nowak (anowak)" for each account among `ids` that exists: how the Audit Log names accounts. */
    async accountNames(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await users.namesFor(ids);
      return new Map(rows.map((row) => [Number(row.id), `${fullName({ firstName: row.first_name, lastName: row.last_name })} (${row.username})`]));
    },

    /** Username and name of each account among `ids` that exists (an admin's list of closure requests). */
    async namesOf(ids: readonly number[]): Promise<Map<number, { username: string; firstName: string; lastName: string }>> {
      const rows = await users.namesFor(ids);
      return new Map(rows.map((row) => [Number(row.id), { username: row.username, firstName: row.first_name, lastName: row.last_name }]));
    },

    /** Address, name and language of each account of `ids` that exists, for the emails sent to it (notifications). */
    findContacts: (ids: readonly number[]): Promise<Map<number, UserContact>> => users.findContacts(ids),

    /** "First Last" and the chosen language of each account among `ids`, in the caller's transaction (receipts). */
    peopleOf: (ids: readonly number[], trx: Db) => users.peopleOf(ids, trx),

    /** The web's language switch of a signed-in person: their emails follow it. */
    setLanguage: (id: number, language: Language): Promise<void> => users.setLanguage(id, language),

    /** The account's password hash, for a password change's check of the current one (modules/auth) only. */
    findPasswordHash: async (id: number): Promise<string | undefined> => {
      const user = await users.findById(id);
      return user && (await users.findForLogin(user.username))?.passwordHash;
    },

    /** Stores a new password's hash (made before the transaction: argon2 takes a while) in the caller's transaction (issue 35); false when the account is gone. */
    setPasswordHash: (id: number, passwordHash: string, trx: Db, options: { endEveryToken: boolean }): Promise<boolean> => storePasswordHash(trx, id, passwordHash, options),

    /** Exact username, as typed at login; for seeding and lookups that must not see the hash. */
    async findUserByUsername(username: string): Promise<UserResponse | undefined> {
      return (await users.findForLogin(username))?.user;
    },

    /** The account and its password hash, for the login check (modules/auth) only. */
    findLoginAccount: (username: string): Promise<UserWithHash | undefined> => users.findForLogin(username),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
