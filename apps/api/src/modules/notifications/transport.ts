import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailConfig } from './config.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per notification: a retry after a crash is recognisably the same message. */
  messageId: string;
  headers: Record<string, string>;
}

/** The message as it goes over SMTP (also what test/notification-spam-score.test.ts scores). */
export function composeEmail(email: OutgoingEmail, from: string): Promise<Buffer> {
  return new MailComposer({ ...email, from, html: { content: email.html, contentTransferEncoding: 'base64' } }).compile().build();
}

/** Sends one email; throws when the server refuses it (the worker retries). */
export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL: nodemailer over SMTP (STARTTLS when the server offers it, or smtps://; credentials in
 * the URL). Unset: each email becomes an .eml file under data/mail/, its path logged, so a
 * newcomer can open what would have been sent.
 */
export function createMailTransport(mail: MailConfig, log: FastifyBaseLogger): MailTransport {
  if (mail.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: mail.smtpUrl,
      // One connection carries many messages: a new one per email costs a handshake each.
      pool: true,
      maxConnections: 5,
      // A stuck server must not hold a claim past its lease (see the worker).
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(email) {
        // Built whole first, then handed over as one buffer: nodemailer's streamed build wrote
        // many small chunks to the socket and quoted-printable-encoded the HTML in JavaScript,
        // together most of a worker's CPU per email. The HTML part goes base64 (native); the
        // short text part keeps quoted-printable, readable in the message source.
        const raw = await composeEmail(email, mail.from);
        await transporter.sendMail({ from: mail.from, to: email.to, raw });
      },
      close: () => transporter.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email) {
      const info = await files.sendMail({ ...email, from: mail.from });
      await mkdir(mail.outboxDir, { recursive: true });
      // Newest last in a listing; the Message-ID part tells a retry of the same email apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9.@-]/g, '_')}.eml`;
      const file = path.join(mail.outboxDir, name);
      await writeFile(file, info.message as Buffer);
      log.info({ file, to: email.to }, 'email written (SMTP_URL unset)');
    },
    close: () => files.close(),
  };
}
