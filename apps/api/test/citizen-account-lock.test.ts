import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { useTestApp } from './helpers/app.js';
import { engines } from './helpers/engines.js';
import { createCitizen } from './helpers/factories.js';
import { call, letterBody } from './helpers/letters.js';

// The citizen's account lock (quotas: an upload's storage check, a case's open-case count) makes two
// such checks take turns; it must not make the same citizen's other writes wait. A letter (its row,
// receipt and portal entry all refer to the account) went through only after an upload's
// transaction, receipt rendering included, had committed (bench:load, 2-3 API processes).
// SQLite runs one writing transaction at a time, so the question is PostgreSQL's alone.
const postgres = engines.find((engine) => engine.name === 'postgres')!;

describe.skipIf(!postgres.available)('a citizen whose account is locked by a quota check [postgres]', () => {
  const ctx = useTestApp(postgres);

  it('still sends a letter while the lock is held, and a second quota check waits for it', async () => {
    const citizen = await createCitizen(ctx.app);
    const users = createUsersRepository(ctx.app.db);
    let releaseLock!: () => void;
    const held = new Promise<void>((resolve) => (releaseLock = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx.app.db.transaction().execute(async (trx) => {
      await users.findByIdForUpdate(citizen.user.id, trx);
      locked();
      await held;
    });
    await lockTaken;

    // Answered while the other transaction still holds the lock (with FOR UPDATE it would wait for it).
    const letter = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { subject: 'Sent beside an upload' }));
    expect(letter.statusCode, letter.body).toBe(201);

    // Another quota check on the same account does wait: PostgreSQL shows it waiting for the lock,
    // and it goes on only after the release.
    let secondCheckDone = false;
    const second = ctx.app.db.transaction().execute(async (trx) => {
      await users.findByIdForUpdate(citizen.user.id, trx);
      secondCheckDone = true;
    });
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for no key update%'`.execute(ctx.app.db);
        expect(rows[0]?.waiting).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(secondCheckDone).toBe(false);
    releaseLock();
    await Promise.all([holder, second]);
    expect(secondCheckDone).toBe(true);
  });
});
