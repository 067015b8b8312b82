import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatMessageTime, formatNumber, formatWaitingTime, monthName } from '.';

// lib/format writes dates and numbers itself (index.ts says why); what it writes must be exactly
// what Intl writes with the locale and style each function stood for: generated values, both
// languages, compared with the Intl of the runtime the tests run in (Node's full ICU).

const languages = ['en', 'pl'] as const;
const localeOf = (language: string) => (language === 'pl' ? 'pl-PL' : 'en-GB');
const intlDate = (language: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(localeOf(language), options);
// Polish abbreviates no month inside a date: CLDR's medium style leaves May in the nominative ("2 maj
// 2024"), so a Polish row writes the day as CLDR's long style does ("2 maja 2024").
const rowDateStyle = (language: string) => (language === 'pl' ? 'long' : 'medium');
/** A row's day and time: CLDR's medium style ("14 Mar 2025, 09:30"); in Polish its comma after the long day. */
const rowMoment = (language: string, date: Date, timeStyle: 'short' | 'medium') =>
  language === 'pl'
    ? `${intlDate(language, { dateStyle: 'long' }).format(date)}, ${intlDate(language, { timeStyle }).format(date)}`
    : intlDate(language, { dateStyle: 'medium', timeStyle }).format(date);
const intlNumber = (language: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(localeOf(language), options);

// The Gregorian years people give and the portal stores (Intl turns to the Julian calendar before 1582).
const instants = fc.date({ min: new Date('1700-01-01T00:00:00Z'), max: new Date('2300-12-31T23:59:59Z'), noInvalidDate: true });
const language = fc.constantFrom(...languages);
const runs = { numRuns: 400 };

describe('dates and moments read as Intl writes them', () => {
  it('a day of an instant, abbreviated and spelled out', () => {
    fc.assert(
      fc.property(instants, language, (date, lang) => {
        expect(formatDate(date.toISOString(), lang)).toBe(intlDate(lang, { dateStyle: rowDateStyle(lang) }).format(date));
        expect(formatDate(date.toISOString(), lang, { long: true })).toBe(intlDate(lang, { dateStyle: 'long' }).format(date));
      }),
      runs,
    );
  });

  it('a calendar date, on its own day', () => {
    fc.assert(
      fc.property(instants, language, (date, lang) => {
        const calendar = date.toISOString().slice(0, 10);
        expect(formatDate(calendar, lang)).toBe(intlDate(lang, { dateStyle: rowDateStyle(lang), timeZone: 'UTC' }).format(date));
        expect(formatDate(calendar, lang, { long: true })).toBe(intlDate(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date));
      }),
      runs,
    );
  });

  it('a moment in every style a screen uses', () => {
    fc.assert(
      fc.property(instants, language, fc.boolean(), fc.boolean(), (date, lang, compact, seconds) => {
        const timeStyle = seconds ? 'medium' : 'short';
        const expected = compact ? rowMoment(lang, date, timeStyle) : intlDate(lang, { dateStyle: 'long', timeStyle }).format(date);
        expect(formatDateTime(date.toISOString(), lang, { compact, seconds })).toBe(expected);
      }),
      runs,
    );
  });

  it("a chat message's time, today and on another day", () => {
    fc.assert(
      fc.property(instants, language, (date, lang) => {
        expect(formatMessageTime(date.toISOString(), lang, date)).toBe(intlDate(lang, { timeStyle: 'short' }).format(date));
        const later = new Date(date.getTime() + 3 * 86_400_000);
        expect(formatMessageTime(date.toISOString(), lang, later)).toBe(rowMoment(lang, date, 'short'));
      }),
      runs,
    );
  });

  it('every month, on its own, spelled out and abbreviated', () => {
    for (const lang of languages) {
      for (let month = 1; month <= 12; month += 1) {
        const date = Date.UTC(2000, month - 1, 1);
        expect(monthName(month, lang)).toBe(intlDate(lang, { month: 'long', timeZone: 'UTC' }).format(date));
        expect(monthName(month, lang, 'short')).toBe(intlDate(lang, { month: 'short', timeZone: 'UTC' }).format(date));
      }
    }
  });
});

describe('numbers and amounts read as Intl writes them', () => {
  // Amounts as the API writes them: up to 15 integer digits, any number of decimals, a sign.
  const amounts = fc
    .tuple(fc.boolean(), fc.stringMatching(/^\d{1,15}$/), fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }))
    .map(([negative, integer, fraction]) => `${negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`);

  it('an amount, exact to the grosz, grouped', () => {
    fc.assert(
      fc.property(amounts, language, (amount, lang) => {
        const number = intlNumber(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(amount as `${number}`);
        expect(formatAmount(amount, lang)).toBe(`${number}\u00a0${lang === 'pl' ? 'zł' : 'PLN'}`);
      }),
      runs,
    );
  });

  it('a number of any size, with at most the decimals asked for', () => {
    const numbers = fc.oneof(
      fc.double({ noNaN: true }),
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.integer({ min: -2_000_000, max: 2_000_000 }),
      fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000),
    );
    fc.assert(
      fc.property(numbers, language, fc.integer({ min: 0, max: 3 }), (value, lang, digits) => {
        expect(formatNumber(value, lang, digits)).toBe(intlNumber(lang, { maximumFractionDigits: digits }).format(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('a waiting time in each unit, with the plural each count takes', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const units = { day: 1440, hour: 60, minute: 1 } as const;
    for (const lang of languages) {
      for (let count = 1; count <= 1500; count += 1) {
        for (const [unit, minutes] of Object.entries(units)) {
          if (unit !== 'day' && count >= (unit === 'hour' ? 24 : 60)) continue;
          const since = new Date(now.getTime() - count * minutes * 60_000).toISOString();
          const expected = intlNumber(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
          expect(formatWaitingTime(since, lang, now)).toBe(expected);
        }
      }
    }
  });
});
