import type { Language, Role, UserResponse } from '@portal/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf, fromFlag, nowIso, toFlag } from '../../db/portable.js';
import type { Database, UserRow } from '../../db/schema.js';
import { usernameSkeleton } from '../../db/username-skeleton.js';
import { addTextCounts, COUNTED_TEXT_LENGTH, containsText, prefixEnd, textCounts, writeSearchRows } from './search-index.js';

/**
 * A search whose suffix range has at most this many rows is answered from that range (its rows
 * carry the username, so the page is the first of them in username order, read from the index);
 * above it, matches are common (2% of 100,000 usernames and more: "ski") and a walk of the username
 * index in order fills a page soon. Scanning a range costs about the same per row as walking.
 */
const SPARSE_MATCHES = 2_000;

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  phoneNumber: string;
  dateOfBirth: string;
  enabled?: boolean;
}

export interface UserWithHash {
  user: UserResponse;
  passwordHash: string;
  /** Goes into the token (plugins/auth/tokens.ts). */
  tokenGeneration: number;
}

/** The caller of an authenticated request: the account and whether the request's token was revoked. */
export interface SessionRow {
  user: UserResponse;
  tokenGeneration: number;
  revoked: boolean;
}

export interface UserSearch {
  q?: string;
  prefix?: string;
  role?: Role;
  after?: string;
  limit: number;
}

