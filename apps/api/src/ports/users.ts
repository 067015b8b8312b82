import type { Language, RegisterRequest, Role, UserResponse } from '@portal/contract';
import type { Db } from '../db/database.js';
import type { LoadedSession } from '../plugins/auth/index.js';

/** Registration data after the contract's schema: what any account needs. */
export type NewAccount = RegisterRequest & { enabled?: boolean };

/**
 * More work for the transaction that writes an account (e.g. the audit row of a staff action):
 * it commits with the change or not at all. Use only `trx` inside.
 */
export type InSameTransaction<Args extends unknown[]> = (trx: Db, ...args: Args) => Promise<unknown>;

/** The account and its password hash: what a login checks. */
export interface UserWithHash {
  user: UserResponse;
  passwordHash: string;
  /** Goes into the token (plugins/auth/tokens.ts). */
  tokenGeneration: number;
}

/** What an email to the account needs. */
export interface UserContact {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  enabled: boolean;
  language: Language;
}

/**
 * What other modules and the server ask of the users module (modules/users/service.ts satisfies
 * it; server.ts hands it over). Only what is called from outside the module is here.
 */
export interface UsersPort {
  /** The account behind an authenticated request (server.ts); the sessions module's guard says whether its token counts. */
  loadSession(id: number): Promise<LoadedSession>;
  createAccount(input: NewAccount, role: Role, options?: { alsoInTransaction?: InSameTransaction<[created: UserResponse]> }): Promise<UserResponse>;
  listUsers(filter?: { role?: Role }): Promise<UserResponse[]>;
  setEnabled(
    id: number,
    enabled: boolean,
    options?: { check?: (current: UserResponse) => void; alsoInTransaction?: InSameTransaction<[before: UserResponse, after: UserResponse]> },
  ): Promise<UserResponse>;
  findUser(id: number): Promise<UserResponse | undefined>;
  findUserByUsername(username: string): Promise<UserResponse | undefined>;
  /** Locks the account's row until `trx` ends: a count-then-insert about the person takes turns. */
  lockAccount(id: number, trx: Db): Promise<void>;
  /** The account's personal fields replaced by `pseudonym`, in the caller's transaction. */
  pseudonymise(id: number, pseudonym: string, trx: Db): Promise<void>;
  /** Signs the account out everywhere (in the caller's transaction). */
  endEveryToken(id: number, trx: Db): Promise<void>;
  /** "Anna Nowak (anowak)" for each account among `ids` that exists. */
  accountNames(ids: readonly number[]): Promise<Map<number, string>>;
  namesOf(ids: readonly number[]): Promise<Map<number, { username: string; firstName: string; lastName: string }>>;
  findContacts(ids: readonly number[]): Promise<Map<number, UserContact>>;
  /**
   * "First Last" of each account among `ids` and the language it chose (null: never chose), read in
   * `trx`, the caller's transaction (on SQLite a read outside it would wait for its one connection).
   */
  peopleOf(ids: readonly number[], trx: Db): Promise<Map<number, { name: string; language: Language | null }>>;
  findPasswordHash(id: number): Promise<string | undefined>;
  setPasswordHash(id: number, passwordHash: string, trx: Db, options: { endEveryToken: boolean }): Promise<boolean>;
  findLoginAccount(username: string): Promise<UserWithHash | undefined>;
}
