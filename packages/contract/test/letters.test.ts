import { describe, expect, it } from 'vitest';
import {
  createLetterRequest,
  DEPARTMENTS,
  firstIssuePerField,
  LETTER_SUBJECT_MAX,
  letterMessages as m,
  MESSAGE_CONTENT_MAX,
  sendMessageRequest,
} from '../src/index.js';

const validLetter = {
  userID: 7,
  recipient: 'City Administration',
  subject: 'Bench',
  content: 'The bench is broken.',
  sentAt: '2025-03-01T09:15:00.000Z',
};

function letterError(field: keyof typeof validLetter, value: unknown) {
  const result = createLetterRequest.safeParse({ ...validLetter, [field]: value });
  return result.success ? undefined : firstIssuePerField(result.error.issues)[field];
}

describe('letter creation (spec section 5)', () => {
  it('accepts each of the three departments and trims subject and body', () => {
    expect(DEPARTMENTS).toEqual(['City Administration', 'Public Works Department', 'Parks and Recreation Department']);
    for (const recipient of DEPARTMENTS) {
      const parsed = createLetterRequest.parse({ ...validLetter, recipient, subject: '  Bench ', content: ' Broken. ' });
      expect(parsed).toMatchObject({ recipient, subject: 'Bench', content: 'Broken.' });
    }
  });

  it.each([
    ['subject', undefined],
    ['subject', ''],
    ['subject', '   '],
    ['content', undefined],
    ['content', '\n'],
    ['recipient', undefined],
    ['recipient', ''],
    ['recipient', 'Ministry of Magic'],
  ] as const)('%s = %j gives "Subject, body, and department are required."', (field, value) => {
    expect(letterError(field, value)).toBe(m.required);
  });

  it('bounds the subject length the spec leaves open', () => {
    expect(letterError('subject', 's'.repeat(LETTER_SUBJECT_MAX))).toBeUndefined();
    expect(letterError('subject', 's'.repeat(LETTER_SUBJECT_MAX + 1))).toBeDefined();
  });

  it('takes the user id only as a JSON number, never coerced', () => {
    for (const userID of ['7', true, [7], 0, -1, 1.5, null]) expect(letterError('userID', userID), String(userID)).toBeDefined();
    expect(letterError('userID', 7)).toBeUndefined();
  });

  it('keeps sentAt optional but well formed', () => {
    expect(letterError('sentAt', undefined)).toBeUndefined();
    expect(letterError('sentAt', 'yesterday')).toBeDefined();
  });
});

describe('chat messages (spec section 5: an empty or whitespace-only message is not sent)', () => {
  const valid = { conversationId: 3, senderId: 7, content: 'Hello' };
  const contentError = (content: unknown) => {
    const result = sendMessageRequest.safeParse({ ...valid, content });
    return result.success ? undefined : firstIssuePerField(result.error.issues).content;
  };

  it.each(['', ' ', '\t\n  '])('refuses %j', (content) => {
    expect(contentError(content)).toBe(m.messageEmpty);
  });

  it('accepts text up to the bound and trims it', () => {
    expect(sendMessageRequest.parse({ ...valid, content: '  hi  ' }).content).toBe('hi');
    expect(contentError('x'.repeat(MESSAGE_CONTENT_MAX))).toBeUndefined();
    expect(contentError('x'.repeat(MESSAGE_CONTENT_MAX + 1))).toBeDefined();
  });
});
