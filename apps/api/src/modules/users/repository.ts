import { type Role, type UserResponse, usernameLabel } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { fromFlag, nowIso, toFlag } from '../../db/portable.js';
import type { UserRow } from '../../db/schema.js';

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
}

export interface UserSearch {
  q?: string;
  prefix?: string;
  role?: Role;
  after?: string;
  limit: number;
}

/** LIKE treats % and _ as wildcards; a search for "a_b" means those characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The first text after every text that starts with `prefix` (its last character moved up by one). */
function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  // Nothing sorts after the last code point: every text from the prefix on matches.
  if (last.codePointAt(0) === 0x10ffff) return `${prefix}\u{10ffff}`;
  return `${chars.join('')}${String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)}`;
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
export function createUsersRepository(db: Db) {
  // Every authenticated request runs this lookup: build and compile its SQL once, then only
  // swap the parameter (the builder and compiler were a visible share of a request's CPU).
  const byId = db.selectFrom('users').selectAll().where('id', '=', 0).compile();

  return {
    async findById(id: number, executor: Db = db): Promise<UserResponse | undefined> {
      const { rows } = await executor.executeQuery<UserRow>({ ...byId, parameters: [id] });
      const row = rows[0];
      return row && toUser(row);
    },

    /** Exact username, as typed at login. */
    async findForLogin(username: string, executor: Db = db): Promise<UserWithHash | undefined> {
      const row = await executor.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
      return row && { user: toUser(row), passwordHash: row.password_hash };
    },

    /** Which of the two is already used: usernames ignoring case, emails stored lower-cased. */
    async findTaken(username: string, email: string, executor: Db = db) {
      const rows = await executor
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) =>
          eb.or([eb(sql<string>`lower(username)`, '=', username.toLowerCase()), eb('email', '=', email.toLowerCase())]),
        )
        .execute();
      return {
        username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((row) => row.email === email.toLowerCase()),
      };
    },

    async insert(user: NewUser, executor: Db = db): Promise<UserResponse> {
      const row = await executor
        .insertInto('users')
        .values({
          username: user.username,
          username_lower: user.username.toLowerCase(),
          username_label: usernameLabel(user.username),
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
      return toUser(row);
    },

    async list(filter: { role?: Role } = {}, executor: Db = db): Promise<UserResponse[]> {
      let query = executor.selectFrom('users').selectAll().orderBy('id');
      if (filter.role) query = query.where('role', '=', filter.role);
      return (await query.execute()).map(toUser);
    },

    /**
     * One page of users in username order (ignoring case): `q` a substring, `prefix` a start of
     * the username (both ignoring case), after the lower-cased username `after`. Every filter is a
     * range or an ordered walk of (role, username_lower), so a page costs about its own rows.
     */
    async search(filter: UserSearch, executor: Db = db): Promise<UserResponse[]> {
      let query = executor.selectFrom('users').selectAll();
      if (filter.role) query = query.where('role', '=', filter.role);
      if (filter.prefix) {
        const prefix = filter.prefix.toLowerCase();
        query = query.where('username_lower', '>=', prefix).where('username_lower', '<', prefixEnd(prefix));
      }
      if (filter.q) query = query.where(sql<boolean>`username_lower like ${`%${escapeLike(filter.q.toLowerCase())}%`} escape '\\'`);
      if (filter.after !== undefined) query = query.where('username_lower', '>', filter.after);
      const rows = await query.orderBy('username_lower').limit(filter.limit).execute();
      return rows.map(toUser);
    },

    /**
     * The distinct labels (first two letters of usernames, upper case), sorted by code point.
     * A loose index scan: each step asks the (role, username_label) index for the next label
     * after the last one, so 100,000 users with 600 labels cost 600 index probes, not a scan.
     */
    async labels(role: Role | undefined, executor: Db = db): Promise<string[]> {
      const roleIs = role ? sql`role = ${role} and` : sql``;
      const { rows } = await sql<{ label: string | null }>`
        with recursive labels(label) as (
          select (select username_label from users where ${roleIs} username_label > '' order by username_label limit 1)
          union all
          select (select username_label from users where ${roleIs} username_label > labels.label order by username_label limit 1)
          from labels where labels.label is not null
        )
        select label from labels where label is not null`.execute(executor);
      return rows.map((row) => row.label).filter((label): label is string => label !== null);
    },

    async hasAnyWithRole(role: Role, executor: Db = db): Promise<boolean> {
      const row = await executor.selectFrom('users').select('id').where('role', '=', role).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async setEnabled(id: number, enabled: boolean, executor: Db = db): Promise<UserResponse | undefined> {
      const row = await executor
        .updateTable('users')
        .set({ enabled: toFlag(enabled) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toUser(row);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
