import type { Language } from '@portal/contract';
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { createElement as h, type ReactElement } from 'react';
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
  /** A resolved letter's rating link (issue 32 point 8), under the main button. */
  ratingLink?: string | null;
}

/** Everything one email says, already in the recipient's language. */
export interface EmailContent {
  language: Language;
  subject: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** "Reference: …", or null when the event has none. */
  referenceLine: string | null;
  action: string;
  link: string;
  /** Under optional emails only: why they come, and the settings link. */
  settings: { note: string; label: string; href: string } | null;
  /** A second link under the button (a resolved letter's rating), with the sentence before it. */
  extra?: { note: string; label: string; href: string } | null;
  footer: string;
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

export function contentOf({ event, language, firstName, link, settingsLink, ratingLink }: EmailInput): EmailContent {
  const words = wordsFor(event, language);
  const common = commonWords[language];
  const reference = referenceOf(event, language);
  return {
    language,
    subject: words.subject,
    heading: words.heading,
    greeting: common.greeting(firstName),
    paragraphs: words.paragraphs,
    referenceLine: reference ? `${common.reference}: ${reference}` : null,
    action: words.action,
    link,
    settings: settingsLink ? { note: common.unsubscribe, label: common.settings, href: settingsLink } : null,
    extra: ratingLink ? { note: common.rateNote, label: common.rate, href: ratingLink } : null,
    footer: common.footer,
  };
}

/** The class of the address written out under the button, for a mail client that shows no button. */
const LINK_COPY = 'link-copy';

/**
 * The plain-text part: React Email's conversion, without the address written out under the button,
 * which the text already gives beside the button's label (each link once).
 */
export function plainTextOf(html: string): string {
  return toPlainText(html, { selectors: [{ selector: `p.${LINK_COPY}`, format: 'skip' }] });
}

/** The email as a React Email tree. */
export function emailElement(content: EmailContent): ReactElement {
  return h(
    Html,
    { lang: content.language, dir: 'ltr' },
    h(Head, null, h('title', null, content.subject)),
    h(Preview, null, content.heading),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, content.heading),
        h(Text, { style: styles.text }, content.greeting),
        ...content.paragraphs.map((paragraph, index) => h(Text, { key: index, style: styles.text }, paragraph)),
        content.referenceLine ? h(Text, { style: styles.text }, content.referenceLine) : null,
        h(Section, null, h(Link, { href: content.link, style: styles.button }, content.action)),
        h(Text, { className: LINK_COPY, style: styles.small }, content.link),
        content.extra ? h(Text, { style: styles.text }, content.extra.note, ' ', h(Link, { href: content.extra.href }, content.extra.label)) : null,
        h(Hr),
        content.settings
          ? h(Text, { style: styles.small }, content.settings.note, ' ', h(Link, { href: content.settings.href }, content.settings.label))
          : null,
        h(Text, { style: styles.small }, content.footer),
      ),
    ),
  );
}

/*
 * Rendering React Email and converting its HTML to text for every email made the rendering, not
 * the mail server, what capped delivery (figures in bench/README.md). Emails of one kind and language differ only in a
 * few strings (the subject, the greeting, the paragraphs with amounts or reasons, the reference,
 * the links), so each shape is rendered once, with numbered markers where those strings go, and
 * every email fills the markers in: escaped as React escapes text for the HTML part, and with
 * whitespace collapsed as the HTML-to-text conversion does for the text part. The result is the
 * same as rendering the email on its own (test/notification-email-render.test.ts compares them).
 */

// Private-use characters: neither React nor the text conversion changes them.
const slot = (index: number) => `\uE000${index}\uE001`;
const SLOTS = /\uE000(\d+)\uE001/;

interface Template {
  /** Literal text at even indices, slot numbers at odd ones (String.split with a group). */
  html: string[];
  text: string[];
}

const templates = new Map<string, Promise<Template>>();
const TEMPLATE_CACHE_MAX = 500;

/** The content with its variable strings replaced by markers, and those strings in marker order. */
function slotted(content: EmailContent): { shape: EmailContent; values: string[] } {
  const values: string[] = [];
  const mark = (value: string) => slot(values.push(value) - 1);
  const shape: EmailContent = {
    ...content,
    subject: mark(content.subject),
    greeting: mark(content.greeting),
    paragraphs: content.paragraphs.map(mark),
    referenceLine: content.referenceLine === null ? null : mark(content.referenceLine),
    link: mark(content.link),
    settings: content.settings && { ...content.settings, href: mark(content.settings.href) },
    extra: content.extra && { ...content.extra, href: mark(content.extra.href) },
  };
  return { shape, values };
}

async function renderTemplate(shape: EmailContent): Promise<Template> {
  const html = await render(emailElement(shape));
  return { html: html.split(SLOTS), text: plainTextOf(html).split(SLOTS) };
}

// React's escaping of text and attribute values (escapeTextForBrowser).
const HTML_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (value: string) => value.replace(/["&'<>]/g, (character) => HTML_ESCAPES[character] ?? character);
// html-to-text collapses these into one space and trims them at a block's edges; every slot is a
// whole block's text or an href.
const asText = (value: string) => value.replace(/[ \t\r\n\f\u200b]+/g, ' ').trim();

function fill(parts: readonly string[], values: readonly string[], encode: (value: string) => string): string {
  let out = '';
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] ?? '';
    out += index % 2 === 0 ? part : encode(values[Number(part)] ?? '');
  }
  return out;
}

/** Renders `content` with React Email, its shape once. */
export async function renderContent(content: EmailContent): Promise<RenderedEmail> {
  const { shape, values } = slotted(content);
  const key = JSON.stringify(shape);
  let template = templates.get(key);
  if (!template) {
    // The shapes are the kinds x languages x a few variants; the bound only guards against a bug.
    if (templates.size >= TEMPLATE_CACHE_MAX) templates.clear();
    template = renderTemplate(shape);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  const { html, text } = await template;
  return { subject: content.subject, html: fill(html, values, escapeHtml), text: fill(text, values, asText) };
}

/** Subject, HTML (React Email) and its plain-text part in the recipient's language. */
export function renderEmail(input: EmailInput): Promise<RenderedEmail> {
  return renderContent(contentOf(input));
}
