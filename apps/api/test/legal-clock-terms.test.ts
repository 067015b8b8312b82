import { describe, expect, it } from 'vitest';
import { isPolishPublicHoliday } from '../src/plugins/legal-clock/holidays.js';
import {
  addTermDays,
  isInLastWorkingDays,
  isPastDue,
  isWorkingDay,
  shareOfTermElapsed,
  termDueDate,
  warsawDateOf,
  workingDaysLeft,
  type Pause,
} from '../src/plugins/legal-clock/terms.js';

/*
 * KPA's terms worked out by hand with a calendar (weekdays checked with `date -d`), not by the
 * code: art. 57 §3 (months end on the matching day or the month's last), art. 57 §5 (off a
 * Saturday, Sunday or statutory day off), art. 35 §5 (days spent waiting for the citizen are not
 * counted). Instants are UTC; the day they fall on is Warsaw's.
 */
interface Row {
  why: string;
  startedAt: string;
  months: number;
  pauses?: Pause[];
  due: string | null;
}

const table: Row[] = [
  { why: 'plain month, a Friday', startedAt: '2026-03-10T09:00:00Z', months: 1, due: '2026-04-10' },
  { why: '31 January 2024 ends on 29 February (leap year, month has no 31st)', startedAt: '2024-01-31T10:00:00Z', months: 1, due: '2024-02-29' },
  { why: '31 January 2025 ends on 28 February', startedAt: '2025-01-31T10:00:00Z', months: 1, due: '2025-02-28' },
  { why: '31 January 2026 -> 28 February, a Saturday -> Monday 2 March', startedAt: '2026-01-31T10:00:00Z', months: 1, due: '2026-03-02' },
  { why: '29 February 2024 -> 29 March (Good Friday is a working day)', startedAt: '2024-02-29T10:00:00Z', months: 1, due: '2024-03-29' },
  { why: '29 February 2024 + 12 months -> 28 February 2025', startedAt: '2024-02-29T10:00:00Z', months: 12, due: '2025-02-28' },
  { why: 'ends on Easter Monday 2025 -> Tuesday', startedAt: '2025-03-21T09:00:00Z', months: 1, due: '2025-04-22' },
  { why: 'ends on Easter Monday 2024 -> Tuesday', startedAt: '2024-03-01T09:00:00Z', months: 1, due: '2024-04-02' },
  { why: '24 December 2025 is a day off, then Christmas and a weekend -> 29 December', startedAt: '2025-11-24T10:00:00Z', months: 1, due: '2025-12-29' },
  { why: '24 December 2024 was still a working day', startedAt: '2024-11-24T10:00:00Z', months: 1, due: '2024-12-24' },
  { why: 'a Saturday -> Monday', startedAt: '2026-10-28T10:00:00Z', months: 1, due: '2026-11-30' },
  { why: 'a Sunday, the day clocks go back -> Monday', startedAt: '2026-09-25T10:00:00Z', months: 1, due: '2026-10-26' },
  { why: 'year end: 1 January 2026 -> 2 January', startedAt: '2025-12-01T10:00:00Z', months: 1, due: '2026-01-02' },
  { why: 'Epiphany 2026 (a Tuesday) -> Wednesday', startedAt: '2025-12-06T10:00:00Z', months: 1, due: '2026-01-07' },
  { why: 'Corpus Christi 2026 -> Friday', startedAt: '2026-05-04T08:00:00Z', months: 1, due: '2026-06-05' },
  { why: 'Assumption 2025 (a Friday), then a weekend -> Monday', startedAt: '2025-07-15T08:00:00Z', months: 1, due: '2025-08-18' },
  { why: '3 May 2026, a Sunday and a holiday -> Monday 4 May', startedAt: '2026-04-03T08:00:00Z', months: 1, due: '2026-05-04' },
  {
    why: 'submitted 00:30 in Warsaw on the night clocks go forward (still 28 March in UTC)',
    startedAt: '2026-03-28T23:30:00Z',
    months: 1,
    due: '2026-04-29',
  },
  {
    why: 'submitted 00:30 on 1 July in Warsaw (30 June in UTC) -> 1 August, a Saturday -> Monday',
    startedAt: '2026-06-30T22:30:00Z',
    months: 1,
    due: '2026-08-03',
  },
  { why: 'submitted 00:15 on New Year in Warsaw -> 1 February 2027', startedAt: '2026-12-31T23:15:00Z', months: 1, due: '2027-02-01' },
  { why: 'particularly complicated: 31 December + 2 months -> 28 February, a Saturday -> 2 March', startedAt: '2025-12-31T10:00:00Z', months: 2, due: '2026-03-02' },
  {
    why: 'a pause over 1-3 May (30 April to 4 May: four days) -> 5 May',
    startedAt: '2026-04-01T08:00:00Z',
    months: 1,
    pauses: [{ from: '2026-04-30T10:00:00Z', to: '2026-05-04T09:00:00Z' }],
    due: '2026-05-05',
  },
  {
    why: 'a pause answered the same day counts no day',
    startedAt: '2026-03-01T10:00:00Z',
    months: 1,
    pauses: [{ from: '2026-03-10T09:00:00Z', to: '2026-03-10T15:00:00Z' }],
    due: '2026-04-01',
  },
  {
    why: 'overlapping pauses count each day once (10-15 March: six days)',
    startedAt: '2026-03-02T10:00:00Z',
    months: 1,
    pauses: [
      { from: '2026-03-10T09:00:00Z', to: '2026-03-13T09:00:00Z' },
      { from: '2026-03-12T09:00:00Z', to: '2026-03-16T09:00:00Z' },
    ],
    due: '2026-04-08',
  },
  {
    why: 'a pause over Christmas and the year end (22 December to 2 January: eleven days)',
    startedAt: '2025-12-10T10:00:00Z',
    months: 1,
    pauses: [{ from: '2025-12-22T10:00:00Z', to: '2026-01-02T10:00:00Z' }],
    due: '2026-01-21',
  },
  {
    why: 'a pause over the night clocks go forward (28 and 29 March: two days)',
    startedAt: '2026-03-20T10:00:00Z',
    months: 1,
    pauses: [{ from: '2026-03-28T12:00:00Z', to: '2026-03-30T08:00:00Z' }],
    due: '2026-04-22',
  },
  {
    why: 'while the office still waits for the citizen there is no due date',
    startedAt: '2026-03-20T10:00:00Z',
    months: 1,
    pauses: [{ from: '2026-03-28T12:00:00Z', to: null }],
    due: null,
  },
];

