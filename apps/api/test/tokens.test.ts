import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService, TOKEN_CLAIMS } from '../src/plugins/auth/tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('JWT verification', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the user id, the token id and the generation for a valid token, also when it asks again', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ id: 42, role: 'USER' }, 3);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 42, generation: 3, jti: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/) });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('gives every token its own id, so one session can be revoked alone', async () => {
    const tokens = createTokenService(SECRET);
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => (await tokens.verify(await tokens.sign({ id: 1, role: 'USER' })))?.jti),
    );
    expect(new Set(ids).size).toBe(20);
  });

  it('refuses a correctly signed token without a token id or generation (issued before revocation existed)', async () => {
    const key = new TextEncoder().encode(SECRET);
    const base = () =>
      new SignJWT({ role: 'USER' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('5')
        .setIssuer(TOKEN_CLAIMS.issuer)
        .setAudience(TOKEN_CLAIMS.audience)
        .setIssuedAt()
        .setExpirationTime('10m');
    const tokens = createTokenService(SECRET);
    expect(await tokens.verify(await base().sign(key))).toBeNull();
    expect(await tokens.verify(await base().setJti('a-token-id-of-some-length').sign(key))).toBeNull();
    const complete = await new SignJWT({ role: 'USER', gen: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5')
      .setJti('a-token-id-of-some-length')
      .setIssuer(TOKEN_CLAIMS.issuer)
      .setAudience(TOKEN_CLAIMS.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    expect(await tokens.verify(complete)).toMatchObject({ userId: 5, generation: 0 });
  });

  it('refuses a token it verified before once its 240 minutes are over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-10T08:00:00Z'));
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ id: 7, role: 'EMPLOYEE' });
    expect((await tokens.verify(token))?.userId).toBe(7);
    vi.setSystemTime(new Date('2026-01-10T11:59:00Z'));
    expect((await tokens.verify(token))?.userId).toBe(7);
    vi.setSystemTime(new Date('2026-01-10T12:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered, even after verifying the real one', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ id: 9, role: 'USER' });
    expect((await tokens.verify(token))?.userId).toBe(9);
    const forged = await createTokenService(`${SECRET}-other`).sign({ id: 9, role: 'USER' });
    expect(await tokens.verify(forged)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: '10' })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
  });
});
