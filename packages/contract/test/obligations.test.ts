import { describe, expect, it } from 'vitest';
import { createObligationRequest, firstIssuePerField, obligationMessages as m, usernameLabel } from '../src/index.js';

const valid = { interestId: 7, amount: '120.50', dueDate: '2026-03-31', issueDate: '2026-03-01', paymentStatus: 'PENDING', description: 'Waste fee' };

function errors(overrides: Record<string, unknown>) {
  const result = createObligationRequest.safeParse({ ...valid, ...overrides });
  return result.success ? {} : firstIssuePerField(result.error.issues);
}

describe('the obligation form and POST /api/financial-obligations', () => {
  it('gives the exact amount text and the defaults', () => {
    const { paymentStatus: _status, description: _description, ...minimal } = valid;
    expect(createObligationRequest.parse({ ...minimal, amount: 0.1 })).toEqual({
      interestId: 7,
      amount: '0.10',
      dueDate: '2026-03-31',
      issueDate: '2026-03-01',
      paymentStatus: 'PENDING',
      description: null,
    });
    expect(createObligationRequest.parse({ ...valid, amount: 1e2, description: '  Rent  ' })).toMatchObject({ amount: '100.00', description: 'Rent' });
  });

  it.each([
    [undefined, m.amountRequired],
    [null, m.amountRequired],
    ['', m.amountRequired],
    ['  ', m.amountRequired],
    ['abc', m.amountInvalid],
    [true, m.amountInvalid],
    [[12], m.amountInvalid],
    [0, m.amountNotPositive],
    ['-5', m.amountNotPositive],
    [-5, m.amountNotPositive],
    ['1.234', m.amountTooManyDecimals],
    [1.234, m.amountTooManyDecimals],
    [0.1 + 0.2, m.amountTooManyDecimals], // 0.30000000000000004
    ['1000000000', m.amountTooLarge],
    ['1e309', m.amountTooLarge],
  ])('amount %j -> %s', (amount, message) => {
    expect(errors({ amount }).amount).toBe(message);
  });

  it.each([
    ['dueDate', undefined, m.dueDateRequired],
    ['dueDate', '', m.dueDateRequired],
    ['dueDate', '2026-02-30', m.dueDateInvalid],
    ['dueDate', '2026-13-01', m.dueDateInvalid],
    ['dueDate', '31.03.2026', m.dueDateInvalid],
    ['dueDate', '2100-01-01', m.dateOutOfRange],
    ['issueDate', undefined, m.issueDateRequired],
    ['issueDate', '2025-02-29', m.issueDateInvalid],
    ['issueDate', '1999-12-31', m.dateOutOfRange],
    ['paymentStatus', '', m.paymentStatusRequired],
    ['paymentStatus', 'LATE', m.paymentStatusInvalid],
    ['paymentStatus', 'pending', m.paymentStatusInvalid],
    ['description', 'x'.repeat(501), m.descriptionTooLong],
    ['description', 12, m.descriptionInvalid],
    ['interestId', undefined, m.selectUser],
    ['interestId', null, m.selectUser],
    ['interestId', '7', m.interestIdInvalid],
    ['interestId', 0, m.interestIdInvalid],
    ['interestId', 1.5, m.interestIdInvalid],
  ] as const)('%s %j -> %s', (field, value, message) => {
    expect(errors({ [field]: value })[field]).toBe(message);
  });

  it('accepts a leap day, every status and a 500-character description', () => {
    for (const paymentStatus of ['PENDING', 'PAID', 'OVERDUE']) expect(errors({ paymentStatus })).toEqual({});
    expect(errors({ issueDate: '2028-02-29', dueDate: '2028-02-29' })).toEqual({});
    expect(errors({ description: 'x'.repeat(500) })).toEqual({});
  });

  it('refuses a due date before the issue date', () => {
    expect(errors({ issueDate: '2026-04-01', dueDate: '2026-03-31' })).toEqual({ dueDate: m.dueBeforeIssue });
  });
});

describe('labels of Create Obligations', () => {
  it.each([
    ['anowak', 'AN'],
    ['Pzielinski', 'PZ'],
    ['x', 'X'],
    ['żaneta', 'ŻA'],
    ['j2kowalski', 'J2'],
  ])('%s -> %s', (username, label) => expect(usernameLabel(username)).toBe(label));
});
