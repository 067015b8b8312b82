import { randomUUID } from 'node:crypto';
import type { MailConfig } from './config.js';
import type { UsersPort } from '../../ports/users.js';
import { renderEmail } from './content/email.js';
import type { DirectNotice } from '../../ports/notifications.js';
import type { MailTransport } from './transport.js';

export type { DirectNotice };

/**
 * Sends one email now, in the recipient's stored language, through the same transport and
 * templates as the outbox. Used for a password-reset link (issue 35): queued, its secret would sit
 * in notification_outbox; sent at once, only its hash is stored. Throws when the server refuses it
 * (the admin is told and can send again).
 */
export function createDirectMail({ users, transport, mail }: { users: UsersPort; transport: MailTransport; mail: MailConfig }) {
  const host = new URL(mail.publicUrl).hostname || 'localhost';
  return {
    /** `path` is relative to PUBLIC_URL and may carry a fragment. Resolves with the address it went to. */
    async send(userId: number, event: DirectNotice, path: string): Promise<string> {
      const contact = (await users.findContacts([userId])).get(userId);
      if (!contact) throw new Error(`No account ${userId} to email`);
      const rendered = await renderEmail({ event, language: contact.language, firstName: contact.firstName, link: `${mail.publicUrl}${path}`, settingsLink: null });
      await transport.send({
        to: contact.email,
        ...rendered,
        messageId: `<${event.kind}-${randomUUID()}@${host}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      return contact.email;
    },
  };
}

export type DirectMail = ReturnType<typeof createDirectMail>;