function insertRow(executor: Db, user: NewUser): Promise<UserRow> {
  return executor
    .insertInto('users')
    .values({
      username: user.username,
      username_skeleton: usernameSkeleton(user.username),
      username_lower: user.username.toLowerCase(),
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      phone_number: user.phoneNumber,
      date_of_birth: user.dateOfBirth,
      enabled: toFlag(user.enabled ?? true),
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function toUser(row: UserRow): UserResponse {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    phoneNumber: row.phone_number,
    dateOfBirth: row.date_of_birth,
    enabled: fromFlag(row.enabled),
  };
}

/**
 * SQL for the users table. Each method takes an optional executor so a service can run several
 * repositories inside one `db.transaction().execute(trx => ...)`.
 */
export interface UsersRepositoryOptions {
  /** Tests set it to 0 (every search walks usernames) or very high (every search reads suffixes). */
  sparseMatches?: number;
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

export function createUsersRepository(db: Db, { sparseMatches = SPARSE_MATCHES }: UsersRepositoryOptions = {}) {
  // Every authenticated request runs this lookup: build and compile its SQL once, then only
  // swap the parameter (the builder and compiler were a visible share of a request's CPU).
  const byId = db.selectFrom('users').selectAll().where('id', '=', 0).compile();
  // The same lookup plus "was this token revoked?" in ONE statement: revocation is checked on
  // every request, on every API process, for the price of an index probe (bench/chat).
  const JTI = '\u0000jti';
  const bySession = db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('revoked_tokens.jti').where('revoked_tokens.jti', '=', JTI)).as('revoked'))
    .where('users.id', '=', 0)
    .compile();
  const sessionParameters = (id: number, jti: string) => bySession.parameters.map((value) => (value === JTI ? jti : id));

  return {
    /** Runs `work` in one transaction; pass the `trx` it receives to every call inside. */
    transaction: <T>(work: (trx: Db) => Promise<T>): Promise<T> => db.transaction().execute(work),

    /**
     * The account, locked until the transaction ends (PostgreSQL row lock; SQLite runs one write
     * transaction at a time): a read-check-write on it cannot interleave with another one.
     */
    async findByIdForUpdate(id: number, trx: Db): Promise<UserResponse | undefined> {
      let query = trx.selectFrom('users').selectAll().where('id', '=', id);
      if (engineOf(trx) === 'postgres') query = query.forUpdate();
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
            language: row.language === 'pl' ? 'pl' : 'en',
          },
        ]),
      );
    },

    async setLanguage(id: number, language: Language, executor: Db = db): Promise<void> {
      await executor.updateTable('users').set({ language }).where('id', '=', id).execute();
    },

    /** The account `id` and whether the token `jti` was revoked (plugins/auth, every request). */
    async findForSession(id: number, jti: string): Promise<SessionRow | undefined> {
      const { rows } = await db.executeQuery<UserRow & { revoked: unknown }>({ ...bySession, parameters: sessionParameters(id, jti) });
      const row = rows[0];
      if (!row) return undefined;
      const revoked = row.revoked === true || row.revoked === 1 || row.revoked === '1';
      return { user: toUser(row), tokenGeneration: Number(row.token_generation), revoked };
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

    /**
     * One page of users in username order (ignoring case): `q` a substring, `prefix` a start of
     * the username (both ignoring case), after the lower-cased username `after`. A prefix is a range
     * of the (role, username_lower, id) index. With a substring the page's ids come from an index
     * alone, then only those rows are read. First, how many suffix rows start with the text (kept for
     * short texts, counted for longer ones): up to sparseMatches, the page is the first of those
     * suffix rows in username order (they carry it); more, and the text is common: a walk of the
     * username index in order finds a page of them soon.
     */
    async search(filter: UserSearch, executor: Db = db): Promise<UserResponse[]> {
      // Sizes written into the SQL, not bound: with a bound LIMIT, PostgreSQL's generic plan guesses
      // a tenth of the table and it keeps planning the statement anew on every call (0.3 ms).
      // Numbers only (the contract allows 1 to 100), so nothing can be injected.
      const pageSize = sql.lit(Math.trunc(filter.limit));
      const inRange = <O>(query: SelectQueryBuilder<Database, 'users', O>) => {
        let ranged = query;
        if (filter.role) ranged = ranged.where('role', '=', filter.role);
        if (filter.after !== undefined) ranged = ranged.where('username_lower', '>', filter.after);
        if (filter.prefix) {
          const prefix = filter.prefix.toLowerCase();
          ranged = ranged.where('username_lower', '>=', prefix).where('username_lower', '<', prefixEnd(prefix));
        }
        return ranged.orderBy('username_lower').limit(pageSize);
      };
      if (!filter.q) {
        // A label's users or a plain page: one range of the index, nothing to test on the way.
        return (await inRange(executor.selectFrom('users').selectAll()).execute()).map(toUser);
      }
      const q = filter.q.toLowerCase();
      const walked = inRange(executor.selectFrom('users').select(['id', 'username_lower']).where(containsText(executor, 'username_lower', q)));
      const walkedIds = executor.selectFrom(walked.as('page')).select('page.id');
      const readPage = (ids: typeof walkedIds) => executor.selectFrom('users').selectAll('users').where('id', 'in', ids).orderBy('username_lower');
      if (filter.prefix) return (await readPage(walkedIds).execute()).map(toUser);
      const suffixRange = executor.selectFrom('username_suffixes').where('suffix', '>=', q).where('suffix', '<', prefixEnd(q));
      // A user with two suffixes that start with q ("ana" in "anana") is one match.
      let matches = suffixRange.select(['user_id as id', 'username_lower']).distinct();
      if (filter.role) matches = matches.where('role', '=', filter.role);
      if (filter.after !== undefined) matches = matches.where('username_lower', '>', filter.after);
      const sparseIds = executor.selectFrom(matches.orderBy('username_lower').limit(pageSize).as('page')).select('page.id');
      // How many suffix rows start with q: kept per text up to COUNTED_TEXT_LENGTH characters (one
      // row; none means none), counted up to sparseMatches + 1 for longer texts, which are rarer.
      const hits =
        Array.from(q).length <= COUNTED_TEXT_LENGTH
          ? executor
              .selectFrom('username_text_counts')
              .select((eb) => eb.fn.coalesce(eb.fn.max<number | null>('n'), sql.lit(0)).as('n'))
              .where('text', '=', q)
          : executor.selectFrom(suffixRange.select('user_id').limit(sql.lit(sparseMatches + 1)).as('range')).select((eb) => eb.fn.countAll<number | string>().as('n'));
      if (engineOf(executor) === 'sqlite') {
        // In-process: two statements cost nothing more, and SQLite would build both pages.
        const counted = await hits.executeTakeFirstOrThrow();
        return (await readPage(Number(counted.n) <= sparseMatches ? sparseIds : walkedIds).execute()).map(toUser);
      }
      // One round trip: PostgreSQL counts once (the CTE) and runs only the branch the count picks.
      const rows = await executor
        .with('hits', () => hits)
        .selectFrom('users')
        .selectAll('users')
        .where(
          'id',
          'in',
          sparseIds
            .where(sql<boolean>`(select n from hits) <= ${sql.lit(sparseMatches)}`)
            .unionAll(walkedIds.where(sql<boolean>`(select n from hits) > ${sql.lit(sparseMatches)}`)),
        )
        .orderBy('username_lower')
        .execute();
      return rows.map(toUser);
    },

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
      const counts = textCounts(oldSuffixes.map((row) => row.suffix));
      await addTextCounts(trx, new Map([...counts].map(([text, n]) => [text, -n])));
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
      await writeSearchRows(trx, { id, username: pseudonym, role: old.role });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
