import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../src/plugins/auth/tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('JWT verification', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the user id for a valid token, also when it asks again', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ id: 42, role: 'USER' });
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
  });

  it('refuses a token it verified before once its 240 minutes are over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-10T08:00:00Z'));
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ id: 7, role: 'EMPLOYEE' });
    expect(await tokens.verify(token)).toBe(7);
    vi.setSystemTime(new Date('2026-01-10T11:59:00Z'));
    expect(await tokens.verify(token)).toBe(7);
    vi.setSystemTime(new Date('2026-01-10T12:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered, even after verifying the real one', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ id: 9, role: 'USER' });
    expect(await tokens.verify(token)).toBe(9);
    const forged = await createTokenService(`${SECRET}-other`).sign({ id: 9, role: 'USER' });
    expect(await tokens.verify(forged)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: '10' })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
  });
});
