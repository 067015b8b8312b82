import { describe, expect, it, vi } from 'vitest';
import { hasAuthToken, pageReloader, storeAuthToken } from './auth-cookie';
import { logOut } from './log-out';

describe('logOut', () => {
  it('removes the cookie and reloads about 100 ms later', () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    storeAuthToken('abc');

    logOut();

    expect(hasAuthToken()).toBe(false);
    vi.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
