import { describe, expect, it } from 'vitest';
import {
  authMessages as m,
  firstIssuePerField,
  loginRequest,
  registerRequest,
  resetRequest,
  todayIsoDate,
} from '../src/index.js';

const validRegistration = {
  username: 'anna.nowak',
  email: 'anna@example.pl',
  password: 'secret123',
  firstName: 'Anna',
  lastName: 'Nowak',
  phoneNumber: '501234567',
  dateOfBirth: '1990-05-17',
};

/** The message a form would show under `field` for this registration, or undefined when valid. */
function registerError(field: keyof typeof validRegistration, value: unknown) {
  const result = registerRequest.safeParse({ ...validRegistration, [field]: value });
  return result.success ? undefined : firstIssuePerField(result.error.issues)[field];
}

function loginError(field: 'username' | 'password', value: unknown) {
  const result = loginRequest.safeParse({ username: 'anna', password: 'secret123', [field]: value });
  return result.success ? undefined : firstIssuePerField(result.error.issues)[field];
}

function shiftDays(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return todayIsoDate(d);
}

describe('username (login and register)', () => {
  it.each([
    ['', m.usernameRequired],
    [undefined, m.usernameRequired],
    [null, m.usernameRequired],
    ['a'.repeat(21), m.usernameTooLong],
    ['a'.repeat(20), undefined],
    ['a', undefined],
  ])('%j -> %s', (value, message) => {
    expect(loginError('username', value)).toBe(message);
    expect(registerError('username', value)).toBe(message);
  });
});

describe('password (login and register)', () => {
  it.each([
    ['', m.passwordRequired],
    [undefined, m.passwordRequired],
    ['abc1234', m.passwordTooShort],
    ['abcd1234', undefined],
    ['a1'.repeat(25), undefined],
    ['a1'.repeat(25) + 'b', m.passwordTooLong],
    ['abcdefghij', m.passwordLettersAndDigits],
    ['1234567890', m.passwordLettersAndDigits],
    ['zażółć12', undefined],
  ])('%j -> %s', (value, message) => {
    expect(loginError('password', value)).toBe(message);
    expect(registerError('password', value)).toBe(message);
  });

  it('reports the length rule before the letters-and-digits rule', () => {
    expect(loginError('password', 'abc')).toBe(m.passwordTooShort);
  });
});

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

describe('reset', () => {
  it.each([
    ['', false],
    ['not-an-email', false],
    ['anna@example.pl', true],
  ])('%j valid=%s', (email, valid) => {
    const result = resetRequest.safeParse({ email });
    expect(result.success).toBe(valid);
    if (!result.success) expect(firstIssuePerField(result.error.issues).email).toBe(m.resetEmailRequired);
  });

  it('words the alert with the address', () => {
    expect(m.resetLinkSent('anna@example.pl')).toBe('Password reset link sent to anna@example.pl');
  });
});

it('strips unknown fields from a registration', () => {
  const parsed = registerRequest.parse({ ...validRegistration, role: 'ADMIN' });
  expect(parsed).not.toHaveProperty('role');
});
