import { type Moment, writeDayAndTime } from './dates';

// Its own file, imported by the timeline alone: every first screen imports lib/format.
const officeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * A moment as the office counts it, in Warsaw whatever the reader's device says (a matter's
 * timeline, issue 32): "29 March 2026 at 01:30" / "29 marca 2026 01:30".
 */
export function formatOfficeDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(officeParts.formatToParts(date).find((item) => item.type === type)?.value ?? 0);
  const moment: Moment = { year: part('year'), month: part('month') - 1, day: part('day'), hours: part('hour'), minutes: part('minute'), seconds: part('second') };
  return writeDayAndTime(moment, language, { long: true, seconds: false });
}
