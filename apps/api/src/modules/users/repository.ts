import { type Language, recipientLanguage, type Role, type UserResponse } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf, fromFlag, toFlag } from '../../db/portable.js';
import type { UserRow } from '../../db/schema.js';
import { usernameSkeleton } from '../../db/username-skeleton.js';
import { SPARSE_MATCHES, searchUsers, type UserSearch } from './search.js';
import { removeLabelIfUnused, removeTextCounts, writeSearchRows } from './search-index.js';
import { insertRow, type NewUser, toUser, type UserContact, type UserWithHash, type SessionRow } from './user-rows.js';

export type { UserSearch } from './search.js';
export { type NewUser, type SessionRow, toUser, type UserContact, type UserWithHash } from './user-rows.js';

/**
 * SQL for the users table. Each method takes an optional executor so a service can run several
 * repositories inside one `db.transaction().execute(trx => ...)`.
 */
export interface UsersRepositoryOptions {
  /** Tests set it to 0 (every search walks usernames) or very high (every search reads suffixes). */
  sparseMatches?: number;
}

export function createUsersRepository(db: Db, { sparseMatches = SPARSE_MATCHES }: UsersRepositoryOptions = {}) {
  // Every authenticated request runs this lookup: build and compile its SQL once, then only
  // swap the parameter (the builder and compiler were a visible share of a request's CPU).
  const byId = db.selectFrom('users').selectAll().where('id', '=', 0).compile();

  return {
    /** Runs `work` in one transaction; pass the `trx` it receives to every call inside. */
    transaction: <T>(work: (trx: Db) => Promise<T>): Promise<T> => db.transaction().execute(work),

    /**
     * The account, locked until the transaction ends (PostgreSQL row lock; SQLite runs one write
     * transaction at a time): a read-check-write on it cannot interleave with another one. The
     * lock is FOR NO KEY UPDATE: it makes two such checks take turns, but a row that merely refers
     * to the account (a letter, a message, a portal entry: their foreign keys take FOR KEY SHARE)
     * is written without waiting for it, as FOR UPDATE would make it wait.
     */
    async findByIdForUpdate(id: number, trx: Db): Promise<UserResponse | undefined> {
      let query = trx.selectFrom('users').selectAll().where('id', '=', id);
      if (engineOf(trx) === 'postgres') query = query.forNoKeyUpdate();
      const row = await query.executeTakeFirst();
      return row && toUser(row);
    },

    async findById(id: number, executor: Db = db): Promise<UserResponse | undefined> {
      const { rows } = await executor.executeQuery<UserRow>({ ...byId, parameters: [id] });
      const row = rows[0];
      return row && toUser(row);
    },

    /** Names and usernames of the accounts that exist among `ids` (the Audit Log names its records). */
    async namesFor(ids: readonly number[], executor: Db = db) {
      if (ids.length === 0) return [];
      return executor.selectFrom('users').select(['id', 'username', 'first_name', 'last_name']).where('id', 'in', ids).execute();
    },

    /** Where and in which language to write to each account of `ids` that exists (notifications). */
    /** "First Last" of each account among `ids`, and the language it chose (null: never chose), in `executor`'s transaction. */
    async peopleOf(ids: readonly number[], executor: Db = db): Promise<Map<number, { name: string; language: Language | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await executor.selectFrom('users').select(['id', 'first_name', 'last_name', 'language']).where('id', 'in', [...new Set(ids)]).execute();
      return new Map(rows.map((row) => [Number(row.id), { name: `${row.first_name} ${row.last_name}`, language: row.language }]));
    },

    async findContacts(ids: readonly number[], executor: Db = db): Promise<Map<number, UserContact>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'role', 'enabled', 'language'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            email: row.email,
            firstName: row.first_name,
            lastName: row.last_name,
            role: row.role,
            enabled: fromFlag(row.enabled),
            language: recipientLanguage(row.language),
          },
        ]),
      );
    },

    async setLanguage(id: number, language: Language, executor: Db = db): Promise<void> {
      await executor.updateTable('users').set({ language }).where('id', '=', id).execute();
    },

    /**
     * The account `id` behind a request's token (plugins/auth, every request). Whether the token
     * still counts is the sessions module's (its tables; it asks beside this, server.ts).
     */
    async findForSession(id: number): Promise<SessionRow | undefined> {
      const { rows } = await db.executeQuery<UserRow>({ ...byId, parameters: [id] });
      const row = rows[0];
      return row && { user: toUser(row), tokenGeneration: Number(row.token_generation) };
    },

    /** Exact username, as typed at login. */
    async findForLogin(username: string, executor: Db = db): Promise<UserWithHash | undefined> {
      const row = await executor.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
      return row && { user: toUser(row), passwordHash: row.password_hash, tokenGeneration: Number(row.token_generation) };
    },

    /**
     * What is already used: the username ignoring case, a username that looks like it (same
     * skeleton: `аdmin` with a Cyrillic а for `admin`), the email (stored lower-cased).
     */
    async findTaken(username: string, email: string, executor: Db = db) {
      const skeleton = usernameSkeleton(username);
      const rows = await executor
        .selectFrom('users')
        .select(['username', 'email', 'username_skeleton'])
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
            eb('username_skeleton', '=', skeleton),
            eb('email', '=', email.toLowerCase()),
          ]),
        )
        .execute();
      const isSame = rows.some((row) => row.username.toLowerCase() === username.toLowerCase());
      return {
        username: isSame,
        lookalike: !isSame && rows.some((row) => row.username_skeleton === skeleton),
        email: rows.some((row) => row.email === email.toLowerCase()),
      };
    },

    /** The account and its search rows, in one transaction (the caller's, or one of its own). */
    async insert(user: NewUser, executor: Db = db): Promise<UserResponse> {
      const write = async (trx: Db) => {
        const row = await insertRow(trx, user);
        await writeSearchRows(trx, { id: Number(row.id), username: row.username, role: row.role });
        return toUser(row);
      };
      return executor.isTransaction ? write(executor) : executor.transaction().execute(write);
    },

    async list(filter: { role?: Role } = {}, executor: Db = db): Promise<UserResponse[]> {
      let query = executor.selectFrom('users').selectAll().orderBy('id');
      if (filter.role) query = query.where('role', '=', filter.role);
      return (await query.execute()).map(toUser);
    },

    /** One page of users in username order (search.ts). */
    search: (filter: UserSearch, executor: Db = db): Promise<UserResponse[]> => searchUsers(executor, filter, sparseMatches),

    /** The distinct labels (first two letters of usernames, upper case) of one role or all, sorted by code point. */
    async labels(role: Role | undefined, executor: Db = db): Promise<string[]> {
      // (role, label) is the key: one role's labels are distinct already, read in key order.
      const query = role
        ? executor.selectFrom('user_labels').select('label').where('role', '=', role).orderBy('label')
        : executor.selectFrom('user_labels').select('label').distinct().orderBy('label');
      return (await query.execute()).map((row) => row.label);
    },

    async hasAnyWithRole(role: Role, executor: Db = db): Promise<boolean> {
      const row = await executor.selectFrom('users').select('id').where('role', '=', role).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Deactivating also moves the token generation on: every token the account holds stops working. */
    async setEnabled(id: number, enabled: boolean, executor: Db = db): Promise<UserResponse | undefined> {
      const row = await executor
        .updateTable('users')
        .set((eb) => (enabled ? { enabled: toFlag(true) } : { enabled: toFlag(false), token_generation: eb('token_generation', '+', 1) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toUser(row);
    },

    /** Moves the token generation on: every token the account holds stops working at its next request. */
    async endEveryToken(id: number, executor: Db = db): Promise<void> {
      await executor
        .updateTable('users')
        .set((eb) => ({ token_generation: eb('token_generation', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Closing an account (issue 21): every personal field replaced by the pseudonym or emptied,
     * the password made unusable, every token ended, the search rows rewritten for the pseudonym.
     * The row (and so its id, which obligations, cases and the audit trail name) stays.
     */
    async pseudonymise(id: number, pseudonym: string, trx: Db): Promise<void> {
      const old = await trx.selectFrom('users').select(['username', 'role']).where('id', '=', id).executeTakeFirstOrThrow();
      const oldSuffixes = await trx.selectFrom('username_suffixes').select('suffix').where('user_id', '=', id).execute();
      await trx.deleteFrom('username_suffixes').where('user_id', '=', id).execute();
      await removeTextCounts(trx, oldSuffixes.map((row) => row.suffix));
      await trx
        .updateTable('users')
        .set((eb) => ({
          username: pseudonym,
          username_lower: pseudonym.toLowerCase(),
          username_skeleton: usernameSkeleton(pseudonym),
          email: `${pseudonym}@closed.invalid`,
          // Never a valid argon2 hash: no password matches it.
          password_hash: '!closed',
          first_name: 'Closed',
          last_name: pseudonym,
          phone_number: '',
          date_of_birth: '',
          language: null,
          enabled: toFlag(false),
          token_generation: eb('token_generation', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      // After the rename: the old username no longer holds its label.
      await removeLabelIfUnused(trx, { id, username: old.username, role: old.role });
      await writeSearchRows(trx, { id, username: pseudonym, role: old.role });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
