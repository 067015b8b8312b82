import { withoutTrailing } from '@portal/contract';
import { defineSlice, optionalText, wholeNumber } from '../../config-kit.js';
import { fromRepoRoot } from '../../paths.js';

/** Emails (issue 18): how they leave and where their links point. */
export interface MailConfig {
  /** SMTP_URL (smtp:// with STARTTLS when offered, smtps://, credentials in the URL); null: .eml files. */
  smtpUrl: string | null;
  /** MAIL_FROM: the From header. */
  from: string;
  /** PUBLIC_URL without a trailing slash: every link in an email starts with it. */
  publicUrl: string;
  /** Where emails are written as .eml files when SMTP_URL is unset (absolute). */
  outboxDir: string;
}

/**
 * How long a reply's email waits for the reader (issue 35 point 9): a reply read in the portal
 * meanwhile sends none. Long enough for a person in the open chat to see it, short enough that
 * the email still says something new.
 */
export const DEFAULT_REPLY_EMAIL_DELAY_SECONDS = 60;

const DEFAULT_MAIL_FROM = 'City Service Portal <no-reply@portal.local>';
export const DEFAULT_MAIL_DIR = 'data/mail';

export const notificationsSlice = defineSlice({
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText,
  REPLY_EMAIL_DELAY_SECONDS: wholeNumber(0, 24 * 3600),
})((env, port: number, problems): { mail: MailConfig; replyEmailDelaySeconds: number } => {
  const smtpUrl = env.SMTP_URL ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]/i.test(smtpUrl)) {
    problems.push('SMTP_URL must start with smtp:// or smtps:// (e.g. smtp://user:password@mail.example.org:587)');
  }
  const from = env.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  // Line breaks would let the value add headers of its own.
  if (/[\r\n]/.test(from) || !from.includes('@')) problems.push('MAIL_FROM must be an address like "Portal <no-reply@example.org>"');
  const publicUrl = withoutTrailing(env.PUBLIC_URL ?? `http://localhost:${port}`, '/');
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    problems.push('PUBLIC_URL must be an http(s) address like https://portal.example.org');
  }
  return {
    mail: { smtpUrl, from, publicUrl, outboxDir: fromRepoRoot(DEFAULT_MAIL_DIR) },
    replyEmailDelaySeconds: env.REPLY_EMAIL_DELAY_SECONDS ?? DEFAULT_REPLY_EMAIL_DELAY_SECONDS,
  };
});

/** What the notifications module's setup is given (the worker's start is the composition's choice: tests start it themselves). */
export interface NotificationsSettings {
  mail: MailConfig;
  workerAutoStart: boolean;
  replyEmailDelaySeconds: number;
}
