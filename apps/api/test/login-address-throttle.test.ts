import { sessionMessages } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createAttemptCounters } from '../src/modules/auth/attempt-counters.js';
import { createLoginThrottle, type LoginThrottle } from '../src/modules/auth/login-throttle.js';
import { RetryLaterError } from '../src/plugins/api-error.js';
import type { PasswordVerifier } from '../src/plugins/auth/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, uniqueTag } from './helpers/factories.js';

/** The rule as the README states it (config defaults). */
const DOCUMENTED = { perUserAndAddress: 5, perAddress: 50, windowMinutes: 15, delayBaseMs: 1_000, delayMaxMs: 8_000 } as const;

let addressSequence = 0;
/** A fresh client address per call (documentation-only range; inject sends no traffic), so tests never share counters. */
function freshAddress(): string {
  addressSequence += 1;
  return `198.18.${200 + (Math.floor(addressSequence / 250) % 50)}.${(addressSequence % 250) + 1}`;
}

/** An office behind one NAT after someone there guessed 50 usernames: an address over its limit. */
async function failFiftyTimes(reserve: (username: string) => Promise<unknown>): Promise<string[]> {
  const usernames = Array.from({ length: DOCUMENTED.perAddress }, () => `guess${uniqueTag()}`);
  await Promise.all(usernames.map((username) => reserve(username)));
  return usernames;
}

describeEachEngine('login throttling of a busy address (an office NAT)', (engine) => {
  const ctx = useTestApp(engine);
  let waits: number[];
  let throttle: LoginThrottle;

  beforeAll(() => {
    waits = [];
    throttle = createLoginThrottle({
      counters: createAttemptCounters(ctx.app.db),
      rule: { ...DOCUMENTED },
      sleep: async (ms) => void waits.push(ms),
    });
  });

  it('lets a colleague who never failed from the address in, slowed down 1 s, 2 s, 4 s, 8 s, 8 s; never refused', async () => {
    const office = freshAddress();
    await failFiftyTimes((username) => throttle.reserve(username, office));
    waits.length = 0;
    for (let i = 0; i < 5; i += 1) await throttle.reserve(`colleague${uniqueTag()}`, office);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it('refuses there the usernames that failed from the address, until its window ends; elsewhere they are not refused', async () => {
    const office = freshAddress();
    const failed = await failFiftyTimes((username) => throttle.reserve(username, office));
    const refusal = await throttle.reserve(failed[0]!, office).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RetryLaterError);
    expect((refusal as RetryLaterError).message).toBe(sessionMessages.tooManyLoginsFromAddress);
    expect((refusal as RetryLaterError).retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((refusal as RetryLaterError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    await expect(throttle.reserve(failed[0]!, freshAddress())).resolves.toMatchObject({ delayMs: 0 });
  });

  it('keeps the (username, address) lock after 5 failures on an address that is not busy', async () => {
    const address = freshAddress();
    const username = `victim${uniqueTag()}`;
    for (let i = 0; i < DOCUMENTED.perUserAndAddress; i += 1) await throttle.reserve(username, address);
    await expect(throttle.reserve(username, address)).rejects.toMatchObject({ statusCode: 429, error: 'AccountLocked' });
  });
});

describeEachEngine('POST /login from a busy address', (engine) => {
  // Passwords are compared as text (no argon2 cost) and waits are a millisecond: the rule, not the clock, is under test.
  const quickPasswords: PasswordVerifier = {
    verify: async (_hash, password) => password === 'Secret123',
    verifyAgainstDummy: async () => false,
  };
  const ctx = useTestApp(engine, { loginThrottle: { ...DOCUMENTED, delayBaseMs: 1, delayMaxMs: 1 } }, { passwords: quickPasswords });
  const loginAs = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/login', payload: { username, password }, remoteAddress });

  it('after 50 failures from the address, an account behind it logs in with its right password; a failed username is refused', async () => {
    const office = freshAddress();
    const { user, password } = await createCitizen(ctx.app);
    const failed = await failFiftyTimes(async (username) =>
      expect((await loginAs(ctx.app, username, 'Wrong1234', office)).statusCode).toBe(401),
    );
    const colleague = await loginAs(ctx.app, user.username, password, office);
    expect(colleague.statusCode, colleague.body).toBe(200);
    const refused = await loginAs(ctx.app, failed[0]!, 'Wrong1234', office);
    expect(expectApiError(refused, 429).message).toBe(sessionMessages.tooManyLoginsFromAddress);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
