import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeEach, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen } from './helpers/factories.js';
import { startSmtpSink } from './helpers/smtp-sink.js';
import { softwareAuthenticator } from './helpers/software-authenticator.js';

/*
 * Issue 34, points 2 and 8: a session alone (no password) must not add a second factor. Adding a
 * passkey, setting up an authenticator app and renewing recovery codes ask for the password again,
 * counted by the login throttle; the owner hears of every factor added or removed (a portal entry
 * and an email: "If this was not you ..."). A credential id registered twice is a 409.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };

let clock = Date.parse('2026-03-02T09:00:00.000Z');
let addressSeq = 0;
/** Each test acts from an address of its own: the throttle counts per address. */
const freshAddress = () => `10.34.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;
type Json = Record<string, unknown>;

describeEachEngine('Adding a second factor asks for the password again', (engine) => {
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(
    engine,
    { mail },
    {
      twoFactorNow: () => clock,
      loginSleep: async () => undefined,
      notifications: { autoStart: false, now: () => new Date(clock), onWorker: (created) => (worker = created) },
    },
  );
  const deliver = async () => {
    if (!worker) throw new Error('the worker is handed over when the server is built');
    await worker.runOnce();
  };
  const origin = () => ctx.config.twoFactor.origins[0] ?? '';

  beforeEach(async () => {
    clock += 10 * 60_000;
    await deliver();
    sink.clear();
  });

  const post = (app: FastifyInstance, who: CreatedUser, url: string, address: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: who.headers, remoteAddress: address, ...(payload ? { payload } : {}) });
  const status = async (who: CreatedUser) => (await ctx.app.inject({ url: '/api/two-factor', headers: who.headers })).json<{ totp: boolean; passkeys: { id: string }[]; recoveryCodesLeft: number }>();
  const entries = async (who: CreatedUser) =>
    (await ctx.app.inject({ url: '/api/notifications', headers: who.headers })).json<{ items: { kind: string; data: Json }[] }>().items.filter((item) => item.kind === 'second-factor');

  /** Options (with the password), the software authenticator's answer, the registration. */
  async function addPasskey(who: CreatedUser, authenticator: ReturnType<typeof softwareAuthenticator>, address: string) {
    const options = await post(ctx.app, who, '/api/two-factor/passkeys/options', address, { password: who.password });
    expect(options.statusCode, options.body).toBe(200);
    const { ceremony, options: publicKey } = options.json<{ ceremony: string; options: Json }>();
    return post(ctx.app, who, '/api/two-factor/passkeys', address, { ceremony, credential: authenticator.register(publicKey, origin()), name: 'Laptop' });
  }

  it('refuses a session without the password: no passkey, no app, no new recovery codes', async () => {
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    const refusals = {
      '/api/two-factor/passkeys/options': [undefined, {}, { password: 'Wrong12345' }],
      '/api/two-factor/totp/setup': [undefined, { password: '' }, { password: 'Wrong12345' }],
    };
    for (const [url, bodies] of Object.entries(refusals)) {
      for (const body of bodies) {
        const refused = expectApiError(await post(ctx.app, citizen, url, address, body), 400);
        expect(refused.fields?.password, `${url} ${JSON.stringify(body)}`).toBe(body?.password === 'Wrong12345' ? 'That password is not right.' : 'Enter your password to confirm.');
      }
    }
    // The attacker's authenticator never gets the options it would answer.
    expect(await status(citizen)).toMatchObject({ totp: false, passkeys: [], recoveryCodesLeft: 0 });

    // With the password the owner adds a passkey; renewing its recovery codes asks for it again.
    expect((await addPasskey(citizen, softwareAuthenticator(), address)).statusCode).toBe(200);
    for (const body of [undefined, { password: 'Wrong12345' }]) {
      expectApiError(await post(ctx.app, citizen, '/api/two-factor/recovery-codes', address, body), 400);
    }
    const renewed = await post(ctx.app, citizen, '/api/two-factor/recovery-codes', address, { password: citizen.password });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('counts wrong passwords like sign-ins: after five, even the right one is refused from that address, and so is the sign-in', async () => {
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expectApiError(await post(ctx.app, citizen, '/api/two-factor/passkeys/options', address, { password: `Wrong1234${i}` }), 400);
    const locked = expectApiError(await post(ctx.app, citizen, '/api/two-factor/totp/setup', address, { password: citizen.password }), 429);
    expect(locked.message).toBe('Too many failed logins for this username. Please try again later.');
    const login = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: citizen.user.username, password: citizen.password }, remoteAddress: address });
    expectApiError(login, 429);
  });

  it('tells the owner of every factor added or removed, in the portal and by email, in their language', async () => {
    const citizen = await createCitizen(ctx.app);
    const admin = await createAdmin(ctx.app);
    const address = freshAddress();
    await ctx.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: citizen.headers, payload: { language: 'pl' } });

    expect((await addPasskey(citizen, softwareAuthenticator(), address)).statusCode).toBe(200);
    const setup = await post(ctx.app, citizen, '/api/two-factor/totp/setup', address, { password: citizen.password });
    const { secret } = setup.json<{ secret: string }>();
    const code = await generate({ secret, epoch: Math.floor(clock / 1000) });
    expect((await post(ctx.app, citizen, '/api/two-factor/totp/confirm', address, { code })).statusCode).toBe(200);
    expect((await post(ctx.app, citizen, '/api/two-factor/recovery-codes', address, { password: citizen.password })).statusCode).toBe(200);
    const off = await ctx.app.inject({ method: 'DELETE', url: '/api/two-factor', headers: citizen.headers, remoteAddress: address, payload: { password: citizen.password } });
    expect(off.statusCode).toBe(204);
    expect((await entries(citizen)).map((entry) => entry.data.change)).toEqual(['turned-off', 'recovery-codes-renewed', 'totp-added', 'passkey-added']);

    await deliver();
    const emails = sink.received.filter((m) => m.to.includes(citizen.user.email));
    expect(emails.map((m) => m.mail.subject)).toEqual(Array(4).fill('Zmieniły się ustawienia logowania'));
    expect(emails[0]?.mail.text).toContain('Dodano klucz dostępu do logowania na Twoje konto.');
    expect(emails[0]?.mail.text).toContain('Jeśli to nie Ty, natychmiast zmień hasło');

    // An admin's reset tells its owner too (in English for an English reader).
    const other = await createCitizen(ctx.app);
    expect((await addPasskey(other, softwareAuthenticator(), address)).statusCode).toBe(200);
    const reset = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${other.user.id}/two-factor`, headers: admin.headers });
    expect(reset.statusCode).toBe(204);
    await deliver();
    const texts = sink.received.filter((m) => m.to.includes(other.user.email)).map((m) => m.mail.text ?? '');
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('A passkey was added to sign in to your account.');
    expect(texts[1]).toContain('An administrator removed the second factors of your account.');
    expect(texts[1]).toContain('If this was not you, change your password now');
  });

  it('answers 409 with a message for a passkey whose credential id is registered already, and writes nothing', async () => {
    const citizen = await createCitizen(ctx.app);
    const other = await createCitizen(ctx.app);
    const address = freshAddress();
    const authenticator = softwareAuthenticator();
    expect((await addPasskey(citizen, authenticator, address)).statusCode).toBe(200);

    for (const who of [citizen, other]) {
      const again = expectApiError(await addPasskey(who, authenticator, address), 409);
      expect(again.message).toBe('This passkey is already registered.');
    }
    expect((await status(citizen)).passkeys).toHaveLength(1);
    expect(await status(other)).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect(await entries(other)).toEqual([]);
  });
});
