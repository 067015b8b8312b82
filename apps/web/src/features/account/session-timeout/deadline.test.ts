import { describe, expect, it } from 'vitest';
import { IDLE_MARGIN_MS, sessionEndsAt, warningAt } from './deadline';

describe('when the session-time-out warning opens', () => {
  const tokenEndsAt = 10 * 60 * 60_000;

  it('is two minutes before the token ends for a citizen, however long ago the last call was', () => {
    const endsAt = sessionEndsAt({ tokenEndsAt, idleMinutes: null, lastRequestAt: 0 });
    expect(endsAt).toBe(tokenEndsAt);
    expect(warningAt(endsAt)).toBe(tokenEndsAt - 2 * 60_000);
  });

  it('is two minutes before the staff idle time-out when that comes first, counted from the last call with the server\u2019s minute of slack', () => {
    const endsAt = sessionEndsAt({ tokenEndsAt, idleMinutes: 30, lastRequestAt: 60_000 });
    expect(endsAt).toBe(60_000 + 30 * 60_000 - IDLE_MARGIN_MS);
    expect(warningAt(endsAt)).toBe(endsAt - 2 * 60_000);
  });

  it('moves on with each call, but never past the token\u2019s end', () => {
    expect(sessionEndsAt({ tokenEndsAt, idleMinutes: 30, lastRequestAt: 5 * 60 * 60_000 })).toBe(5 * 60 * 60_000 + 29 * 60_000);
    expect(sessionEndsAt({ tokenEndsAt, idleMinutes: 30, lastRequestAt: tokenEndsAt - 60_000 })).toBe(tokenEndsAt);
  });
});
