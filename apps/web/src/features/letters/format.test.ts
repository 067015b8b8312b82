import { SUBJECT_PREVIEW_LENGTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMessageTime, formatWaitingTime, previewSubject } from './format';

describe('previewSubject', () => {
  it("keeps the first 6 characters and adds '...'", () => {
    expect(SUBJECT_PREVIEW_LENGTH).toBe(6);
    expect(previewSubject('Broken streetlight')).toBe('Broken...');
    expect(previewSubject('Abcdef')).toBe('Abcdef...');
    expect(previewSubject('Tax')).toBe('Tax...');
  });

  it('never splits a character made of two UTF-16 units', () => {
    expect(previewSubject('😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀...');
    expect(previewSubject('Żółćęąś')).toBe('Żółćęą...');
  });
});

describe('formatDateTime', () => {
  it('writes the date and time readably in the chosen language', () => {
    const value = new Date(2025, 2, 14, 9, 30).toISOString();
    expect(formatDateTime(value, 'en')).toBe('14 March 2025 at 09:30');
    expect(formatDateTime(value, 'pl')).toBe('14 marca 2025 09:30');
  });

  it('shows an unreadable value as it is', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});

describe('formatMessageTime', () => {
  it('shows only the time for today and the date too for earlier days', () => {
    const now = new Date(2025, 2, 14, 18, 0);
    expect(formatMessageTime(new Date(2025, 2, 14, 9, 5).toISOString(), 'en', now)).toBe('09:05');
    expect(formatMessageTime(new Date(2025, 2, 13, 9, 5).toISOString(), 'en', now)).toBe('13 Mar 2025, 09:05');
  });
});

describe('formatDate', () => {
  it('writes the day alone, short, in the chosen language', () => {
    const value = new Date(2025, 2, 14, 9, 30).toISOString();
    expect(formatDate(value, 'en')).toBe('14 Mar 2025');
    expect(formatDate(value, 'pl')).toBe('14 mar 2025');
  });
});

describe('formatWaitingTime', () => {
  const now = new Date(2025, 2, 14, 18, 0);
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('gives the two largest units, with English and Polish plurals', () => {
    expect(formatWaitingTime(ago(2 * 1440 + 3 * 60 + 7), 'en', now)).toBe('2 days 3 hours');
    expect(formatWaitingTime(ago(1440), 'en', now)).toBe('1 day');
    expect(formatWaitingTime(ago(65), 'en', now)).toBe('1 hour 5 minutes');
    expect(formatWaitingTime(ago(5), 'en', now)).toBe('5 minutes');
    expect(formatWaitingTime(ago(2 * 1440 + 3 * 60), 'pl', now)).toBe('2 dni 3 godziny');
    expect(formatWaitingTime(ago(5 * 60 + 1), 'pl', now)).toBe('5 godzin 1 minuta');
    expect(formatWaitingTime(ago(22), 'pl', now)).toBe('22 minuty');
  });

  it('says nothing under a minute or for an unreadable date', () => {
    expect(formatWaitingTime(ago(0), 'en', now)).toBeUndefined();
    expect(formatWaitingTime('soon', 'en', now)).toBeUndefined();
  });
});