describe('the term a KPA matter must be answered by', () => {
  it.each(table)('$why', ({ startedAt, months, pauses, due }) => {
    expect(termDueDate({ startedAt, months, ...(pauses ? { pauses } : {}) })).toBe(due);
  });

  it('has at least 20 hand-written cases', () => {
    expect(table.length).toBeGreaterThanOrEqual(20);
  });
});

describe('the calendar it counts on', () => {
  it('knows 24 December as a day off from 2025 on, and not before', () => {
    expect(isPolishPublicHoliday('2024-12-24')).toBe(false);
    for (const year of [2025, 2026, 2027, 2030]) expect(isPolishPublicHoliday(`${year}-12-24`)).toBe(true);
  });

  it('knows the moving feasts and the fixed days off, and not the observances', () => {
    for (const day of ['2025-04-21', '2026-04-06', '2026-06-04', '2027-05-27', '2026-11-11', '2026-08-15', '2026-01-06']) {
      expect(isPolishPublicHoliday(day), day).toBe(true);
    }
    // Good Friday, Mother's Day, All Souls' Day and New Year's Eve are working days in Poland.
    for (const day of ['2026-04-03', '2026-05-26', '2026-11-02', '2025-12-31']) expect(isWorkingDay(day), day).toBe(true);
  });

  it('tells the Warsaw day of an instant across both DST changes', () => {
    expect(warsawDateOf('2026-03-31T22:30:00Z')).toBe('2026-04-01'); // CEST, +2
    expect(warsawDateOf('2026-03-31T21:30:00Z')).toBe('2026-03-31');
    expect(warsawDateOf('2026-12-31T22:59:59Z')).toBe('2026-12-31'); // CET, +1
    expect(warsawDateOf('2026-12-31T23:00:00Z')).toBe('2027-01-01');
  });

  it('misses a term only when its last day has ended in Warsaw', () => {
    expect(isPastDue('2026-04-10', new Date('2026-04-10T21:59:59Z'))).toBe(false);
    expect(isPastDue('2026-04-10', new Date('2026-04-10T22:00:00Z'))).toBe(true);
    expect(isPastDue('2026-01-07', new Date('2026-01-07T22:59:59Z'))).toBe(false);
    expect(isPastDue('2026-01-07', new Date('2026-01-07T23:00:00Z'))).toBe(true);
  });

  it('counts working days left and days from an event (art. 57 §1)', () => {
    // 23, 29, 30 and 31 December 2025: the 24th-28th are days off or a weekend.
    expect(workingDaysLeft('2025-12-22', '2025-12-31')).toBe(4);
    expect(workingDaysLeft('2026-04-10', '2026-04-10')).toBe(0);
    // Told to stop at 3: December 2025 has 19 working days after the 1st, the count ends at 3.
    expect(workingDaysLeft('2025-12-01', '2025-12-31')).toBe(19);
    expect(workingDaysLeft('2025-12-01', '2025-12-31', 3)).toBe(3);
    expect(workingDaysLeft('2025-12-22', '2025-12-31', 10)).toBe(4);
    expect(addTermDays('2026-01-31', 14)).toBe('2026-02-14');
    expect(addTermDays('2025-12-24', 14)).toBe('2026-01-07');
  });

  it('tells the last three working days of a term, skipping the days off between them', () => {
    // A term ending Monday 29 December 2025: its last three working days are 22, 23 and 29 December.
    for (const day of ['2025-12-22', '2025-12-23', '2025-12-29']) expect(isInLastWorkingDays(day, '2025-12-29', 3), day).toBe(true);
    for (const day of ['2025-12-19', '2025-12-24', '2025-12-27', '2025-12-30']) expect(isInLastWorkingDays(day, '2025-12-29', 3), day).toBe(false);
    // A month before the end: not yet.
    expect(isInLastWorkingDays('2025-12-01', '2025-12-29', 3)).toBe(false);
  });

  it('measures the share of the term gone by, up to the end of its last day in Warsaw', () => {
    // 10 March 09:00 UTC to the end of 10 April in Warsaw (22:00 UTC, summer time): 757 hours.
    const start = '2026-03-10T09:00:00Z';
    expect(shareOfTermElapsed(start, '2026-04-10', new Date(start))).toBe(0);
    expect(shareOfTermElapsed(start, '2026-04-10', new Date(Date.parse(start) + 567.75 * 3_600_000))).toBeCloseTo(0.75, 10);
    expect(shareOfTermElapsed(start, '2026-04-10', new Date('2026-04-10T22:00:00Z'))).toBe(1);
  });
});
