import { describe, expect, it } from 'vitest';
import { writeCalendarDate, writeMonth } from '../src/index.js';

// What a Polish office writes, month by month: the genitive after a day ("2 maja 2024", "termin:
// 31 października 2026") and the nominative for the month on its own ("maj", a table's row).
const polish: [inDate: string, alone: string][] = [
  ['2 stycznia 2024', 'styczeń'],
  ['2 lutego 2024', 'luty'],
  ['2 marca 2024', 'marzec'],
  ['2 kwietnia 2024', 'kwiecień'],
  ['2 maja 2024', 'maj'],
  ['2 czerwca 2024', 'czerwiec'],
  ['2 lipca 2024', 'lipiec'],
  ['2 sierpnia 2024', 'sierpień'],
  ['2 września 2024', 'wrzesień'],
  ['2 października 2024', 'październik'],
  ['2 listopada 2024', 'listopad'],
  ['2 grudnia 2024', 'grudzień'],
];

describe('dates in a sentence', () => {
  polish.forEach(([inDate, alone], index) => {
    const month = index + 1;
    const iso = `2024-${String(month).padStart(2, '0')}-02`;
    it(`month ${month}: "${inDate}" inside a date, "${alone}" on its own`, () => {
      expect(writeCalendarDate(iso, 'pl')).toBe(inDate);
      expect(writeMonth(month, 'pl')).toBe(alone);
      // Node's ICU (CLDR) agrees: its long date takes the genitive, its stand-alone month the nominative.
      const date = new Date(`${iso}T00:00:00Z`);
      expect(writeCalendarDate(iso, 'pl')).toBe(new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long', timeZone: 'UTC' }).format(date));
      expect(writeMonth(month, 'pl')).toBe(new Intl.DateTimeFormat('pl-PL', { month: 'long', timeZone: 'UTC' }).format(date));
      expect(writeCalendarDate(iso, 'en')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date));
    });
  });

  it('a day without a leading zero, and no date moved by a time zone', () => {
    expect(writeCalendarDate('2026-12-31', 'pl')).toBe('31 grudnia 2026');
    expect(writeCalendarDate('2026-03-05', 'en')).toBe('5 March 2026');
  });

  it('leaves what is not a calendar date as it is', () => {
    expect(writeCalendarDate('2025-02-30', 'pl')).toBe('2025-02-30');
    expect(writeCalendarDate('soon', 'en')).toBe('soon');
  });
});
