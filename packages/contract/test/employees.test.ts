import { describe, expect, it } from 'vitest';
import { authMessages, employeeMessages as m, firstIssuePerField, registerEmployeeRequest, todayIsoDate, userMessages } from '../src/index.js';

const valid = {
  username: 'ekowalczyk',
  email: 'ewa.kowalczyk@urzad.example.pl',
  password: 'Urzad2025',
  firstName: 'Ewa',
  lastName: 'Kowalczyk',
  phoneNumber: '603456789',
  dateOfBirth: '1988-02-29',
};

/** The message the admin's register form shows under `field`, or undefined when the value passes. */
function errorFor(field: keyof typeof valid, value: unknown) {
  const result = registerEmployeeRequest.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : firstIssuePerField(result.error.issues)[field];
}

const tomorrow = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return todayIsoDate(d);
};

describe('register employee form (spec section 5, admin form)', () => {
  it('accepts a complete employee', () => {
    expect(registerEmployeeRequest.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['username', undefined, 'Username is required'],
    ['username', '', 'Username is required'],
    ['username', 'x'.repeat(21), authMessages.usernameTooLong],
    ['username', 'x'.repeat(20), undefined],
    ['email', undefined, 'Valid email is required'],
    ['email', '', 'Valid email is required'],
    ['email', 'ewa@urzad', 'Valid email is required'],
    ['email', 'ewa urzad@example.pl', 'Valid email is required'],
    ['email', 'e@u.pl', undefined],
    ['password', undefined, 'Password must be at least 8 characters'],
    ['password', '', 'Password must be at least 8 characters'],
    ['password', 'Abcdef1', 'Password must be at least 8 characters'],
    ['password', 'Abcdefg1', undefined],
    ['password', `A1${'x'.repeat(48)}`, undefined],
    ['password', `A1${'x'.repeat(49)}`, authMessages.passwordTooLong],
    ['password', 'abcdefgh', authMessages.passwordLettersAndDigits],
    ['firstName', '', 'First name is required'],
    ['firstName', '  ', 'First name is required'],
    ['firstName', 'x'.repeat(30), undefined],
    ['firstName', 'x'.repeat(31), userMessages.firstNameTooLong],
    ['lastName', undefined, 'Last name is required'],
    ['lastName', 'x'.repeat(31), userMessages.lastNameTooLong],
    ['phoneNumber', '', 'Phone number must be 9 digits'],
    ['phoneNumber', '60345678', 'Phone number must be 9 digits'],
    ['phoneNumber', '6034567890', 'Phone number must be 9 digits'],
    ['phoneNumber', '60345678a', 'Phone number must be 9 digits'],
    ['phoneNumber', '603456789', undefined],
    ['dateOfBirth', '', 'Date of birth is required'],
    ['dateOfBirth', undefined, 'Date of birth is required'],
    ['dateOfBirth', '1990-02-30', userMessages.dateOfBirthInvalid],
    ['dateOfBirth', tomorrow(), userMessages.dateOfBirthFuture],
    ['dateOfBirth', todayIsoDate(), undefined],
  ] as const)('%s %j -> %s', (field, value, message) => {
    expect(errorFor(field, value)).toBe(message);
  });

  it('words the spec messages exactly', () => {
    expect(m).toMatchObject({
      usernameRequired: 'Username is required',
      emailInvalid: 'Valid email is required',
      passwordTooShort: 'Password must be at least 8 characters',
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
      phoneInvalid: 'Phone number must be 9 digits',
      dateOfBirthRequired: 'Date of birth is required',
      registered: 'Employee registered successfully!',
      registerFailed: 'Failed to register employee. Please try again.',
      fetchFailed: 'Failed to fetch employees.',
      statusFailed: 'Failed to update employee status.',
    });
  });
});
