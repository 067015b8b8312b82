import type { Language } from '@portal/contract';
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { createElement as h } from 'react';
import type { NotificationEvent } from '../events.js';
import { commonWords, referenceOf, wordsFor } from './messages.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailInput {
  event: NotificationEvent;
  language: Language;
  firstName: string;
  /** Absolute link to the exact screen. */
  link: string;
  /** Absolute link to the settings screen; null for account notices, which cannot be switched off. */
  settingsLink: string | null;
}

// Inline styles only, no images: the email reads the same with images off and in any client.
const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Arial, Helvetica, sans-serif', color: '#18181b' },
  container: { backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px' },
  heading: { fontSize: '22px', margin: '0 0 16px' },
  text: { fontSize: '16px', lineHeight: '24px' },
  button: { backgroundColor: '#1d4ed8', color: '#ffffff', padding: '12px 20px', borderRadius: '6px', textDecoration: 'underline', display: 'inline-block' },
  small: { fontSize: '13px', lineHeight: '20px', color: '#52525b' },
} as const;

/** Subject, HTML (React Email) and its plain-text part in the recipient's language. */
export async function renderEmail({ event, language, firstName, link, settingsLink }: EmailInput): Promise<RenderedEmail> {
  const words = wordsFor(event, language);
  const common = commonWords[language];
  const reference = referenceOf(event, language);
  const element = h(
    Html,
    { lang: language, dir: 'ltr' },
    h(Head, null, h('title', null, words.subject)),
    h(Preview, null, words.heading),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, words.heading),
        h(Text, { style: styles.text }, common.greeting(firstName)),
        ...words.paragraphs.map((paragraph, index) => h(Text, { key: index, style: styles.text }, paragraph)),
        reference ? h(Text, { style: styles.text }, `${common.reference}: ${reference}`) : null,
        h(Section, null, h(Link, { href: link, style: styles.button }, words.action)),
        h(Text, { style: styles.small }, link),
        h(Hr),
        settingsLink
          ? h(Text, { style: styles.small }, common.unsubscribe, ' ', h(Link, { href: settingsLink }, common.settings))
          : null,
        h(Text, { style: styles.small }, common.footer),
      ),
    ),
  );
  const html = await render(element);
  return { subject: words.subject, html, text: toPlainText(html) };
}
