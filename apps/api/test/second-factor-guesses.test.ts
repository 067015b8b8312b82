import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeEach, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import type { BuildServerOptions } from '../src/server.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 34, point 4: second-factor guesses must not scale with addresses. 40 addresses x 5 wrong
 * codes were all checked (200 x 401). A challenge now ends after 3 wrong codes, and an account
 * takes 10 wrong codes per hour from all addresses together, on every API process: beyond them its
 * code checks are refused (429) until the hour ends, and the owner is told.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };

const CHALLENGE_SPENT = 'Too many wrong codes for this sign-in. Please sign in again.';
const CHALLENGE_GONE = 'Your sign-in took too long. Please sign in again.';
const CODE_WRONG = 'That code is not right. Check the time on your phone and try again.';
const PAUSED = 'Too many wrong codes were entered for this account. Sign-in codes are refused for up to 60 minutes; a passkey still works.';

// Stepped by the tests, from the real time on: the auth module's housekeeping prunes counters that
// expired by the real clock, and a clock in the past would see its fresh counters pruned mid-test.
let clock = Date.now();
let addressSeq = 0;
const freshAddress = () => `10.44.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

describeEachEngine('Second-factor guesses per account, from any address', (engine) => {
  let worker: NotificationWorker | undefined;
  const options: BuildServerOptions = {
    twoFactorNow: () => clock,
    loginSleep: async () => undefined,
    notifications: { autoStart: false, now: () => new Date(clock), onWorker: (created) => (worker ??= created) },
  };
  const ctx = useTestApp(engine, { mail }, options);

  beforeEach(async () => {
    clock += 2 * 60 * 60_000;
    await worker?.runOnce();
    sink.clear();
  });

  const login = (app: FastifyInstance, who: CreatedUser, address: string) =>
    app.inject({ method: 'POST', url: '/login', payload: { username: who.user.username, password: who.password }, remoteAddress: address });
  const code = (app: FastifyInstance, challenge: string, value: string, address: string) =>
    app.inject({ method: 'POST', url: '/login/second-factor', payload: { challenge, code: value }, remoteAddress: address });
  const rightCode = (secret: string) => generate({ secret, epoch: Math.floor(clock / 1000) });

  async function challengeOf(app: FastifyInstance, who: CreatedUser, address: string): Promise<string> {
    const answer = await login(app, who, address);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ secondFactor: { challenge: string } }>().secondFactor.challenge;
  }

  /** A citizen with an authenticator app; answers its secret. */
  async function withApp(who: CreatedUser): Promise<string> {
    const address = freshAddress();
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/totp/setup', headers: who.headers, payload: { password: who.password }, remoteAddress: address });
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/totp/confirm', headers: who.headers, payload: { code: await rightCode(secret) }, remoteAddress: address });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // Its "app added" email goes now: the tests below look at the emails of the guesses.
    await worker?.runOnce();
    sink.clear();
    clock += 30_000;
    return secret;
  }

  const pausedNotices = async (who: CreatedUser) =>
    (await ctx.app.inject({ url: '/api/notifications', headers: who.headers })).json<{ items: { kind: string; data: { change?: string } }[] }>().items.filter(
      (item) => item.kind === 'second-factor' && item.data.change === 'codes-paused',
    );

  it('checks 10 of 200 wrong codes from 40 addresses on two API processes, refuses the rest, and tells the owner once', async () => {
    const citizen = await createCitizen(ctx.app);
    const secret = await withApp(citizen);
    const second = await ctx.build({}, { ...options, notifications: { ...options.notifications, onWorker: undefined } });
    const servers = [ctx.app, second];

    const addresses = Array.from({ length: 40 }, freshAddress);
    const challenges = [];
    for (const address of addresses) challenges.push({ address, challenge: await challengeOf(ctx.app, citizen, address) });
    const answers = await Promise.all(
      challenges.flatMap(({ address, challenge }, i) =>
        Array.from({ length: 5 }, (_, j) => code(servers[(i + j) % 2] ?? ctx.app, challenge, String(100_000 + i * 5 + j), address)),
      ),
    );
    const messages = answers.map((answer) => `${answer.statusCode} ${answer.json<{ message: string }>().message}`);
    const tally = (line: string) => messages.filter((message) => message === line).length;
    expect(tally(`401 ${CODE_WRONG}`)).toBe(10);
    expect(tally(`429 ${PAUSED}`)).toBe(110);
    expect(tally(`401 ${CHALLENGE_SPENT}`) + tally(`401 ${CHALLENGE_GONE}`)).toBe(80);

    // The owner's right code is refused too while the pause lasts, from any address and process.
    for (const app of servers) {
      const address = freshAddress();
      expect(expectApiError(await code(app, await challengeOf(app, citizen, address), await rightCode(secret), address), 429).message).toBe(PAUSED);
    }
    expect(await pausedNotices(citizen)).toHaveLength(1);
    await worker?.runOnce();
    const emails = sink.received.filter((m) => m.to.includes(citizen.user.email));
    expect(emails.map((m) => m.mail.subject)).toEqual(['Wrong sign-in codes for your account']);
    expect(emails[0]?.mail.text).toContain('If this was not you, someone knows your password: change it now.');

    // An hour after the first wrong code the account takes codes again.
    clock += 60 * 60_000;
    const address = freshAddress();
    const signedIn = await code(ctx.app, await challengeOf(ctx.app, citizen, address), await rightCode(secret), address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('ends a challenge after three wrong codes: the right code then needs a new sign-in', async () => {
    const citizen = await createCitizen(ctx.app);
    const secret = await withApp(citizen);
    const address = freshAddress();
    const challenge = await challengeOf(ctx.app, citizen, address);
    for (const wrong of ['111111', '222222', '333333']) expect(expectApiError(await code(ctx.app, challenge, wrong, address), 401).message).toBe(CODE_WRONG);
    expect([CHALLENGE_SPENT, CHALLENGE_GONE]).toContain(expectApiError(await code(ctx.app, challenge, await rightCode(secret), address), 401).message);
    const again = await code(ctx.app, await challengeOf(ctx.app, citizen, address), await rightCode(secret), address);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('does not count the owner\'s right codes: the pause comes with the tenth wrong one', async () => {
    const citizen = await createCitizen(ctx.app);
    const secret = await withApp(citizen);
    const address = freshAddress();
    const wrongCodes = async (count: number) => {
      const challenge = await challengeOf(ctx.app, citizen, address);
      for (let i = 0; i < count; i++) expectApiError(await code(ctx.app, challenge, `90000${i}`, address), 401);
    };
    await wrongCodes(3);
    await wrongCodes(3);
    await wrongCodes(3);
    for (let i = 0; i < 3; i++) {
      clock += 30_000;
      const signedIn = await code(ctx.app, await challengeOf(ctx.app, citizen, address), await rightCode(secret), address);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    }
    expect(await pausedNotices(citizen)).toEqual([]);
    await wrongCodes(1);
    expect(await pausedNotices(citizen)).toHaveLength(1);
    clock += 30_000;
    expect(expectApiError(await code(ctx.app, await challengeOf(ctx.app, citizen, address), await rightCode(secret), address), 429).message).toBe(PAUSED);
    expect(await pausedNotices(citizen)).toHaveLength(1);
  });
});
