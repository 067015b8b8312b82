import type { Db } from '../../../db/database.js';
import type { TwoFactorChallengesTable } from '../../../db/schema.js';

export type ChallengePurpose = TwoFactorChallengesTable['purpose'];

export interface StoredPasskey {
  id: string;
  userId: number;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface FactorSummary {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

const toPasskey = (row: {
  id: string;
  user_id: number;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): StoredPasskey => ({
  id: row.id,
  userId: Number(row.user_id),
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** SQL of two-factor sign-in (tables of migration 0015). */
/** Runs a change in one transaction (the events' one, so the change's event is heard after its commit). */
export type TransactionRunner = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

export function createTwoFactorRepository(db: Db, runInTransaction: TransactionRunner = (work) => db.transaction().execute(work)) {
  return {
    transaction: runInTransaction,

    async findTotp(userId: number, executor: Db = db) {
      return executor.selectFrom('two_factor_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** A new, unconfirmed secret; replaces an unconfirmed one, never a confirmed one. */
    async putPendingTotp(userId: number, secretEnc: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
        const result = await trx
          .insertInto('two_factor_totp')
          .values({ user_id: userId, secret_enc: secretEnc, created_at: at, confirmed_at: null })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      });
    },

    /**
     * Records that a code of `step` was used: only when it is newer than the last one, so of two
     * requests with the same code exactly one succeeds. Confirms the set-up with its first code.
     */
    async useTotpStep(userId: number, step: number, at: string, executor: Db = db): Promise<boolean> {
      const result = await executor
        .updateTable('two_factor_totp')
        .set((eb) => ({ last_time_step: step, confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(at)) }))
        .where('user_id', '=', userId)
        .where('last_time_step', '<', step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async summary(userId: number, executor: Db = db): Promise<FactorSummary> {
      const totp = await executor.selectFrom('two_factor_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
      const passkeys = await executor
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const codes = await executor
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { totp: Boolean(totp?.confirmed_at), passkeys: Number(passkeys.n), recoveryCodesLeft: Number(codes.n) };
    },

    /** Replaces every recovery code of the account with these hashes. */
    async replaceRecoveryCodes(userId: number, hashes: string[], executor: Db = db): Promise<void> {
      await executor.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await executor
        .insertInto('two_factor_recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
        .execute();
    },

    /** Spends an unused code: true once, false for a wrong or already used one (also in a race). */
    async useRecoveryCode(userId: number, hash: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async listPasskeys(userId: number, executor: Db = db): Promise<StoredPasskey[]> {
      const rows = await executor.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
      return rows.map(toPasskey);
    },

    async findPasskey(id: string): Promise<StoredPasskey | undefined> {
      const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPasskey(row);
    },

    /** Stores a new passkey: false when its credential id is registered already (to anyone). */
    async insertPasskey(passkey: Omit<StoredPasskey, 'lastUsedAt'>, executor: Db = db): Promise<boolean> {
      const result = await executor
        .insertInto('passkeys')
        .values({
          id: passkey.id,
          user_id: passkey.userId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports.join(','),
          name: passkey.name,
          created_at: passkey.createdAt,
          last_used_at: null,
        })
        // Not an error on PostgreSQL, which would end the whole transaction: the caller answers 409.
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async passkeyUsed(id: string, counter: number, at: string): Promise<void> {
      await db.updateTable('passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
    },

    /** Removes every factor of the account (turning it off, an admin's reset). */
    async removeAll(userId: number, executor: Db = db): Promise<void> {
      await executor.deleteFrom('two_factor_totp').where('user_id', '=', userId).execute();
      await executor.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await executor.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      await executor.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
    },

    /** Stores a challenge; ended ones go first (they are never read again). */
    async putChallenge(row: { id: string; purpose: ChallengePurpose; userId: number | null; webauthnChallenge: string | null; expiresAt: string }, nowAt: string) {
      await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', nowAt).execute();
      await db
        .insertInto('two_factor_challenges')
        .values({ id: row.id, purpose: row.purpose, user_id: row.userId, webauthn_challenge: row.webauthnChallenge, expires_at: row.expiresAt })
        .execute();
    },

    async findChallenge(id: string, purpose: ChallengePurpose, nowAt: string) {
      return db
        .selectFrom('two_factor_challenges')
        .selectAll()
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', nowAt)
        .executeTakeFirst();
    },

    /** Uses a challenge up: true for the one request that removed it. */
    async takeChallenge(id: string, executor: Db = db): Promise<boolean> {
      const result = await executor.deleteFrom('two_factor_challenges').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async dropLoginChallenges(userId: number): Promise<void> {
      await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).where('purpose', '=', 'login').execute();
    },

  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
