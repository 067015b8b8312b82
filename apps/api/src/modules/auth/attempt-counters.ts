import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';
import type { CounterHit } from '../../ports/auth.js';

export type { CounterHit };

/**
 * Attempt counters in the database: every API process on it counts into the same rows, a
 * restart keeps them, and nothing but age removes a row (no size cap an attacker could use to
 * push a lock out). A key's window starts with its first attempt and lasts `windowMs`.
 *
 * `hit` is one atomic statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so however many
 * requests arrive at once, each gets its own count: the caller reserves an attempt BEFORE doing
 * the work it limits, and exactly `limit` of them see a count within the limit.
 */
export function createAttemptCounters(db: Db, now: () => number = Date.now) {
  return {
    async hit(key: string, windowMs: number): Promise<CounterHit> {
      const at = now();
      const current = nowIso(new Date(at));
      const fresh = nowIso(new Date(at + windowMs));
      // Both engines evaluate SET against the row as it was, so an expired window restarts at 1.
      const expired = sql<boolean>`auth_counters.expires_at <= ${current}`;
      const row = await db
        .insertInto('auth_counters')
        .values({ key, count: 1, expires_at: fresh })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else auth_counters.count + 1 end`,
            expires_at: sql<string>`case when ${expired} then ${fresh} else auth_counters.expires_at end`,
          }),
        )
        .returning(['count', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAtMs: Date.parse(row.expires_at) };
    },

    /** Gives one attempt back (it turned out legitimate), within the same window only. */
    async refund(key: string): Promise<void> {
      await db
        .updateTable('auth_counters')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('expires_at', '>', nowIso(new Date(now())))
        .execute();
    },

    /** Forgets a key's attempts. */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('auth_counters').where('key', '=', key).execute();
    },

    /** Removes the rows of ended windows; resolves with how many went. */
    async purgeExpired(): Promise<number> {
      const result = await db.deleteFrom('auth_counters').where('expires_at', '<=', nowIso(new Date(now()))).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AttemptCounters = ReturnType<typeof createAttemptCounters>;
