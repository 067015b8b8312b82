import type { Role, UserResponse } from '@portal/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';
import type { Database } from '../../db/schema.js';
import { COUNTED_TEXT_LENGTH, containsText, prefixEnd } from './search-index.js';
import { toUser } from './user-rows.js';

/**
 * A search whose suffix range has at most this many rows is answered from that range (its rows
 * carry the username, so the page is the first of them in username order, read from the index);
 * above it, matches are common (2% of 100,000 usernames and more: "ski") and a walk of the username
 * index in order fills a page soon. Scanning a range costs about the same per row as walking.
 */
export const SPARSE_MATCHES = 2_000;

export interface UserSearch {
  q?: string;
  prefix?: string;
  role?: Role;
  after?: string;
  limit: number;
}

/**
 * One page of users in username order (ignoring case): `q` a substring, `prefix` a start of
 * the username (both ignoring case), after the lower-cased username `after`. A prefix is a range
 * of the (role, username_lower, id) index. With a substring the page's ids come from an index
 * alone, then only those rows are read. First, how many suffix rows start with the text (kept for
 * short texts, counted for longer ones): up to sparseMatches, the page is the first of those
 * suffix rows in username order (they carry it); more, and the text is common: a walk of the
 * username index in order finds a page of them soon.
 */
export async function searchUsers(executor: Db, filter: UserSearch, sparseMatches = SPARSE_MATCHES): Promise<UserResponse[]> {
  // Sizes written into the SQL, not bound: with a bound LIMIT, PostgreSQL's generic plan guesses
  // a tenth of the table and it keeps planning the statement anew on every call (bench/README.md).
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
}
