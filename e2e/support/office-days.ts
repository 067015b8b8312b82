import Holidays from 'date-holidays';

// Dates a story types into the office's date fields: the server refuses a new date that is not a
// working day after today in Warsaw (KPA art. 57 §5). e2e/ imports no API source, so this asks the
// library the API's calendar is built on (date-holidays, Poland's 'public' days, which include
// 24 December from 2025) plus the weekend; were the two ever to disagree, the server's refusal
// under the date field would say so.

const poland = new Holidays('PL');
const daysOff = new Map<number, Set<string>>();

function isDayOff(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let days = daysOff.get(year);
  if (!days) {
    days = new Set(poland.getHolidays(year).filter((holiday) => holiday.type === 'public').map((holiday) => holiday.date.slice(0, 10)));
    daysOff.set(year, days);
  }
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 || days.has(date);
}

/** The calendar day `days` days after today in Warsaw, 'YYYY-MM-DD' (a prompt may be sent again 7 days after the last). */
export function dayAfterToday(days: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Warsaw' });
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first working day at least `days` days after today in Warsaw. */
export function workingDayAfter(days: number): string {
  let offset = days;
  while (isDayOff(dayAfterToday(offset))) offset += 1;
  return dayAfterToday(offset);
}

/** The first day off (a Saturday, a Sunday or a public holiday) at least `days` days after today in Warsaw. */
export function dayOffAfter(days: number): string {
  let offset = days;
  while (!isDayOff(dayAfterToday(offset))) offset += 1;
  return dayAfterToday(offset);
}
