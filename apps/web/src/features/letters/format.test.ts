import { SUBJECT_PREVIEW_LENGTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMessageTime, previewSubject } from './format';

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
