import { AUTH_TOKEN_LIFETIME_MINUTES } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { hasAuthToken, pageReloader, readAuthToken, reloadSoon, removeAuthToken, storeAuthToken } from './auth-cookie';

describe('auth cookie', () => {
  it('is absent at first, so the visitor is not logged in', () => {
    expect(hasAuthToken()).toBe(false);
    expect(readAuthToken()).toBeUndefined();
  });

  it('stores the token as auth_token for 240 minutes on path / with SameSite=Lax', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });

    storeAuthToken('a.b.c');

    expect(written).toHaveLength(1);
    const [pair, ...attributes] = (written[0] ?? '').split('; ');
    expect(pair).toBe('auth_token=a.b.c');
    expect(attributes).toEqual(expect.arrayContaining([`Max-Age=${AUTH_TOKEN_LIFETIME_MINUTES * 60}`, 'Path=/', 'SameSite=Lax']));
    expect(AUTH_TOKEN_LIFETIME_MINUTES * 60).toBe(14_400);
  });

  it('reads back the stored token among other cookies', () => {
    document.cookie = 'theme=dark; Path=/';
    storeAuthToken('tok=en/with;odd chars');
    document.cookie = 'other=1; Path=/';

    expect(readAuthToken()).toBe('tok=en/with;odd chars');
    expect(hasAuthToken()).toBe(true);
  });

  it('is gone after removal', () => {
    storeAuthToken('abc');
    removeAuthToken();
    expect(hasAuthToken()).toBe(false);
  });

  it('reloadSoon waits for the given delay', () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    reloadSoon(500);
    vi.advanceTimersByTime(499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });
});
