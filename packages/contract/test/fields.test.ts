import { describe, expect, it } from 'vitest';
import {
  createLetterRequest,
  firstNameField,
  idParams,
  jsonId,
  lastNameField,
  sendMessageRequest,
  userIdParams,
  vehicleRegistrationDTO,
} from '../src/index.js';

describe('path parameters', () => {
  it('turn the text of a path segment into a positive id', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(userIdParams.parse({ userId: '7' })).toEqual({ userId: 7 });
  });

  it.each(['0', '-1', '1.5', 'abc', '', '2147483648'])('refuse id %j', (id) => {
    expect(idParams.safeParse({ id }).success).toBe(false);
    expect(userIdParams.safeParse({ userId: id }).success).toBe(false);
  });
});

it('takes an id in a JSON body only as a number', () => {
  expect(jsonId.safeParse(7).success).toBe(true);
  for (const value of ['7', true, [7], null]) expect(jsonId.safeParse(value).success, String(value)).toBe(false);
});

describe('typed text: one line, and the length of what was sent (issue 34)', () => {
  const messagesFor = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message);
  };
  const letter = createLetterRequest.shape;
  const vehicle = vehicleRegistrationDTO.shape;

  it.each([
    ['a line feed', 'Anna\nKowalska'],
    ['a carriage return', 'Anna\rKowalska'],
    ['a line separator', 'Anna\u2028Kowalska'],
    ['a paragraph separator', 'Anna\u2029Kowalska'],
    ['a tab', 'Anna\tKowalska'],
    ['a NUL', 'Anna\u0000'],
    ['a next-line control', 'Anna\u0085Kowalska'],
  ])('a name, a subject and a vehicle make refuse %s', (_name, text) => {
    const notOneLine = 'Must be a single line of text without control characters.';
    expect(messagesFor(firstNameField, text)).toEqual([notOneLine]);
    expect(messagesFor(lastNameField, text)).toEqual([notOneLine]);
    expect(messagesFor(letter.subject, text)).toEqual([notOneLine]);
    expect(messagesFor(vehicle.vehicleMake, text)).toEqual([notOneLine]);
  });

  it('keeps line breaks in a letter body and a chat message', () => {
    expect(messagesFor(letter.content, 'Dear office,\r\nthe lamp is broken.\u2028Thank you')).toEqual([]);
    expect(messagesFor(sendMessageRequest.shape.content, 'one\ntwo')).toEqual([]);
  });

  it('counts the spaces that were sent: 7,800 spaces and an x are too long for a first name', () => {
    expect(messagesFor(firstNameField, `${' '.repeat(7_800)}x`)).toEqual(['First name cannot exceed 30 characters']);
    expect(messagesFor(lastNameField, `x${' '.repeat(30)}`)).toEqual(['Last name cannot exceed 30 characters']);
    expect(firstNameField.parse(`  ${'a'.repeat(28)}`)).toBe('a'.repeat(28));
  });

  it('says "too long", not "required", for a 9,999-character subject, body or message', () => {
    expect(messagesFor(letter.subject, 'x'.repeat(9_999))).toEqual(['Subject cannot exceed 200 characters.']);
    expect(messagesFor(letter.content, 'x'.repeat(10_001))).toEqual(['The letter cannot exceed 10000 characters.']);
    expect(messagesFor(sendMessageRequest.shape.content, 'x'.repeat(5_001))).toEqual(['A message cannot exceed 5000 characters.']);
    expect(messagesFor(vehicle.vehicleModel, ` ${'x'.repeat(50)}`)).toEqual(['Must be at most 50 characters.']);
  });

  it('still says "required" for a blank or missing one-line field', () => {
    expect(messagesFor(firstNameField, '   ')).toEqual(['First name is required']);
    expect(messagesFor(firstNameField, '\u200B')).toEqual(['First name is required']);
    expect(messagesFor(firstNameField, undefined)).toEqual(['First name is required']);
    expect(messagesFor(letter.subject, '')).toEqual(['Subject, body, and department are required.']);
  });

  it('refuses a control character inside a VIN', () => {
    expect(messagesFor(vehicle.vehicleVin, 'WVWZZZ1JZ\n3W38624')).toEqual(['Must be a single line of text without control characters.']);
  });
});
