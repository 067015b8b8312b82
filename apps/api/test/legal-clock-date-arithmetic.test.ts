import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format, isSaturday, isSunday } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPolishPublicHoliday } from '../src/plugins/legal-clock/holidays.js';
import { addTermDays, addTermMonths, isWorkingDay, OFFICE_TIME_ZONE, warsawDateOf } from '../src/plugins/legal-clock/terms.js';

/*
 * The legal clock adds days and months to calendar dates on UTC day numbers and reads an instant's
 * Warsaw day through one cached Intl formatter (terms.ts). Checked here against date-fns on a date
 * in Warsaw's zone (TZDate), an independent way to the same answers, over instants and dates from
 * 1995 to 2045: every DST change, leap day and month end of those years is in reach.
 */
const inWarsaw = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, OFFICE_TIME_ZONE);
};
const text = (date: Date) => format(date, 'yyyy-MM-dd');
const FROM = Date.UTC(1995, 0, 1);
const TO = Date.UTC(2045, 11, 31);
const instants = fc.integer({ min: FROM, max: TO });
const dates = instants.map((ms) => new Date(ms).toISOString().slice(0, 10));

describe('the legal clock\u2019s date arithmetic', () => {
  it('finds the Warsaw day of any instant as date-fns does in Warsaw\u2019s zone, at the edges of days and DST changes too', () => {
    fc.assert(fc.property(instants, (ms) => {
      expect(warsawDateOf(new Date(ms).toISOString())).toBe(text(new TZDate(ms, OFFICE_TIME_ZONE)));
    }), { numRuns: 2_000 });
    // 22:00 and 23:00 UTC either side of midnight in Warsaw, summer and winter; the spring and autumn changes of 2026.
    for (const iso of ['2026-06-30T21:59:59.999Z', '2026-06-30T22:00:00.000Z', '2026-12-31T22:59:59.999Z', '2026-12-31T23:00:00.000Z', '2026-03-29T00:59:59.999Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:59:59.999Z', '2026-10-25T01:00:00.000Z']) {
      expect(warsawDateOf(iso), iso).toBe(text(new TZDate(Date.parse(iso), OFFICE_TIME_ZONE)));
    }
  });

  it('adds months with art. 57 \u00a73\u2019s month-end rule and days as date-fns does', () => {
    fc.assert(fc.property(dates, fc.integer({ min: 0, max: 36 }), (date, months) => {
      expect(addTermMonths(date, months)).toBe(text(addMonths(inWarsaw(date), months)));
    }), { numRuns: 2_000 });
    fc.assert(fc.property(dates, fc.integer({ min: -400, max: 400 }), (date, days) => {
      expect(addTermDays(date, days)).toBe(text(addDays(inWarsaw(date), days)));
    }), { numRuns: 2_000 });
  });

  it('tells a working day as date-fns\u2019 weekdays and the holiday list do', () => {
    fc.assert(
      fc.property(dates, (date) => {
        expect(isWorkingDay(date)).toBe(!isSaturday(inWarsaw(date)) && !isSunday(inWarsaw(date)) && !isPolishPublicHoliday(date));
      }),
      { numRuns: 2_000 },
    );
  });
});
