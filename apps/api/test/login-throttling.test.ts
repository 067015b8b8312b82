import { authApiMessages, httpMessages, sessionMessages } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAttemptCounters } from '../src/modules/auth/attempt-counters.js';
import { createLoginThrottle, type LoginThrottleRule } from '../src/modules/auth/login-throttle.js';
import { argon2Verifier, type PasswordVerifier } from '../src/plugins/auth/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, uniqueTag } from './helpers/factories.js';

/** The rule as the README states it (config defaults). */
const DOCUMENTED = { perUserAndAddress: 5, perAddress: 50, windowMinutes: 15, delayBaseMs: 1_000, delayMaxMs: 8_000 } as const;

/** The real argon2id verifier, counting every password check (existing or dummy account). */
function countingVerifier() {
  let checks = 0;
  const verifier: PasswordVerifier = {
    verify: (hash, password) => {
      checks += 1;
      return argon2Verifier.verify(hash, password);
    },
    verifyAgainstDummy: (password) => {
      checks += 1;
      return argon2Verifier.verifyAgainstDummy(password);
    },
  };
  return { verifier, checks: () => checks };
}

/** Answers at once: for floods of logins where argon2's 50 ms per check would only cost time. */
const instantWrongPasswords: PasswordVerifier = { verify: async () => false, verifyAgainstDummy: async () => false };

/** Answers at once that `password` is right and anything else wrong, whoever's hash it is checked against. */
const knownPassword = (password: string): PasswordVerifier => ({
  verify: async (_hash, given) => given === password,
  verifyAgainstDummy: async () => false,
});

