import { describe, expect, it } from 'vitest';
import { firstIssuePerField, fullName, registerRequest, todayIsoDate, userMessages as m } from '../src/index.js';

const validRegistration = {
  username: 'anna.nowak',
  email: 'anna@example.pl',
  password: 'secret123',
  firstName: 'Anna',
  lastName: 'Nowak',
  phoneNumber: '501234567',
  dateOfBirth: '1990-05-17',
};

/** The message the registration form would show under `field`, or undefined when valid. */
function registerError(field: keyof typeof validRegistration, value: unknown) {
  const result = registerRequest.safeParse({ ...validRegistration, [field]: value });
  return result.success ? undefined : firstIssuePerField(result.error.issues)[field];
}

function shiftDays(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return todayIsoDate(d);
}

describe('first and last name', () => {
  it.each([
    ['firstName', '', m.firstNameRequired],
    ['firstName', '   ', m.firstNameRequired],
    ['firstName', 'x'.repeat(31), m.firstNameTooLong],
    ['firstName', 'x'.repeat(30), undefined],
    ['lastName', '', m.lastNameRequired],
    ['lastName', 'x'.repeat(31), m.lastNameTooLong],
    ['lastName', 'x'.repeat(30), undefined],
  ] as const)('%s %j -> %s', (field, value, message) => {
    expect(registerError(field, value)).toBe(message);
  });
});

describe('email (register)', () => {
  it.each([
    ['', m.emailRequired],
    [undefined, m.emailRequired],
    ['anna', m.emailInvalid],
    ['anna@example', m.emailInvalid],
    ['anna @example.pl', m.emailInvalid],
    ['anna@example.pl', undefined],
  ])('%j -> %s', (value, message) => {
    expect(registerError('email', value)).toBe(message);
  });
});

describe('phone number', () => {
  it.each([
    ['', m.phoneRequired],
    ['12345678', m.phoneInvalid],
    ['123456789', undefined],
    ['1234567890', m.phoneInvalid],
    ['12345678a', m.phoneInvalid],
    ['+48123456', m.phoneInvalid],
  ])('%j -> %s', (value, message) => {
    expect(registerError('phoneNumber', value)).toBe(message);
  });

  // Issue 35: as people type it; the spec's rule and message judge what is left, and that is stored.
  it.each([
    ['501 234 567', '501234567'],
    ['501-234-567', '501234567'],
    ['+48 501 234 567', '501234567'],
    ['+48501234567', '501234567'],
    ['  501\u00a0234\u00a0567 ', '501234567'],
  ])('takes %j as %j', (typed, stored) => {
    const parsed = registerRequest.parse({ ...validRegistration, phoneNumber: typed });
    expect(parsed.phoneNumber).toBe(stored);
  });

  it.each([
    ['+49 501 234 567', m.phoneInvalid],
    ['48 501 234 567', m.phoneInvalid],
    ['(501) 234 567', m.phoneInvalid],
    ['+48 501 234 56', m.phoneInvalid],
    ['+48', m.phoneInvalid],
    ['   ', m.phoneRequired],
  ])('still refuses %j with the spec message', (typed, message) => {
    expect(registerError('phoneNumber', typed)).toBe(message);
  });
});

describe('date of birth', () => {
  it('accepts today and rejects tomorrow', () => {
    expect(registerError('dateOfBirth', todayIsoDate())).toBeUndefined();
    expect(registerError('dateOfBirth', shiftDays(1))).toBe(m.dateOfBirthFuture);
    expect(registerError('dateOfBirth', shiftDays(-1))).toBeUndefined();
  });

  it('requires a real calendar date', () => {
    expect(registerError('dateOfBirth', '')).toBe(m.dateOfBirthRequired);
    expect(registerError('dateOfBirth', '2001-02-30')).toBe(m.dateOfBirthInvalid);
    expect(registerError('dateOfBirth', 'yesterday')).toBe(m.dateOfBirthInvalid);
  });
});

describe('display name', () => {
  it('is "First Last"', () => {
    expect(fullName({ firstName: 'Anna', lastName: 'Nowak' })).toBe('Anna Nowak');
    expect(fullName({ firstName: 'Jan Maria', lastName: 'Kowalska-Nowak' })).toBe('Jan Maria Kowalska-Nowak');
  });
});
