import { decodeJwt, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, it } from 'vitest';
import { Kysely, Migrator } from 'kysely';
import { createDatabase, migrateToLatest } from '../src/db/database.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.js';
import { sessionKeyFile, TOKEN_CLAIMS } from '../src/plugins/auth/index.js';
import { buildServer } from '../src/server.js';
import { removeTestAuditFolder, sessionKeyOf, testConfig, useTestApp } from './helpers/app.js';
import { databaseTexts } from './helpers/database-texts.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, type CreatedUser } from './helpers/factories.js';

/** The development default that config.ts held until issue 8: public in the repository's history. */
const OLD_PUBLIC_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';
const LIFETIME_SECONDS = 240 * 60;

interface Claims {
  userId: number;
  jti?: string;
  issuedAt?: number | null;
  expiresAt?: number;
}

/** An ADMIN token with every claim the server issues, signed with `secret`: what a key thief would make. */
function forge(secret: string, { userId, jti = randomBytes(16).toString('base64url'), issuedAt, expiresAt }: Claims) {
  const now = Math.floor(Date.now() / 1000);
  const token = new SignJWT({ role: 'ADMIN', gen: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuer(TOKEN_CLAIMS.issuer)
    .setAudience(TOKEN_CLAIMS.audience)
    .setExpirationTime(expiresAt ?? now + 600);
  if (issuedAt !== null) token.setIssuedAt(issuedAt ?? now);
  return token.sign(new TextEncoder().encode(secret));
}

/** The session id of a token the server issued: a database copy lists it in `sessions` too. */
const sessionOf = (admin: CreatedUser) => String(decodeJwt(admin.token).jti);

describeEachEngine('the session key without JWT_SECRET', (engine) => {
  const ctx = useTestApp(engine);
  const me = (token: string) => ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

  it('is generated into a 0600 file beside the audit key, 256 random bits', () => {
    expect(ctx.config.jwtSecret).toBeNull();
    const file = sessionKeyFile(ctx.config.audit);
    expect(dirname(file)).toBe(dirname(ctx.config.audit.keyFile));
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('mints nothing from a copy of the database: no text in it signs an ADMIN token or an unsubscribe link', async () => {
    const admin = await createAdmin(ctx.app);
    const jti = sessionOf(admin);
    // Control: with the key file's key, the same construction (a listed session) is accepted.
    expect((await me(await forge(sessionKeyOf(ctx.config), { userId: admin.user.id, jti }))).statusCode).toBe(200);
    const candidates = [...(await databaseTexts(ctx.app.db))].filter((text) => text.length >= 16 && text.length <= 512);
    expect(candidates.length).toBeGreaterThan(10);
    const accepted: string[] = [];
    for (const text of candidates) {
      if ((await me(await forge(text, { userId: admin.user.id, jti }))).statusCode !== 401) accepted.push(text);
      const unsubscribe = createUnsubscribeTokens(text).sign(admin.user.id, 'replies');
      const answer = await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${unsubscribe}` });
      if (answer.statusCode !== 403) accepted.push(`unsubscribe: ${text}`);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses the old public development secret, also for the admin', async () => {
    const admin = await createAdmin(ctx.app);
    expectApiError(await me(await forge(OLD_PUBLIC_SECRET, { userId: admin.user.id, jti: sessionOf(admin) })), 401);
  });

  it('refuses a genuinely signed token whose session row does not exist (401)', async () => {
    const admin = await createAdmin(ctx.app);
    expectApiError(await me(await forge(sessionKeyOf(ctx.config), { userId: admin.user.id })), 401);
    // Another account's session id does not do either.
    const other = await createAdmin(ctx.app);
    expectApiError(await me(await forge(sessionKeyOf(ctx.config), { userId: admin.user.id, jti: sessionOf(other) })), 401);
  });

  it('refuses a genuinely signed token whose exp - iat exceeds the session lifetime, or that has no iat (401)', async () => {
    const admin = await createAdmin(ctx.app);
    const key = sessionKeyOf(ctx.config);
    const now = Math.floor(Date.now() / 1000);
    const jti = sessionOf(admin);
    expectApiError(await me(await forge(key, { userId: admin.user.id, jti, issuedAt: now, expiresAt: now + LIFETIME_SECONDS + 1 })), 401);
    expectApiError(await me(await forge(key, { userId: admin.user.id, jti, issuedAt: now - 60, expiresAt: now + 30 * 24 * 3600 })), 401);
    expectApiError(await me(await forge(key, { userId: admin.user.id, jti, issuedAt: null })), 401);
    // Control: exactly the lifetime is what the server itself issues.
    expect((await me(await forge(key, { userId: admin.user.id, jti, issuedAt: now, expiresAt: now + LIFETIME_SECONDS }))).statusCode).toBe(200);
  });

  it('keeps tokens valid across a restart', async () => {
    const admin = await createAdmin(ctx.app);
    const restarted = await ctx.build();
    const response = await restarted.inject({ url: '/api/users/me', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.user.id });
  });

  it('gives a fresh install its own key: a token of one installation is refused by another', async () => {
    const fresh = await engine.create();
    const handle = createDatabase(fresh.config);
    const config = testConfig(fresh.config);
    try {
      await migrateToLatest(handle.db);
      const other = await buildServer(config, { database: handle });
      try {
        expect(sessionKeyOf(config)).not.toBe(sessionKeyOf(ctx.config));
        const inOther = await createAdmin(other);
        // A session of that installation, every claim right, signed with this installation's key: refused.
        const crossed = await other.inject({
          url: '/api/users/me',
          headers: { authorization: `Bearer ${await forge(sessionKeyOf(ctx.config), { userId: inOther.user.id, jti: sessionOf(inOther) })}` },
        });
        expectApiError(crossed, 401);
        expect((await other.inject({ url: '/api/users/me', headers: inOther.headers })).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await handle.destroy();
      await fresh.drop();
      removeTestAuditFolder(config.audit);
    }
  });
});

describeEachEngine('an installation upgrading with its key in the database (auth_secrets)', (engine) => {
  it('drops that key: it signs nothing afterwards, and the upgraded server signs people in with its key file', async () => {
    const old = await engine.create();
    const handle = createDatabase(old.config);
    const config = testConfig(old.config);
    const oldKey = randomBytes(32).toString('base64url');
    try {
      const { error } = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo('0023-reply-emails-from-entries');
      if (error) throw error;
      const untyped = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await untyped.insertInto('auth_secrets').values({ name: 'jwt-hs256', value: oldKey, created_at: new Date().toISOString() }).execute();
      const upgraded = await buildServer(config, { database: handle });
      try {
        const admin = await createAdmin(upgraded);
        const me = (token: string) => upgraded.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
        expectApiError(await me(await forge(oldKey, { userId: admin.user.id, jti: sessionOf(admin) })), 401);
        expect((await me(admin.token)).statusCode).toBe(200);
        expect(await databaseTexts(handle.db)).not.toContain(oldKey);
      } finally {
        await upgraded.close();
      }
    } finally {
      await handle.destroy();
      await old.drop();
      removeTestAuditFolder(config.audit);
    }
  });
});

describeEachEngine('an explicit JWT_SECRET', (engine) => {
  const secret = `an-explicit-secret-of-enough-length-${randomBytes(4).toString('hex')}`;
  const ctx = useTestApp(engine, { jwtSecret: secret });

  it('signs with JWT_SECRET and writes no key file of its own', async () => {
    const admin = await createAdmin(ctx.app);
    const response = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${await forge(secret, { userId: admin.user.id, jti: sessionOf(admin) })}` } });
    expect(response.statusCode).toBe(200);
    expect(() => statSync(sessionKeyFile(ctx.config.audit))).toThrow();
  });
});
