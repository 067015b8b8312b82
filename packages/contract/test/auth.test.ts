import { describe, expect, it } from 'vitest';
import {
  authMessages as m,
  firstIssuePerField,
  loginRequest,
  registerRequest,
  resetRequest,
  usernameMessages as u,
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

describe('username on registration: blank, padded, invisible and broken text (issue 8)', () => {
  it.each([
    ['   ', m.usernameRequired],
    ['\t', m.usernameRequired],
    ['admin ', u.surroundingSpace],
    [' admin', u.surroundingSpace],
    ['ad min', u.spaces],
    ['ad\u3000min', u.spaces],
    ['admin\u200b', u.invisible],
    ['ad\u200dmin', u.invisible],
    ['jkowalski\u202e', u.invisible],
    ['\u2066admin', u.invisible],
    ['admin\u0007', u.invisible],
    ['adm\u00adin', u.invisible],
    ['\u3164admin', u.invisible],
    ['admin\ufe0f', u.invisible],
    ['\ud800', u.invalidText],
    ['ab\udc00cd', u.invalidText],
    ['anna.nowak', undefined],
    ['łucja_żółw', undefined],
    ['😀', undefined],
  ])('%j -> %s', (value, message) => {
    expect(registerError('username', value)).toBe(message);
  });

  it('stores the NFKC form: full-width and compatibility letters become plain ones', () => {
    const result = registerRequest.parse({ ...validRegistration, username: 'ａｄｍｉｎ２', email: '  Ａnna.Nowak@EXAMPLE.pl ' });
    expect(result.username).toBe('admin2');
    expect(result.email).toBe('anna.nowak@example.pl');
  });

  it('counts the length after normalization', () => {
    expect(registerError('username', '㎏'.repeat(11))).toBe(m.usernameTooLong);
    expect(registerError('username', '㎏'.repeat(10))).toBeUndefined();
  });

  it('keeps the login form to the spec\'s two rules, normalizing the same way', () => {
    expect(loginError('username', 'admin ')).toBeUndefined();
    expect(loginRequest.parse({ username: 'ａｄｍｉｎ', password: 'secret123' }).username).toBe('admin');
  });

  it('refuses invisible characters in an email', () => {
    expect(registerError('email', 'anna\u200b@example.pl')).toBe(m.emailInvalid);
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