let addressSequence = 0;
/** A fresh client address (a documentation-only range; inject sends no traffic) per call, so tests never share an address's counters. */
function freshAddress(): string {
  addressSequence += 1;
  return `198.19.${Math.floor(addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;
}

function loginAs(app: FastifyInstance, username: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/login', payload: { username, password }, remoteAddress });
}

describeEachEngine('attempt counters in the database', (engine) => {
  const ctx = useTestApp(engine);

  it('gives 100 simultaneous hits on one key 100 different counts: every attempt is counted as it arrives', async () => {
    const counters = createAttemptCounters(ctx.app.db);
    const key = `test:${uniqueTag()}`;
    const hits = await Promise.all(Array.from({ length: 100 }, () => counters.hit(key, 60_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('starts a new window after the old one ended, and purges only ended windows', async () => {
    let now = Date.parse('2030-01-01T10:00:00Z');
    const counters = createAttemptCounters(ctx.app.db, () => now);
    const old = `test:${uniqueTag()}`;
    const live = `test:${uniqueTag()}`;
    await counters.hit(old, 60_000);
    expect((await counters.hit(old, 60_000)).count).toBe(2);
    now += 61_000;
    await counters.hit(live, 60_000);
    expect(await counters.purgeExpired()).toBeGreaterThanOrEqual(1);
    const keys = (await ctx.app.db.selectFrom('auth_counters').select('key').where('key', 'in', [old, live]).execute()).map((row) => row.key);
    expect(keys).toEqual([live]);
    // An ended window restarts at 1 even before the purge removed it.
    now += 61_000;
    expect((await counters.hit(live, 60_000)).count).toBe(1);
  });

  it('slows a username down across addresses: 1 s, 2 s, 4 s, 8 s, 8 s ... after the 5th attempt, never refusing', async () => {
    const waits: number[] = [];
    const throttle = createLoginThrottle({
      counters: createAttemptCounters(ctx.app.db),
      rule: DOCUMENTED,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const username = `victim${uniqueTag()}`;
    // Nine attempts from nine addresses: none is over its own (username, address) limit.
    for (let attempt = 0; attempt < 9; attempt += 1) await throttle.reserve(username, freshAddress());
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
  });
});

/** The throttle's slow-downs, recorded instead of slept: each login's wait is asserted, not timed. */
function recordingSleep() {
  let waits: number[] = [];
  return {
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    /** The waits since the last call, in the order they began. */
    take: () => {
      const taken = waits;
      waits = [];
      return taken;
    },
  };
}

describeEachEngine('login throttling', (engine) => {
  const counting = countingVerifier();
  const waits = recordingSleep();
  const ctx = useTestApp(engine, { loginThrottle: { ...DOCUMENTED } }, { passwords: counting.verifier, loginSleep: waits.sleep });

  it('100 parallel wrong logins from one address check at most 5 passwords; that address stays refused, a fresh one gets in within the delay', async () => {
    const { user, password } = await createCitizen(ctx.app);
    const attacker = freshAddress();
    const before = counting.checks();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => loginAs(ctx.app, user.username, `Wrong${i}pass`, attacker)));
    expect(counting.checks() - before).toBeLessThanOrEqual(DOCUMENTED.perUserAndAddress);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(counting.checks() - before);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);

    const sameAddress = await loginAs(ctx.app, user.username, password, attacker);
    expect(expectApiError(sameAddress, 429).error).not.toBe('InternalServerError');
    expect(sameAddress.headers['retry-after']).toBeDefined();

    // Only the 5 checked attempts counted against the username, so the owner's is its 6th: the first slow-down.
    waits.take();
    const owner = await loginAs(ctx.app, user.username, password, freshAddress());
    expect(owner.statusCode, owner.body).toBe(200);
    expect(waits.take()).toEqual([1_000]);
  });

  it('200 parallel logins from 4 addresses, the right password among them: at most 4 x 5 password checks, and the account never locks', async () => {
    const { user, password } = await createCitizen(ctx.app);
    const attackers = [freshAddress(), freshAddress(), freshAddress(), freshAddress()];
    const before = counting.checks();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        loginAs(ctx.app, user.username, i === 189 ? password : `Wrong${i}pass`, attackers[i % 4] ?? ''),
      ),
    );
    expect(counting.checks() - before).toBeLessThanOrEqual(4 * DOCUMENTED.perUserAndAddress);
    for (const attacker of attackers) expectApiError(await loginAs(ctx.app, user.username, `Another1x`, attacker), 429);
    waits.take();
    expect((await loginAs(ctx.app, user.username, password, freshAddress())).statusCode).toBe(200);
    // Slower, never locked: the owner waits at most the longest slow-down.
    expect(waits.take()).toEqual([DOCUMENTED.delayMaxMs]);
  }, 60_000);

  it('refuses an address, after 50 login attempts per 15 minutes, the usernames that failed from it; a right password gives its attempt back', async () => {
    const address = freshAddress();
    const { user, password } = await createCitizen(ctx.app);
    // What this test needs of the password checks is which password is right: argon2's 50 ms for
    // each of its 60 checks (50 of them against the dummy hash) would only cost time.
    const app = await ctx.build({}, { passwords: knownPassword(password), loginSleep: waits.sleep });
    for (let i = 0; i < 10; i += 1) expect((await loginAs(app, user.username, password, address)).statusCode).toBe(200);
    const failed = Array.from({ length: DOCUMENTED.perAddress }, () => `nobody${uniqueTag()}`);
    const answers = await Promise.all(failed.map((username) => loginAs(app, username, 'Wrong1234', address)));
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    const refused = await loginAs(app, failed[0] as string, 'Wrong1234', address);
    expect(expectApiError(refused, 429).message).toBe(sessionMessages.tooManyLoginsFromAddress);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts IPv6 clients by their /64 network', async () => {
    const { user } = await createCitizen(ctx.app);
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 1; i <= DOCUMENTED.perUserAndAddress; i += 1) {
      expectApiError(await loginAs(ctx.app, user.username, 'Wrong1234', `${network}::${i}`), 401);
    }
    expectApiError(await loginAs(ctx.app, user.username, 'Wrong1234', `${network}:0:0:0:99`), 429);
  });

  it('keeps the counters for a server started afresh on the same database (a restart)', async () => {
    const { user, password } = await createCitizen(ctx.app);
    const address = freshAddress();
    for (let i = 0; i < DOCUMENTED.perUserAndAddress; i += 1) expectApiError(await loginAs(ctx.app, user.username, 'Wrong1234', address), 401);
    const restarted = await ctx.build();
    const locked = await loginAs(restarted, user.username, password, address);
    expect(expectApiError(locked, 429).message).toBe(authApiMessages.accountLocked);
  });

  it('keeps a lock through 10,050 failed logins for random usernames from random addresses (no eviction)', async () => {
    const { user, password } = await createCitizen(ctx.app);
    const flood = await ctx.build({}, { passwords: instantWrongPasswords });
    const victimAddress = freshAddress();
    for (let i = 0; i < DOCUMENTED.perUserAndAddress; i += 1) expectApiError(await loginAs(flood, user.username, 'Wrong1234', victimAddress), 401);
    expectApiError(await loginAs(flood, user.username, password, victimAddress), 429);

    const total = 10_050;
    const parallel = 50;
    let failed = 0;
    for (let start = 0; start < total; start += parallel) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(parallel, total - start) }, (_, i) =>
          loginAs(flood, `r${uniqueTag()}`, 'Wrong1234', `198.18.${Math.floor((start + i) / 250) % 256}.${((start + i) % 250) + 1}`),
        ),
      );
      failed += batch.filter((answer) => answer.statusCode === 401).length;
    }
    expect(failed).toBe(total);
    const stillLocked = await loginAs(ctx.app, user.username, password, victimAddress);
    expect(expectApiError(stillLocked, 429).message).toBe(authApiMessages.accountLocked);
  }, 180_000);
});

describeEachEngine('rate limit of POST /login and POST /register per client address', (engine) => {
  const ctx = useTestApp(engine, { authRateLimitPerMinute: 4 });

  it('is shared by every server on the database: calls through one count on the other', async () => {
    const other = await ctx.build();
    const address = freshAddress();
    const register = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/register', payload: {}, remoteAddress: address });
    expect((await register(ctx.app)).statusCode).toBe(400);
    expect((await register(other)).statusCode).toBe(400);
    expect((await register(ctx.app)).statusCode).toBe(400);
    expect((await register(other)).statusCode).toBe(400);
    const refused = await register(ctx.app);
    expect(expectApiError(refused, 429).message).toBe(httpMessages.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectApiError(await register(other), 429);
  });
});

describe('the documented rule', () => {
  it('matches the configuration defaults', async () => {
    const { loadConfig } = await import('../src/config.js');
    const rule: LoginThrottleRule = loadConfig({}).loginThrottle;
    expect(rule).toEqual(DOCUMENTED);
  });
});
