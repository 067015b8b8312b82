import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { afterCommitWith, withCommit } from '../src/db/with-commit.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen } from './helpers/factories.js';

/*
 * Statements held for their transaction's COMMIT (issue 18: the outbox row rides with the commit
 * of the change that causes it, no round trip of its own). Whatever the engine, they are part of
 * the transaction: kept with its commit, gone with its rollback, and a held one that fails takes
 * the whole change with it.
 */
const AT = '2026-03-02T08:00:00.000Z';
const NO_SUCH_USER = 987_654_321;

describeEachEngine('statements held for the commit', (engine) => {
  const ctx = useTestApp(engine);
  // SQLite writes `?` placeholders: the same statement in its dialect.
  const held = (userId: number, kind: string) =>
    withCommit(
      CompiledQuery.raw(
        `insert into notifications (user_id, kind, payload_json, created_at) values (${engine.name === 'sqlite' ? '?, ?, ?, ?' : '$1, $2, $3, $4'})`,
        [userId, kind, '{}', AT],
      ),
    );
  const plain = (db: Db, userId: number, kind: string) => db.insertInto('notifications').values({ user_id: userId, kind, payload_json: '{}', created_at: AT }).execute();
  const kinds = async (db: Db, userId: number) =>
    (await db.selectFrom('notifications').select('kind').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.kind);

  it('are written with the commit, in order with the statements around them, and read back within the transaction', async () => {
    const { user } = await createCitizen(ctx.app);
    const seen = await ctx.app.db.transaction().execute(async (trx) => {
      await trx.executeQuery(held(user.id, 'first'));
      await plain(trx, user.id, 'second');
      await trx.executeQuery(held(user.id, 'third'));
      return kinds(trx, user.id);
    });
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(await kinds(ctx.app.db, user.id)).toEqual(['first', 'second', 'third']);
  });

  it('leave nothing when the transaction is rolled back', async () => {
    const { user } = await createCitizen(ctx.app);
    await expect(
      ctx.app.db.transaction().execute(async (trx) => {
        await trx.executeQuery(held(user.id, 'held'));
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    expect(await kinds(ctx.app.db, user.id)).toEqual([]);
  });

  it('one that fails refuses the whole transaction: the change it came with is not kept', async () => {
    const { user } = await createCitizen(ctx.app);
    await expect(
      ctx.app.db.transaction().execute(async (trx) => {
        await plain(trx, user.id, 'the change');
        await trx.executeQuery(held(NO_SUCH_USER, 'held'));
      }),
    ).rejects.toThrow(/foreign key/i);
    expect(await kinds(ctx.app.db, user.id)).toEqual([]);
    // The connection is clean again: the next transaction commits.
    await ctx.app.db.transaction().execute((trx) => trx.executeQuery(held(user.id, 'after')));
    expect(await kinds(ctx.app.db, user.id)).toEqual(['after']);
  });

  it('run at once outside a transaction', async () => {
    const { user } = await createCitizen(ctx.app);
    await ctx.app.db.executeQuery(held(user.id, 'alone'));
    expect(await kinds(ctx.app.db, user.id)).toEqual(['alone']);
  });

  // PostgreSQL only: SQLite's writes have no round trip to save, so it holds nothing back.
  if (engine.name === 'postgres') {
    describe('the commit that carried them', () => {
      it('calls the after-commit listeners once it returned; a rollback or a commit without them does not', async () => {
        const { user } = await createCitizen(ctx.app);
        const { db } = ctx.app;
        let calls = 0;
        const unlisten = afterCommitWith(db, () => (calls += 1));
        try {
          await db.transaction().execute((trx) => trx.executeQuery(held(user.id, 'held')));
          // Right after the commit returned (a microtask): the row is visible to every connection.
          await Promise.resolve();
          expect(calls).toBe(1);
          // Sent ahead of a later statement (an audit row comes last), not with the COMMIT: still woken.
          await db.transaction().execute(async (trx) => {
            await trx.executeQuery(held(user.id, 'held, then a statement'));
            await plain(trx, user.id, 'last');
          });
          await Promise.resolve();
          expect(calls).toBe(2);
          await expect(
            db.transaction().execute(async (trx) => {
              await trx.executeQuery(held(user.id, 'rolled back'));
              throw new Error('refused');
            }),
          ).rejects.toThrow('refused');
          await db.transaction().execute((trx) => plain(trx, user.id, 'plain'));
          await Promise.resolve();
          expect(calls).toBe(2);
          // Outside a transaction it runs, and commits, at once: the listeners hear of it too.
          await db.executeQuery(held(user.id, 'alone'));
          await Promise.resolve();
          expect(calls).toBe(3);
          expect(await kinds(db, user.id)).toEqual(['held', 'held, then a statement', 'last', 'plain', 'alone']);
        } finally {
          unlisten();
        }
      });
    });
  }
});
