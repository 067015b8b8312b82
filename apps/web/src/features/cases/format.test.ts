import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize } from './format';

describe('case formatting', () => {
  it('writes sizes in KB below a megabyte and MB above, in the reader\u2019s number style', () => {
    expect(formatFileSize(200, 'en')).toBe('1 KB');
    expect(formatFileSize(860_160, 'en')).toBe('840 KB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(4.8 * 1024 * 1024, 'en')).toBe('4.8 MB');
    expect(formatFileSize(4.8 * 1024 * 1024, 'pl')).toBe('4,8 MB');
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatDate('2024-05-02', 'en')).toBe('2 May 2024');
    expect(formatDate('2024-05-02', 'pl')).toBe('2 maj 2024');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('shows a moment with date and time', () => {
    expect(formatDateTime('2025-03-01T09:15:00.000Z', 'en')).toMatch(/1 Mar 2025/);
    expect(formatDateTime('garbage', 'en')).toBe('garbage');
  });
});
