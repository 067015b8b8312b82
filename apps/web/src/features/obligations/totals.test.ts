import { describe, expect, it } from 'vitest';
import { inPayerOrder, isPastDue, monthlyTotals, statusShown, totalToPay, yearlyTotals, yearsOf } from './totals';

const row = (amount: string, dueDate: string, paymentStatus: 'PENDING' | 'PAID' | 'OVERDUE' = 'PENDING') => ({ amount, dueDate, paymentStatus });

describe('chart totals in grosze', () => {
  const data = [
    row('0.10', '2025-01-10'),
    row('0.20', '2025-01-31'),
    row('100.00', '2025-12-01', 'PAID'),
    row('1234.56', '2026-03-15', 'OVERDUE'),
    row('0.01', '2026-03-16'),
    row('10.00', '2024-07-01'),
  ];

  it('adds each year exactly, oldest first', () => {
    expect(yearlyTotals(data)).toEqual([
      { year: 2024, grosze: 1000n },
      { year: 2025, grosze: 10030n },
      { year: 2026, grosze: 123457n },
    ]);
    expect(yearsOf(data)).toEqual([2024, 2025, 2026]);
  });

  it('gives twelve months of a year, January first, zero where nothing is due', () => {
    expect(monthlyTotals(data, 2025)).toEqual([30n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 10000n]);
    expect(monthlyTotals(data, 2026)).toEqual([0n, 0n, 123457n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]);
    expect(monthlyTotals(data, 2030)).toEqual(Array.from({ length: 12 }, () => 0n));
  });

  it('sums 0.10 and 0.20 to exactly 0.30, where floats give 0.30000000000000004', () => {
    expect(totalToPay([row('0.10', '2025-01-01'), row('0.20', '2025-02-01')])).toBe('0.30');
  });

  it('counts what is still to pay: PENDING and OVERDUE, not PAID', () => {
    expect(totalToPay(data)).toBe('1244.87');
    expect(totalToPay([])).toBe('0.00');
  });

  it('marks a PENDING obligation past its due date, not an OVERDUE or PAID one or one due today', () => {
    expect(isPastDue(row('1.00', '2026-03-14'), '2026-03-15')).toBe(true);
    expect(isPastDue(row('1.00', '2026-03-15'), '2026-03-15')).toBe(false);
    expect(isPastDue(row('1.00', '2026-03-14', 'OVERDUE'), '2026-03-15')).toBe(false);
    expect(isPastDue(row('1.00', '2026-03-14', 'PAID'), '2026-03-15')).toBe(false);
  });
});

describe('the list as a payer reads it (issue 35)', () => {
  const item = (id: number, dueDate: string, paymentStatus: 'PENDING' | 'PAID' | 'OVERDUE') => ({ id, dueDate, paymentStatus });

  it("calls every unpaid obligation past its due date 'Overdue', and nothing else", () => {
    const today = '2026-03-15';
    expect(statusShown(item(1, '2026-03-14', 'PENDING'), today)).toBe('OVERDUE');
    expect(statusShown(item(1, '2026-03-15', 'PENDING'), today)).toBe('PENDING');
    expect(statusShown(item(1, '2026-03-14', 'OVERDUE'), today)).toBe('OVERDUE');
    expect(statusShown(item(1, '2026-03-14', 'PAID'), today)).toBe('PAID');
  });

  it('puts what is still to pay first, earliest due on top, then what is paid, latest due first', () => {
    const list = [
      item(1, '2026-01-10', 'PAID'),
      item(2, '2026-05-01', 'PENDING'),
      item(3, '2025-11-30', 'OVERDUE'),
      item(4, '2026-02-10', 'PAID'),
      item(5, '2026-03-01', 'PENDING'),
      item(6, '2026-03-01', 'OVERDUE'),
    ];
    expect(inPayerOrder(list).map((obligation) => obligation.id)).toEqual([3, 5, 6, 2, 4, 1]);
    // The input is left as it was.
    expect(list.map((obligation) => obligation.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
