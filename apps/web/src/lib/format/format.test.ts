import { describe, expect, it } from 'vitest';
import { compareMoments, compareNames, formatAmount, formatDate, formatDateTime, formatFileSize, formatList, formatMessageTime, formatNumber, formatWaitingTime, monthName } from '.';

const nbsp = '\u00a0';

describe('dates: one way on every screen', () => {
  it('writes a calendar date on its own day whatever the time zone, the same in every feature', () => {
    // A due date (obligations), a registration date (cases): both YYYY-MM-DD.
    expect(formatDate('2026-03-05', 'en')).toBe('5 Mar 2026');
    // Polish writes the month in the genitive, spelled out, in a row too: never "2 maj 2024".
    expect(formatDate('2026-03-05', 'pl')).toBe('5 marca 2026');
    expect(formatDate('2024-05-02', 'pl')).toBe('2 maja 2024');
  });

  it('spells the month out for a sentence, in the reader\u2019s grammar', () => {
    expect(formatDate('2026-12-15', 'en', { long: true })).toBe('15 December 2026');
    expect(formatDate('2026-12-15', 'pl', { long: true })).toBe('15 grudnia 2026');
  });

  it("writes an instant's day in the reader's time zone the same way", () => {
    const value = new Date(2025, 2, 14, 9, 30).toISOString();
    expect(formatDate(value, 'en')).toBe('14 Mar 2025');
    expect(formatDate(value, 'pl')).toBe('14 marca 2025');
  });

  it('shows what is no date as it is', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDate('2025-02-30x', 'en')).toBe('2025-02-30x');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });

  it('writes a moment with its date and time, the seconds only where asked for', () => {
    const value = new Date(2025, 2, 14, 9, 30, 12).toISOString();
    expect(formatDateTime(value, 'en')).toBe('14 March 2025 at 09:30');
    expect(formatDateTime(value, 'pl')).toBe('14 marca 2025 09:30');
    expect(formatDateTime(value, 'en', { seconds: true })).toBe('14 March 2025 at 09:30:12');
  });

  it('shortens the month of a moment in a row or on a button, as a chat does for earlier days', () => {
    const value = new Date(2025, 2, 14, 9, 30).toISOString();
    expect(formatDateTime(value, 'en', { compact: true })).toBe('14 Mar 2025, 09:30');
    expect(formatDateTime(value, 'pl', { compact: true })).toBe('14 marca 2025, 09:30');
    expect(formatDateTime(value, 'en', { compact: true })).toBe(formatMessageTime(value, 'en', new Date(2025, 2, 20)));
  });

  it('names months', () => {
    expect(monthName(1, 'en')).toBe('January');
    expect(monthName(12, 'en')).toBe('December');
    expect(monthName(3, 'pl')).toBe('marzec');
    expect(monthName(9, 'en', 'short')).toBe('Sept');
  });
});

describe('relative times', () => {
  const now = new Date(2025, 2, 14, 18, 0);
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('shows only the time of a message written today, and the date too for earlier days', () => {
    expect(formatMessageTime(new Date(2025, 2, 14, 9, 5).toISOString(), 'en', now)).toBe('09:05');
    expect(formatMessageTime(new Date(2025, 2, 13, 9, 5).toISOString(), 'en', now)).toBe('13 Mar 2025, 09:05');
  });

  it('gives a waiting time in its two largest units, with English and Polish plurals', () => {
    expect(formatWaitingTime(ago(2 * 1440 + 3 * 60 + 7), 'en', now)).toBe('2 days 3 hours');
    expect(formatWaitingTime(ago(1440), 'en', now)).toBe('1 day');
    expect(formatWaitingTime(ago(65), 'en', now)).toBe('1 hour 5 minutes');
    expect(formatWaitingTime(ago(5), 'en', now)).toBe('5 minutes');
    expect(formatWaitingTime(ago(2 * 1440 + 3 * 60), 'pl', now)).toBe('2 dni 3 godziny');
    expect(formatWaitingTime(ago(5 * 60 + 1), 'pl', now)).toBe('5 godzin 1 minuta');
    expect(formatWaitingTime(ago(22), 'pl', now)).toBe('22 minuty');
  });

  it('says nothing for a wait under a minute or an unreadable date', () => {
    expect(formatWaitingTime(ago(0), 'en', now)).toBeUndefined();
    expect(formatWaitingTime('soon', 'en', now)).toBeUndefined();
  });
});

describe('amounts as their readers expect them', () => {
  it.each([
    ['1234.56', 'pl', `1${nbsp}234,56${nbsp}zł`],
    ['1234.56', 'en', `1,234.56${nbsp}PLN`],
    ['0.30', 'pl', `0,30${nbsp}zł`],
    ['0.05', 'en', `0.05${nbsp}PLN`],
    ['999999999.99', 'pl', `999${nbsp}999${nbsp}999,99${nbsp}zł`],
    ['999999999.99', 'en', `999,999,999.99${nbsp}PLN`],
    // A sum past what a float holds keeps every digit.
    ['99999999999000.01', 'en', `99,999,999,999,000.01${nbsp}PLN`],
  ])('%s in %s -> %j', (amount, language, text) => {
    expect(formatAmount(amount, language)).toBe(text);
  });
});

describe('numbers and sizes', () => {
  it('writes sizes in KB below a megabyte and MB above, in the reader\u2019s number style', () => {
    expect(formatFileSize(200, 'en')).toBe('1 KB');
    expect(formatFileSize(860_160, 'en')).toBe('840 KB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(4.8 * 1024 * 1024, 'en')).toBe('4.8 MB');
    expect(formatFileSize(4.8 * 1024 * 1024, 'pl')).toBe('4,8 MB');
  });

  it('separates thousands the language’s way', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(12345.5, 'pl')).toBe(`12${nbsp}345,5`);
  });
});

describe('lists', () => {
  it('joins names as a sentence of the reader’s language', () => {
    expect(formatList(['Employee', 'Admin'], 'en')).toBe('Employee and Admin');
    expect(formatList(['User', 'Employee', 'Admin'], 'en')).toBe('User, Employee and Admin');
    expect(formatList(['Pracownik', 'Administrator'], 'pl')).toBe('Pracownik i Administrator');
  });
});

describe('order', () => {
  it('puts earlier moments first, whatever precision their text has', () => {
    const moments = ['2025-03-14T09:30:00.500Z', '2025-03-14T09:30:00Z', '2025-03-13', '2025-03-14T10:30:00+02:00'];
    expect([...moments].sort(compareMoments)).toEqual(['2025-03-13', '2025-03-14T10:30:00+02:00', '2025-03-14T09:30:00Z', '2025-03-14T09:30:00.500Z']);
  });

  it('puts names in a reader\u2019s order, not by character code', () => {
    expect(['celina', 'Beata', 'adam'].sort(compareNames)).toEqual(['adam', 'Beata', 'celina']);
  });
});
