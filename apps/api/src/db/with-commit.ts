import { CompiledQuery, type Kysely, type PostgresQueryResult } from 'kysely';
import type { Database } from './schema.js';

/** database.ts's Db (not imported from there: it builds on this file). */
type Db = Kysely<Database>;

/*
 * Statements that may wait for their transaction's COMMIT (PostgreSQL). A write that only has to
 * commit with the change that causes it (the notification outbox, issue 18) is held back and sent
 * with the COMMIT, both on the wire at once over a pipelined connection (node-postgres `pipeline`):
 * one round trip for the two instead of one each. It still runs inside the transaction, before
 * the COMMIT: should it fail, the server rolls the whole transaction back and the commit fails
 * with its error. A statement the transaction sends next (anything but the COMMIT or ROLLBACK)
 * goes after the held ones, so the transaction reads them as usual.
 */

const MARK = '/* with commit */ ';
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*commit\s*$/i;
const ROLLBACK = /^\s*rollback\s*$/i;

/**
 * `query`, to be sent with its transaction's COMMIT. On PostgreSQL it answers no rows (it has not
 * run yet); outside a transaction, and on SQLite (no round trips to save), it runs at once.
 */
export const withCommit = (query: CompiledQuery): CompiledQuery => CompiledQuery.raw(MARK + query.sql, [...query.parameters]);

const listenersByDb = new WeakMap<Db, Set<() => void>>();

/** A handle's after-commit listeners (createDatabase): `committed` calls them, `attach` ties them to the handle's Db. */
export function commitListeners() {
  const listeners = new Set<() => void>();
  return {
    committed: () => listeners.forEach((listener) => listener()),
    attach: (db: Db) => void listenersByDb.set(db, listeners),
  };
}

/**
 * `listener` runs after each commit that carried a `withCommit` statement on `db` (a PostgreSQL
 * handle of createDatabase): the moment its rows became visible to other connections.
 */
export function afterCommitWith(db: Db, listener: () => void): () => void {
  const listeners = listenersByDb.get(db);
  if (!listeners) throw new Error('afterCommitWith needs a PostgreSQL handle made by createDatabase');
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Send = (text: string, values: readonly unknown[]) => Promise<PostgresQueryResult<unknown>>;

/** What a held statement answers: nothing yet (a fresh object each time: a caller may keep or change it). */
const notYetRun = (): PostgresQueryResult<unknown> => ({ command: 'SELECT', rowCount: 0, rows: [] });

/**
 * One checked-out pipelined client's queries: `send` puts a query on the wire (it does not wait
 * for the ones before it to be answered); `committed` runs after a commit that carried held
 * statements. One per checkout.
 */
export function commitHolder(send: Send, committed: () => void) {
  let inTransaction = false;
  let held: { text: string; values: readonly unknown[] }[] = [];
  /** This transaction held a statement (sent since with a later one, or to go with its COMMIT). */
  let carried = false;

  /** The held statements and `text` on the wire together; the first failure is the answer. */
  async function sendWithHeld(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<unknown>> {
    const statements = held;
    held = [];
    const results = await Promise.allSettled([...statements.map((statement) => send(statement.text, statement.values)), send(text, values)]);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    const last = results.at(-1) as PromiseFulfilledResult<PostgresQueryResult<unknown>>;
    // A COMMIT after a failed statement answers ROLLBACK; the statement's error came first above.
    if (COMMIT.test(text) && (last.value.command as string) !== 'COMMIT') throw new Error(`the commit answered ${String(last.value.command)}`);
    return last.value;
  }

  return {
    async query(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<unknown>> {
      if (text.startsWith(MARK)) {
        const statement = { text: text.slice(MARK.length), values };
        if (!inTransaction) {
          // On its own it commits as it runs: the listeners hear of it as of any commit that carried one.
          const result = await send(statement.text, statement.values);
          queueMicrotask(committed);
          return result;
        }
        held.push(statement);
        carried = true;
        return notYetRun();
      }
      if (BEGIN.test(text)) {
        inTransaction = true;
        carried = false;
      }
      const commit = COMMIT.test(text);
      const rollback = ROLLBACK.test(text);
      if (commit || rollback) inTransaction = false;
      // Rolled back: the held statements never ran, so there is nothing to undo.
      if (rollback) held = [];
      const result = held.length === 0 ? await send(text, values) : await sendWithHeld(text, values);
      // After the caller hears of the commit; a listener's trouble is not the commit's.
      if (commit && carried) queueMicrotask(committed);
      return result;
    },
  };
}
