import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, monthName } from './format';

const nbsp = '\u00a0';

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

describe('dates and months', () => {
  it('writes a date the Polish and the English way', () => {
    expect(formatDate('2026-03-05', 'pl')).toBe('05.03.2026');
    expect(formatDate('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('names months', () => {
    expect(monthName(1, 'en')).toBe('January');
    expect(monthName(12, 'en')).toBe('December');
    expect(monthName(3, 'pl')).toBe('marzec');
    expect(monthName(9, 'en', 'short')).toBe('Sept');
  });
});
