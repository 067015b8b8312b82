import { describe, expect, it } from 'vitest';
import { idleWorkingDays, staleBefore } from '../src/plugins/legal-clock/working-days.js';

/*
 * Issue 33 point 7: idle time in the office's working days, with an injected "now". Hand-counted
 * against the calendar of Warsaw: weekends, Easter Monday 2026 (6 April), 24-26 December 2025, and
 * the evening hour that is already the next day in Warsaw.
 */
describe('idle working days', () => {
  it.each([
    // last action (UTC)             now (UTC)                    working days idle
    ['2026-03-06T09:00:00.000Z', '2026-03-09T09:00:00.000Z', 1], // Friday -> Monday
    ['2026-03-06T09:00:00.000Z', '2026-03-13T09:00:00.000Z', 5], // a week later
    ['2026-04-02T09:00:00.000Z', '2026-04-08T09:00:00.000Z', 3], // over Easter Monday: Fri 3, Tue 7, Wed 8
    ['2025-12-22T09:00:00.000Z', '2025-12-29T09:00:00.000Z', 2], // 23 and 29 December (24-26 off)
    ['2026-03-09T23:30:00.000Z', '2026-03-10T09:00:00.000Z', 0], // 00:30 in Warsaw is already Tuesday
    ['2026-03-10T09:00:00.000Z', '2026-03-10T15:00:00.000Z', 0], // the same day
  ])('%s to %s: %i', (last, now, expected) => {
    expect(idleWorkingDays(last, new Date(now))).toBe(expected);
  });
});

describe('the stale boundary', () => {
  it('is the start in Warsaw of the day after the one with N working days after it', () => {
    // Monday 9 March 2026, 5 working days: Mon 9, Fri 6, Thu 5, Wed 4, Tue 3 -> actions on Mon 2 or before.
    expect(staleBefore(new Date('2026-03-09T10:00:00.000Z'), 5)).toBe('2026-03-02T23:00:00.000Z');
    // Over Easter: Wednesday 8 April 2026, 3 working days: Wed 8, Tue 7, Fri 3 -> Thu 2 April or before (CEST).
    expect(staleBefore(new Date('2026-04-08T10:00:00.000Z'), 3)).toBe('2026-04-02T22:00:00.000Z');
  });

  it('agrees with the idle count on both sides of the boundary', () => {
    const now = new Date('2026-03-09T10:00:00.000Z');
    const boundary = staleBefore(now, 5);
    expect(idleWorkingDays(new Date(Date.parse(boundary) - 1).toISOString(), now)).toBe(5);
    expect(idleWorkingDays(boundary, now)).toBe(4);
  });
});
