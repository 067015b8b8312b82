import Holidays from 'date-holidays';

/*
 * Polish statutory days off (ustawa o dniach wolnych od pracy) from date-holidays, its type
 * 'public' only (its 'observance' days, e.g. Mother's Day, are working days). 24 December is a day
 * off from 2025 on (the amendment of 2024); date-holidays 3.37 lists it, and the rule below keeps
 * it if a version of the library ever drops it (the test table checks 2024 without and 2025-2027 with).
 */

const poland = new Holidays('PL');
const byYear = new Map<number, ReadonlySet<string>>();

/** The first year in which Christmas Eve is a statutory day off. */
export const CHRISTMAS_EVE_DAY_OFF_FROM = 2025;

function daysOffIn(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    const list = poland
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => holiday.date.slice(0, 10));
    if (year >= CHRISTMAS_EVE_DAY_OFF_FROM) list.push(`${year}-12-24`);
    days = new Set(list);
    byYear.set(year, days);
  }
  return days;
}

/** True on a Polish statutory day off; `date` is 'YYYY-MM-DD'. */
export const isPolishPublicHoliday = (date: string): boolean => daysOffIn(Number(date.slice(0, 4))).has(date);
