import { describe, expect, it } from 'vitest';
import {
  authMessages as m,
  firstIssuePerField,
  loginRequest,
  registerRequest,
  resetRequest,
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
