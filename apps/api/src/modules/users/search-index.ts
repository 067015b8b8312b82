import { type Role, usernameLabel } from '@portal/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';

/**
 * The search tables of a user (see migrations 0005 and 0008): every suffix of the lower-cased username,
 * so "the username contains q" is the index range of suffixes that start with q; how many suffix
 * rows start with each text of up to COUNTED_TEXT_LENGTH characters; and the user's label in
 * user_labels. Written in the transaction that writes the user.
 */
export function usernameSuffixes(usernameLower: string): string[] {
  const chars = Array.from(usernameLower);
  return [...new Set(chars.map((_, index) => chars.slice(index).join('')))];
}

/**
 * Texts up to this long have their number of suffix rows kept in username_text_counts, so a search
 * for them learns whether it is common from one row instead of counting an index range.
 */
export const COUNTED_TEXT_LENGTH = 6;

/** How many of `suffixes` start with each text of 1 to COUNTED_TEXT_LENGTH characters, by text. */
export function textCounts(suffixes: Iterable<string>, into = new Map<string, number>()): Map<string, number> {
  for (const suffix of suffixes) {
    const chars = Array.from(suffix);
    for (let length = 1; length <= Math.min(COUNTED_TEXT_LENGTH, chars.length); length += 1) {
      const text = chars.slice(0, length).join('');
      into.set(text, (into.get(text) ?? 0) + 1);
    }
  }
  return into;
}

/** Adds counts to username_text_counts (sorted: concurrent writers lock the rows in one order). */
export async function addTextCounts(trx: Db, counts: Map<string, number>): Promise<void> {
  const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([text, n]) => ({ text, n }));
  if (!rows.length) return;
  await trx
    .insertInto('username_text_counts')
    .values(rows)
    .onConflict((conflict) => conflict.column('text').doUpdateSet((eb) => ({ n: eb('username_text_counts.n', '+', eb.ref('excluded.n')) })))
    .execute();
}

/**
 * Takes a user's suffixes out of username_text_counts: a text no username contains any more loses
 * its row, so the counts keep no part of a username that is gone (a closed account's).
 */
export async function removeTextCounts(trx: Db, suffixes: Iterable<string>): Promise<void> {
  const counts = textCounts(suffixes);
  if (!counts.size) return;
  await addTextCounts(trx, new Map([...counts].map(([text, n]) => [text, -n])));
  await trx.deleteFrom('username_text_counts').where('text', 'in', [...counts.keys()]).where('n', '<=', 0).execute();
}

/**
 * Takes the label of a username that is gone out of user_labels, unless another account of the
 * role still has it (the users a label lists are those whose username starts with it, see search).
 */
export async function removeLabelIfUnused(trx: Db, user: { id: number; username: string; role: Role }): Promise<void> {
  const label = usernameLabel(user.username);
  const prefix = label.toLowerCase();
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', user.role)
    .where('id', '<>', user.id)
    .where('username_lower', '>=', prefix)
    .where('username_lower', '<', prefixEnd(prefix))
    .limit(1)
    .executeTakeFirst();
  if (!other) await trx.deleteFrom('user_labels').where('role', '=', user.role).where('label', '=', label).execute();
}

export async function writeSearchRows(trx: Db, user: { id: number; username: string; role: Role }): Promise<void> {
  const usernameLower = user.username.toLowerCase();
  const suffixes = usernameSuffixes(usernameLower);
  if (suffixes.length) {
    await trx
      .insertInto('username_suffixes')
      .values(suffixes.map((suffix) => ({ suffix, user_id: user.id, role: user.role, username_lower: usernameLower })))
      .execute();
    await addTextCounts(trx, textCounts(suffixes));
  }
  await trx
    .insertInto('user_labels')
    .values({ role: user.role, label: usernameLabel(user.username) })
    .onConflict((conflict) => conflict.columns(['role', 'label']).doNothing())
    .execute();
}

/**
 * `column` contains `text` (as typed: no wildcards to escape). A function call rather than
 * LIKE '%text%': PostgreSQL guesses a three-letter LIKE pattern matches almost nothing and then
 * sorts a scan of the whole table, where walking the username index finds a page at once.
 */
export function containsText(executor: Db, column: 'username_lower', text: string): RawBuilder<boolean> {
  const position = engineOf(executor) === 'postgres' ? 'strpos' : 'instr';
  return sql<boolean>`${sql.raw(position)}(${sql.ref(column)}, ${text}) > 0`;
}

/** The first text after every text that starts with `prefix` (its last character moved up by one). */
export function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  // Nothing sorts after the last code point: every text from the prefix on matches.
  if (last.codePointAt(0) === 0x10ffff) return `${prefix}\u{10ffff}`;
  return `${chars.join('')}${String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)}`;
}
