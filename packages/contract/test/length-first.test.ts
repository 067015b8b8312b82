import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  authMessages,
  emailField,
  employeeMessages,
  loginUsernameField,
  passwordField,
  phoneField,
  registerEmployeeRequest,
  resetRequest,
  userMessages,
  usernameField,
  vehicleNumberPlateField,
} from '../src/index.js';

// A field whose later checks run a pattern refuses an over-long text with its length message alone:
// the patterns never see it (zod runs every check of a field unless one aborts; issue 17 measured
// a 100 KB email blocking the API for 8 s in the pattern that ran after the failed length check).

const HUGE = `a@${'.'.repeat(1024 * 1024)}@`;

const messagesFor = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a length limit is checked before any pattern', () => {
  it.each([
    ['email', emailField, userMessages.emailInvalid],
    ['phone number', phoneField, userMessages.phoneInvalid],
    ['login username', loginUsernameField, authMessages.usernameTooLong],
    ['new username', usernameField, authMessages.usernameTooLong],
    ['password', passwordField, authMessages.passwordTooLong],
    ['number plate', vehicleNumberPlateField, "Invalid vehicle number plate. Follow Polish standards (e.g., 'KR 12345')."],
  ] as const)('%s: a 1 MiB text gets only the length message', (_name, schema, message) => {
    expect(messagesFor(schema, HUGE)).toEqual([message]);
  });

  it('the employee form and the Reset tab stop at the length of an email too', () => {
    expect(messagesFor(registerEmployeeRequest.shape.email, HUGE)).toEqual([employeeMessages.emailInvalid]);
    expect(messagesFor(resetRequest.shape.email, HUGE)).toEqual([authMessages.resetEmailRequired]);
  });

  it('still refuses the short forms the patterns are for', () => {
    expect(messagesFor(emailField, 'a@b')).toEqual([userMessages.emailInvalid]);
    expect(messagesFor(emailField, 'a@.b')).toEqual([userMessages.emailInvalid]);
    expect(messagesFor(emailField, 'a@b.')).toEqual([userMessages.emailInvalid]);
    expect(messagesFor(emailField, 'a@b..c')).toEqual([]);
    expect(messagesFor(emailField, 'anna.nowak@poczta.example.pl')).toEqual([]);
    expect(messagesFor(phoneField, '12345678')).toEqual([userMessages.phoneInvalid]);
  });
});
