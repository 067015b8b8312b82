import { authApiMessages, httpMessages, type UserResponse, userResponse, userSummary } from '@portal/contract';
import { decodeJwt, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { TOKEN_CLAIMS } from '../src/plugins/auth/index.js';
import { sessionKeyOf, useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { z } from 'zod';

/** A token with every claim the server issues (jti, gen), signed as the options say. */
function signToken(secret: string, userId: number, options: { expiresAt?: number; algorithm?: 'HS256' | 'HS512'; jti?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'ADMIN', gen: 0 })
    .setProtectedHeader({ alg: options.algorithm ?? 'HS256' })
    .setSubject(String(userId))
    .setJti(options.jti ?? `test-${randomBytes(12).toString('base64url')}`)
    .setIssuer(TOKEN_CLAIMS.issuer)
    .setAudience(TOKEN_CLAIMS.audience)
    .setIssuedAt(now - 7200)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(secret));
}

describeEachEngine('authentication and GET /api/users/me', (engine) => {
  const ctx = useTestApp(engine);
  const me = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    ctx.app.inject({ url: '/api/users/me', headers, cookies });

  it('answers the caller with every userResponse field', async () => {
    const { user, headers } = await createCitizen(ctx.app, { firstName: 'Łucja', lastName: 'Żółtowska' });
    const response = await me(headers);
    expect(response.statusCode).toBe(200);
    expect(z.strictObject(userResponse.shape).parse(response.json())).toEqual(user);
    expect(response.json()).toMatchObject({ firstName: 'Łucja', lastName: 'Żółtowska', role: 'USER', enabled: true });
  });

  it('accepts the token from the auth_token cookie like a Bearer header', async () => {
    const { user, token } = await createEmployee(ctx.app);
    const response = await me({}, { auth_token: token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, role: 'EMPLOYEE' });
  });

  it('answers 401 without a token', async () => {
    expect(expectApiError(await me(), 401).message).toBe(httpMessages.unauthenticated);
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['empty bearer', ''],
    ['three dots', '...'],
    ['base64 noise', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
  ])('answers 401 for a %s token', async (_name, token) => {
    expectApiError(await me({ authorization: `Bearer ${token}` }), 401);
    expectApiError(await me({}, { auth_token: token || 'x' }), 401);
  });

  it('answers 401 for an expired token', async () => {
    const { user } = await createCitizen(ctx.app);
    const expired = await signToken(sessionKeyOf(ctx.config), user.id, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    expectApiError(await me({ authorization: `Bearer ${expired}` }), 401);
  });

  it('answers 401 for a token signed with another secret or algorithm', async () => {
    const { user, token } = await createCitizen(ctx.app);
    // The citizen's own session: only the key and the algorithm differ.
    const jti = String(decodeJwt(token).jti);
    const forged = await signToken('some-other-secret-that-is-long-enough!!', user.id, { jti });
    expectApiError(await me({ authorization: `Bearer ${forged}` }), 401);
    const otherAlg = await signToken(sessionKeyOf(ctx.config), user.id, { algorithm: 'HS512', jti });
    expectApiError(await me({ authorization: `Bearer ${otherAlg}` }), 401);
    // Control: the same construction with the real secret is accepted.
    const genuine = await signToken(sessionKeyOf(ctx.config), user.id, { jti });
    expect((await me({ authorization: `Bearer ${genuine}` })).statusCode).toBe(200);
  });

  it('answers 401 for a valid token whose user no longer exists', async () => {
    const ghost = await signToken(sessionKeyOf(ctx.config), 2_000_000_000);
    expectApiError(await me({ authorization: `Bearer ${ghost}` }), 401);
  });

  it('refuses a disabled account on its next request with its old token', async () => {
    const { user, headers } = await createCitizen(ctx.app);
    expect((await me(headers)).statusCode).toBe(200);
    await ctx.app.db.updateTable('users').set({ enabled: 0 }).where('id', '=', user.id).execute();
    const error = expectApiError(await me(headers), 401);
    expect(error.message).toBe(authApiMessages.accountDisabled);
  });

  it('reads the role from the database, not from the token', async () => {
    const { user, headers } = await createCitizen(ctx.app);
    // The token says USER; promoting the row makes the next request an employee's.
    await ctx.app.db.updateTable('users').set({ role: 'EMPLOYEE' }).where('id', '=', user.id).execute();
    expect((await ctx.app.inject({ url: '/api/users', headers })).statusCode).toBe(200);
  });
});

describeEachEngine('GET /api/users', (engine) => {
  const ctx = useTestApp(engine);
  const list = (headers: Record<string, string> = {}) => ctx.app.inject({ url: '/api/users', headers });

  it('lists users for an employee and an admin, without password hashes or personal data', async () => {
    const citizen = await createCitizen(ctx.app);
    const employee = await createEmployee(ctx.app);
    const admin = await createAdmin(ctx.app);
    const summary = ({ user }: { user: UserResponse }) => ({
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
    });
    for (const [caller, found] of [
      [employee, [citizen]],
      [admin, [citizen, employee, admin]],
    ] as const) {
      const response = await list(caller.headers);
      expect(response.statusCode).toBe(200);
      const users = z.array(z.strictObject(userSummary.shape)).parse(response.json());
      expect(users).toEqual(expect.arrayContaining(found.map(summary)));
    }
  });

  it('answers 403 to a citizen and 401 to a visitor', async () => {
    const citizen = await createCitizen(ctx.app);
    expect(expectApiError(await list(citizen.headers), 403).message).toBe(httpMessages.forbidden);
    expectApiError(await list(), 401);
  });
});
