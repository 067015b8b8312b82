import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@portal/contract';

/**
 * One-click unsubscribe tokens (RFC 8058): `<user id>.<category>.<HMAC-SHA256>` in base64url.
 * The key is derived from the JWT key (JWT_SECRET or the generated one), never stored in the
 * notification tables, so a database reader cannot forge one; a token works without signing in
 * and only ever switches one category of one person off.
 */
export function createUnsubscribeTokens(jwtSecret: string) {
  const key = createHmac('sha256', jwtSecret).update('portal notifications unsubscribe v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    sign(userId: number, category: NotificationCategory): string {
      const body = `${userId}.${category}`;
      return `${body}.${mac(body)}`;
    },

    /** The person and category, or null for anything not signed by us. */
    verify(token: string): { userId: number; category: NotificationCategory } | null {
      const match = /^([1-9]\d{0,9})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id = '', category = '', signature = ''] = match;
      const expected = Buffer.from(mac(`${id}.${category}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
      return { userId: Number(id), category: category as NotificationCategory };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
