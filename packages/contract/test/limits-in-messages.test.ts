import { describe, expect, it } from 'vitest';
import {
  authMessages,
  authMessagesPl,
  CASE_COMMENTS_MAX,
  CASE_DOCUMENTS_MAX,
  caseApiMessages,
  caseApiMessagesPl,
  caseMessages,
  caseMessagesPl,
  employeeMessages,
  employeeMessagesPl,
  NAME_MAX,
  OBLIGATION_DESCRIPTION_MAX,
  obligationMessages,
  obligationMessagesPl,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_DIGITS,
  polishCount,
  POLISH_CHARACTERS,
  RECEIPT_VERIFY_MAX_BYTES,
  receiptApiMessages,
  USERNAME_MAX,
  VEHICLE_TEXT_MAX,
  VIN_LENGTH,
} from '../src/index.js';

// Each limit is written once, as a constant; the English and Polish messages are built from it.
// The English the spec quotes must still read exactly as the spec words it.
describe('messages built from their limits', () => {
  it('read as the spec words them in English', () => {
    expect(authMessages.usernameTooLong).toBe('Username cannot exceed 20 characters');
    expect(authMessages.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(authMessages.passwordTooLong).toBe('Password cannot exceed 50 characters');
    expect(authMessages.firstNameTooLong).toBe('First name cannot exceed 30 characters');
    expect(authMessages.lastNameTooLong).toBe('Last name cannot exceed 30 characters');
    expect(authMessages.phoneInvalid).toBe('Phone number must be 9 digits');
    expect(employeeMessages.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(employeeMessages.phoneInvalid).toBe('Phone number must be 9 digits');
    expect(caseMessages.vinLength).toBe('VIN must be exactly 17 characters.');
  });

  it('name the same number in English and Polish as the rule they describe', () => {
    const pairs: [number, string, string][] = [
      [USERNAME_MAX, authMessages.usernameTooLong, authMessagesPl.usernameTooLong],
      [PASSWORD_MIN, authMessages.passwordTooShort, authMessagesPl.passwordTooShort],
      [PASSWORD_MAX, authMessages.passwordTooLong, authMessagesPl.passwordTooLong],
      [NAME_MAX, authMessages.firstNameTooLong, authMessagesPl.firstNameTooLong],
      [NAME_MAX, authMessages.lastNameTooLong, authMessagesPl.lastNameTooLong],
      [PHONE_DIGITS, authMessages.phoneInvalid, authMessagesPl.phoneInvalid],
      [PASSWORD_MIN, employeeMessages.passwordTooShort, employeeMessagesPl.passwordTooShort],
      [PHONE_DIGITS, employeeMessages.phoneInvalid, employeeMessagesPl.phoneInvalid],
      [VIN_LENGTH, caseMessages.vinLength, caseMessagesPl.vinLength],
      [VEHICLE_TEXT_MAX, caseApiMessages.textTooLong, caseApiMessagesPl.textTooLong],
      [CASE_COMMENTS_MAX, caseApiMessages.commentsTooLong, caseApiMessagesPl.commentsTooLong],
      [CASE_DOCUMENTS_MAX, caseApiMessages.tooManyDocuments, caseApiMessagesPl.tooManyDocuments],
      [OBLIGATION_DESCRIPTION_MAX, obligationMessages.descriptionTooLong, obligationMessagesPl.descriptionTooLong],
    ];
    for (const [limit, english, polish] of pairs) {
      expect(english.match(/\d+/g)).toEqual([String(limit)]);
      expect(polish.match(/\d+/g)).toEqual([String(limit)]);
    }
    expect(receiptApiMessages.tooLarge).toContain(`(${RECEIPT_VERIFY_MAX_BYTES / 1024 / 1024} MB)`);
  });

  it('give the Polish noun the form its number takes', () => {
    expect(authMessagesPl.usernameTooLong).toBe('Nazwa użytkownika nie może przekraczać 20 znaków');
    expect(authMessagesPl.phoneInvalid).toBe('Numer telefonu musi mieć 9 cyfr');
    expect(polishCount(1, POLISH_CHARACTERS)).toBe('1 znak');
    expect(polishCount(2, POLISH_CHARACTERS)).toBe('2 znaki');
    expect(polishCount(12, POLISH_CHARACTERS)).toBe('12 znaków');
    expect(polishCount(22, POLISH_CHARACTERS)).toBe('22 znaki');
    expect(polishCount(25, POLISH_CHARACTERS)).toBe('25 znaków');
  });
});
