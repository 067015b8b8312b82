import { describe, expect, it } from 'vitest';
import {
  caseResolutionDTO,
  createLetterRequest,
  createObligationRequest,
  firstIssuePerField,
  freeTextMessages,
  isBlankText,
  letterMessages,
  sendMessageRequest,
} from '../src/index.js';

const RLO = '\u202E';
const ZWSP = '\u200B';

const fieldErrors = (result: { success: boolean; error?: { issues: Parameters<typeof firstIssuePerField>[0] } }) =>
  result.success || !result.error ? {} : firstIssuePerField(result.error.issues);

describe('free text: invisible characters and text-direction controls', () => {
  it('counts text made only of whitespace, zero-width, format and blank characters as empty', () => {
    for (const blank of ['', '   ', ZWSP, `${ZWSP} \u200D\uFEFF\u2060`, '\u00AD', '\u2800', '\u3164', `\t${ZWSP}\n`]) {
      expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
    }
    for (const visible of ['a', `${ZWSP}hi`, '\u{1F44D}', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', '.']) {
      expect(isBlankText(visible), JSON.stringify(visible)).toBe(false);
    }
  });

  it('does not send a chat message of only zero-width spaces (spec section 5: never an empty message)', () => {
    const message = { conversationId: 3, senderId: 7 };
    expect(fieldErrors(sendMessageRequest.safeParse({ ...message, content: ZWSP }))).toEqual({ content: letterMessages.messageEmpty });
    expect(fieldErrors(sendMessageRequest.safeParse({ ...message, content: ` ${ZWSP}\u2060 ` }))).toEqual({ content: letterMessages.messageEmpty });
    expect(sendMessageRequest.parse({ ...message, content: ` ${ZWSP}Hello ` }).content).toBe(`${ZWSP}Hello`);
  });

  it('refuses a bidi override or isolate in a chat message, and keeps the marks right-to-left writing needs', () => {
    const message = { conversationId: 3, senderId: 7 };
    for (const control of [RLO, '\u202A', '\u202D', '\u2066', '\u2067', '\u2069']) {
      expect(fieldErrors(sendMessageRequest.safeParse({ ...message, content: `invoice ${control}fdp.exe` }))).toEqual({
        content: freeTextMessages.bidiControl,
      });
    }
    const hebrew = '\u05E9\u05DC\u05D5\u05DD\u200F 2024';
    expect(sendMessageRequest.parse({ ...message, content: hebrew }).content).toBe(hebrew);
  });

  it('asks for a letter\u2019s subject and body when they show nothing, and refuses bidi controls in them', () => {
    const letter = { userID: 7, recipient: 'City Administration', subject: 'Bench', content: 'The bench is broken.' };
    expect(fieldErrors(createLetterRequest.safeParse({ ...letter, subject: `${ZWSP}${ZWSP}` }))).toEqual({ subject: letterMessages.required });
    expect(fieldErrors(createLetterRequest.safeParse({ ...letter, content: '\u2800' }))).toEqual({ content: letterMessages.required });
    expect(fieldErrors(createLetterRequest.safeParse({ ...letter, subject: `Bench ${RLO}kraP` }))).toEqual({ subject: freeTextMessages.bidiControl });
    expect(fieldErrors(createLetterRequest.safeParse({ ...letter, content: `Broken \u2067bench\u2069` }))).toEqual({
      content: freeTextMessages.bidiControl,
    });
  });

  it('stores an obligation description or case comment that shows nothing as none, and refuses bidi controls in them', () => {
    const obligation = { interestId: 7, amount: '120.50', dueDate: '2026-03-31', issueDate: '2026-03-01' };
    expect(createObligationRequest.parse({ ...obligation, description: ZWSP }).description).toBeNull();
    expect(fieldErrors(createObligationRequest.safeParse({ ...obligation, description: `Waste fee ${RLO}` }))).toEqual({
      description: freeTextMessages.bidiControl,
    });
    expect(caseResolutionDTO.parse({ comments: ` ${ZWSP} ` }).comments).toBeNull();
    expect(fieldErrors(caseResolutionDTO.safeParse({ comments: `Plate ${RLO}21 RK` }))).toEqual({ comments: freeTextMessages.bidiControl });
  });
});
