import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../src/db/database.js';
import { loadOrCreateJwtSecret, TOKEN_CLAIMS } from '../src/plugins/auth/index.js';
import { buildServer } from '../src/server.js';
import { testConfig, useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin } from './helpers/factories.js';

/** The development default that config.ts held until issue 8: public in the repository's history. */
const OLD_PUBLIC_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';

/** A token with every claim the server issues, signed with `secret`. */
function forge(secret: string, userId: number) {
  return new SignJWT({ role: 'ADMIN', gen: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuer(TOKEN_CLAIMS.issuer)
    .setAudience(TOKEN_CLAIMS.audience)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(secret));
}

describeEachEngine('the JWT signing key without JWT_SECRET', (engine) => {
  const ctx = useTestApp(engine);
  const me = (token: string) => ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

  it('refuses a token signed with the old public development secret, also for the admin', async () => {
    expect(ctx.config.jwtSecret).toBeNull();
    const admin = await createAdmin(ctx.app);
    expectApiError(await me(await forge(OLD_PUBLIC_SECRET, admin.user.id)), 401);
    // Control: the same construction with the key the server generated is accepted.
    expect((await me(await forge(await loadOrCreateJwtSecret(ctx.app.db), admin.user.id))).statusCode).toBe(200);
  });

  it('generates 256 random bits once: every start on the database, even ten at once, uses that key', async () => {
    const stored = await ctx.app.db.selectFrom('auth_secrets').select('value').execute();
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]?.value ?? '', 'base64url')).toHaveLength(32);
    const racing = await Promise.all(Array.from({ length: 10 }, () => loadOrCreateJwtSecret(ctx.app.db)));
    expect(new Set(racing)).toEqual(new Set([stored[0]?.value]));
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
    try {
      await migrateToLatest(handle.db);
      const other = await buildServer(testConfig(fresh.config), { database: handle });
      try {
        const [ours, theirs] = [await loadOrCreateJwtSecret(ctx.app.db), await loadOrCreateJwtSecret(handle.db)];
        expect(theirs).not.toBe(ours);
        const inOther = await createAdmin(other);
        // A user of that installation, every claim right, signed with this installation's key: refused.
        const crossed = await other.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${await forge(ours, inOther.user.id)}` } });
        expectApiError(crossed, 401);
        expect((await other.inject({ url: '/api/users/me', headers: inOther.headers })).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await handle.destroy();
      await fresh.drop();
    }
  });
});

describeEachEngine('an explicit JWT_SECRET', (engine) => {
  const secret = `an-explicit-secret-of-enough-length-${randomBytes(4).toString('hex')}`;
  const ctx = useTestApp(engine, { jwtSecret: secret });

  it('signs with JWT_SECRET and stores no key of its own', async () => {
    const admin = await createAdmin(ctx.app);
    const response = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${await forge(secret, admin.user.id)}` } });
    expect(response.statusCode).toBe(200);
    expect(await ctx.app.db.selectFrom('auth_secrets').select('name').execute()).toEqual([]);
  });
});
