import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { isPolishPublicHoliday } from './holidays.js';

/*
 * The office's legal clock: how Polish administrative procedure (KPA) counts a term. Pure
 * arithmetic, no I/O and no "now" of its own (the caller passes its clock), so every rule below is
 * a row of a hand-written table in test/legal-clock-terms.test.ts.
 *
 * Calendar dates are 'YYYY-MM-DD' text in the office's zone: a term ends at the end of that day in
 * Warsaw, whatever the server's zone and whatever DST does in between.
 */

/** The office's zone: a citizen's "today" and a term's last day are Warsaw's. */
export const OFFICE_TIME_ZONE = 'Europe/Warsaw';

/** A span in which the office waited for the citizen (art. 35 §5); `to` null while it still waits. */
export interface Pause {
  /** ISO 8601 instant the office asked. */
  from: string;
  /** ISO 8601 instant the citizen answered, or null. */
  to: string | null;
}

const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The instant a Warsaw calendar day starts (DST decides its offset). */
const atWarsawMidnight = (date: string): TZDate => {
  const [year, month, day] = partsOf(date);
  return new TZDate(year, month - 1, day, OFFICE_TIME_ZONE);
};

/*
 * Arithmetic on calendar dates needs no time zone: a date plus days or months is the same date in
 * any zone. It is done on UTC day numbers, so no time-zone object is built per step (every row of
 * a list asks for its due date: building one per day cost "My matters" tens of milliseconds of CPU
 * at 200 matters, bench/README.md). Only an instant's day (warsawDateOf) and a day's first instant
 * (atWarsawMidnight) are Warsaw's.
 */
const utcDay = (year: number, month: number, day: number): Date => new Date(Date.UTC(year, month - 1, day));
const textOf = (utc: Date): string => utc.toISOString().slice(0, 10);

const warsawDay = new Intl.DateTimeFormat('en-GB', { timeZone: OFFICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Warsaw on which an instant falls (23:30 UTC on 31 March is 1 April there). */
export function warsawDateOf(instant: string | Date): string {
  const parts = warsawDay.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** A day on which the office works: not a Saturday, a Sunday or a statutory day off (art. 57 §5). */
export function isWorkingDay(date: string): boolean {
  const weekday = utcDay(...partsOf(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPolishPublicHoliday(date);
}

/** The day itself when the office works then, else the next day it does (art. 57 §5). */
export function nextWorkingDayFrom(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addTermDays(day, 1);
  return day;
}

/**
 * Art. 57 §3: a term in months ends on the day of the last month that matches the first day, or
 * on that month's last day when it has no such day (31 January + 1 month = 28 or 29 February).
 */
export function addTermMonths(startDate: string, months: number): string {
  const [year, month, day] = partsOf(startDate);
  const first = utcDay(year, month + months, 1);
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return textOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay))));
}

/** Art. 57 §1: a term in days does not count the day of the event; it ends `days` later. */
export function addTermDays(eventDate: string, days: number): string {
  const [year, month, day] = partsOf(eventDate);
  return textOf(utcDay(year, month, day + days));
}

/** Calendar days from one date to another (negative when `to` is earlier). */
const daysBetween = (from: string, to: string): number => (utcDay(...partsOf(to)).getTime() - utcDay(...partsOf(from)).getTime()) / 86_400_000;

/**
 * How many calendar days the office waited for the citizen (art. 35 §5): a pause from the day
 * the office asked up to (not including) the day the citizen answered; overlapping pauses count
 * each day once. Null while a pause is still open: the clock stands and there is no due date.
 */
export function pausedDays(pauses: readonly Pause[]): number | null {
  const days = new Set<string>();
  for (const pause of pauses) {
    if (pause.to === null) return null;
    const first = warsawDateOf(pause.from);
    const count = daysBetween(first, warsawDateOf(pause.to));
    for (let i = 0; i < count; i += 1) days.add(addTermDays(first, i));
  }
  return days.size;
}

export interface TermFacts {
  /** ISO 8601 instant the matter reached the office (the server's clock). */
  startedAt: string;
  /** The term in months (1 for a letter and a case; 2 for a particularly complicated case). */
  months: number;
  pauses?: readonly Pause[];
}

/**
 * The last day of the office's term, 'YYYY-MM-DD' in Warsaw: the months counted from the day the
 * matter arrived (art. 57 §3), lengthened by the days spent waiting for the citizen (art. 35 §5),
 * then moved off a Saturday, Sunday or holiday (art. 57 §5). Null while the office waits.
 */
export function termDueDate({ startedAt, months, pauses = [] }: TermFacts): string | null {
  const paused = pausedDays(pauses);
  if (paused === null) return null;
  const nominal = addTermMonths(warsawDateOf(startedAt), months);
  return nextWorkingDayFrom(addTermDays(nominal, paused));
}

/** The instant a due date's day ends in Warsaw (the term is missed from then on), ISO 8601 UTC. */
export const endOfDueDate = (dueDate: string): string => addDays(atWarsawMidnight(dueDate), 1).toISOString();

/** True once the last day of the term has ended in Warsaw. */
export const isPastDue = (dueDate: string, now: Date): boolean => now.getTime() >= Date.parse(endOfDueDate(dueDate));

/**
 * Working days from `fromDate` (not counted) up to and including `dueDate`; 0 when it is not later.
 * With `atMost`, counting stops there: a caller that only compares with a small number need not
 * walk a whole term day by day (each day is a time-zone conversion, and every row of a staff list
 * asks).
 */
export function workingDaysLeft(fromDate: string, dueDate: string, atMost = Number.POSITIVE_INFINITY): number {
  let count = 0;
  for (let day = addTermDays(fromDate, 1); day <= dueDate && count < atMost; day = addTermDays(day, 1)) {
    if (isWorkingDay(day)) count += 1;
  }
  return count;
}

/**
 * For the clerk's warnings (issue 32 point 5): true on the last `count` working days of a term,
 * its last day included (a day off inside that span is not one of them). `today` is Warsaw's day.
 */
export const isInLastWorkingDays = (today: string, dueDate: string, count: number): boolean =>
  today <= dueDate && isWorkingDay(today) && workingDaysLeft(today, dueDate, count) < count;

/**
 * The share of a term's time already gone (0 at arrival, 1 when its last day ends, more once
 * missed), for the warning at 75 %. Pauses lengthen the due date, so they are inside the span.
 */
export function shareOfTermElapsed(startedAt: string, dueDate: string, now: Date): number {
  const start = Date.parse(startedAt);
  const end = Date.parse(endOfDueDate(dueDate));
  return (now.getTime() - start) / (end - start);
}

// Lists ask the same few (arrival day, today) pairs for many rows: counted once each.
const waitedCache = new Map<string, number>();

/**
 * How long a matter has waited, in working days (issue 33's staff lists): the days the office
 * worked after the day it arrived, up to and including the day of `until` (today, or the
 * decision), both days Warsaw's. 0 on the day of arrival.
 */
export function workingDaysWaited(startedAt: string, until: string | Date): number {
  const from = warsawDateOf(startedAt);
  const to = warsawDateOf(until);
  const key = `${from}|${to}`;
  let days = waitedCache.get(key);
  if (days === undefined) {
    if (waitedCache.size > 10_000) waitedCache.clear();
    days = workingDaysLeft(from, to);
    waitedCache.set(key, days);
  }
  return days;
}

/** The Warsaw instant a calendar day starts (a range's first day, included). */
export const startOfWarsawDay = (date: string): string => new Date(atWarsawMidnight(date).getTime()).toISOString();
