import type { Language } from '@portal/contract';
import { render, toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { contentOf, type EmailInput, emailElement, renderEmail } from '../src/modules/notifications/content/email.js';
import type { NotificationEvent } from '../src/modules/notifications/events.js';

/*
 * The worker renders each email's shape once and fills in its strings (issue 18's delivery rate).
 * Every email must come out exactly as React Email renders it on its own, and its text part as
 * React Email's HTML-to-text conversion makes it: the same words in both parts.
 */
const transfer = { accountNumber: '12 3456 7890 1234 5678 9012 3456', recipientName: 'Urząd "Miasta" & <Gminy>', title: "FO 7 O'Brien" };
const events: NotificationEvent[] = [
  { kind: 'letter-taken', conversationId: 11 },
  { kind: 'reply', conversationId: 12, messageId: 3 },
  { kind: 'conversation-resolved', conversationId: 13 },
  { kind: 'case-status', caseId: 14, status: 'IN_PROGRESS' },
  // A clerk's reason is free text: markup-like characters, quotes, runs of spaces and new lines.
  { kind: 'case-status', caseId: 15, status: 'REJECTED', reason: ' The <b>form</b> & "the" photo\n\n  don\'t   match.\t ', caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'KR 4711A' },
  { kind: 'obligation-created', obligationId: 16, amount: '1234567.50', dueDate: '2026-03-05', transfer },
  { kind: 'obligation-due-soon', obligationId: 17, amount: '0.01', dueDate: '2026-12-31', transfer: null },
  { kind: 'obligation-overdue', obligationId: 18, amount: '99.00', dueDate: '2026-01-01', transfer },
  { kind: 'account-registered' },
  { kind: 'account-activated' },
  { kind: 'account-deactivated' },
];
const languages: Language[] = ['en', 'pl'];

async function renderedAlone(input: EmailInput) {
  const html = await render(emailElement(contentOf(input)));
  return { subject: contentOf(input).subject, html, text: toPlainText(html) };
}

describe('notification emails', () => {
  for (const language of languages) {
    for (const event of events) {
      it(`${event.kind} (${language}${'reason' in event && event.reason ? ', with a reason' : ''}) is what React Email renders on its own`, async () => {
        // Two recipients of the same shape: the second is filled into the first one's template.
        for (const [firstName, id] of [['Zofia', 1], [`Ann & "Jo" <O'Neil>`, 2]] as const) {
          const input: EmailInput = {
            event,
            language,
            firstName,
            link: `https://portal.example.org/screen?id=${id}&x="y"`,
            settingsLink: event.kind.startsWith('account-') ? null : `https://portal.example.org/notification-settings?u=${id}`,
          };
          const fast = await renderEmail(input);
          expect(fast).toEqual(await renderedAlone(input));
          expect(fast.html).toContain(`lang="${language}"`);
          expect(fast.text).toContain(firstName);
        }
      });
    }
  }
});
