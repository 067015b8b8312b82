import { createHmac, timingSafeEqual } from 'node:crypto';
import { RATING_LINK_DAYS } from '@portal/contract';

/*
 * The rating link of a resolved letter's email (issue 32 point 8): `<letter id>.<expiry, Unix
 * seconds>.<HMAC-SHA256>` in base64url, signed as the notifications' unsubscribe links are, with
 * a key derived from the session key for this purpose alone (a database reader cannot forge one).
 * The notifications worker signs it when it writes the email; the letters module checks it. It is
 * single-use because a letter is rated once: the second use is told "already rated".
 */
export function createRatingLinks(sessionKey: string) {
  const key = createHmac('sha256', sessionKey).update('portal letter rating v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    /** The token for `letterId`, working until RATING_LINK_DAYS after `resolvedAt` (ISO 8601). */
    sign(letterId: number, resolvedAt: string): string {
      const expires = Math.floor(Date.parse(resolvedAt) / 1000) + RATING_LINK_DAYS * 86_400;
      const body = `${letterId}.${expires}`;
      return `${body}.${mac(body)}`;
    },

    /** The letter and the link's last moment, or null for anything not signed by us. */
    verify(token: string): { letterId: number; expiresAt: Date } | null {
      const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id = '', expires = '', signature = ''] = match;
      const expected = Buffer.from(mac(`${id}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { letterId: Number(id), expiresAt: new Date(Number(expires) * 1000) };
    },
  };
}

export type RatingLinks = ReturnType<typeof createRatingLinks>;
