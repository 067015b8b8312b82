import type { Language } from '@portal/contract';
import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { contentOf, type EmailInput, emailElement, plainTextOf, renderEmail } from '../src/modules/notifications/content/email.js';
import type { NotificationEvent } from '../src/modules/notifications/events.js';
import { everyEmailEvent } from './helpers/email-events.js';

/*
 * The worker renders each email's shape once and fills in its strings (issue 18's delivery rate).
 * Every email must come out exactly as React Email renders it on its own, and its text part as
 * React Email's HTML-to-text conversion makes it: the same words in both parts.
 */
const events = everyEmailEvent;
const languages: Language[] = ['en', 'pl'];

async function renderedAlone(input: EmailInput) {
  const html = await render(emailElement(contentOf(input)));
  return { subject: contentOf(input).subject, html, text: plainTextOf(html) };
}

describe('notification emails', () => {
  for (const language of languages) {
    for (const event of events) {
      it(`${event.kind} (${language}${'reason' in event && event.reason ? ', with a reason' : ''}${'letterId' in event && event.letterId ? ', naming its letter' : ''}) is what React Email renders on its own`, async () => {
        // Two recipients of the same shape: the second is filled into the first one's template.
        for (const [firstName, id] of [['Zofia', 1], [`Ann & "Jo" <O'Neil>`, 2]] as const) {
          const input: EmailInput = {
            event,
            language,
            firstName,
            link: `https://portal.example.org/screen?id=${id}&x="y"`,
            settingsLink: event.kind.startsWith('account-') || event.kind === 'second-factor' ? null : `https://portal.example.org/notification-settings?u=${id}`,
          };
          const fast = await renderEmail(input);
          expect(fast).toEqual(await renderedAlone(input));
          expect(fast.html).toContain(`lang="${language}"`);
          // English greets by name; Polish formally, never by a bare first name in the nominative.
          if (language === 'en') expect(fast.text).toContain(firstName);
          else expect(fast.text).toContain('Dzień dobry,');
          if (language === 'pl') expect(fast.text).not.toContain(firstName);
          // The text part gives each link once (the button's label beside it).
          expect(fast.text.split(input.link).length - 1).toBe(1);
        }
      });
    }
  }
});

describe('what an obligation email tells the payer', () => {
  const event: NotificationEvent = {
    kind: 'obligation-created',
    obligationId: 21,
    amount: '120.50',
    dueDate: '2026-05-02',
    description: 'Waste collection fee, Q2',
    transfer: { accountNumber: '61109010140000071219812874', recipientName: 'Urząd Miasta Testowo', title: 'FO 21 Waste collection fee, Q2' },
  };
  const input = (language: Language): EmailInput => ({ event, language, firstName: 'Zofia', link: 'https://portal.example.org/financial-obligations?obligation=21', settingsLink: null });

  it('names what the charge is for and groups the account number in fours, as the portal shows it', async () => {
    const en = await renderEmail(input('en'));
    expect(en.text).toContain('For: Waste collection fee, Q2. Amount: 120.50 PLN. Due date: 2 May 2026.');
    expect(en.text).toContain('account 61 1090 1014 0000 0712 1981 2874 (Urząd Miasta Testowo)');
    const pl = await renderEmail(input('pl'));
    expect(pl.text).toContain('Tytuł należności: Waste collection fee, Q2. Kwota: 120,50\u00a0zł. Termin płatności: 2 maja 2026.');
    expect(pl.text).toContain('rachunek 61 1090 1014 0000 0712 1981 2874 (Urząd Miasta Testowo)');
  });
});
