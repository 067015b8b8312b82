import { PASSWORD_RESET_PAGE, RATING_PAGE, type Role } from '@portal/contract';
import type { NotificationEvent } from '../events.js';
import { matterScreenOf } from './late-term-words.js';

/** The web screen each email opens (relative to PUBLIC_URL); the dashboards open `?conversation=`. */
export function screenOf(event: NotificationEvent, role: Role): string {
  switch (event.kind) {
    case 'letter-taken':
    case 'reply':
    case 'conversation-resolved':
    case 'conversation-transferred':
    case 'conversation-released':
    case 'conversation-reopened':
      return `${role === 'USER' ? '/user' : '/employee'}?conversation=${event.conversationId}`;
    case 'case-status':
    case 'case-step':
    case 'case-reassigned':
    case 'case-released':
      return `/createCase?case=${event.caseId}`;
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue':
      return `/financial-obligations?obligation=${event.obligationId}`;
    case 'account-registered':
    case 'account-activated':
      return '/login';
    case 'account-deactivated':
      return '/';
    case 'second-factor':
      return TWO_FACTOR_SCREEN;
    case 'password-changed':
      return event.how === 'changed' ? ACCOUNT_SCREEN : '/login';
    case 'password-reset-link':
      // The real link carries the secret in its fragment (direct-mail.ts); this is the page alone.
      return PASSWORD_RESET_PAGE;
    case 'account-closure-requested':
    case 'account-closure-withdrawn':
    case 'account-closure-refused':
      return ACCOUNT_SCREEN;
    case 'account-closed':
      return '/';
    case 'delay-notice':
    case 'prompt-answered':
    case 'deadline-warning':
      return matterScreenOf(event, role !== 'USER');
    case 'prompt-received':
      return '/admin?tab=prompts';
  }
}

/** The web's own account page (apps/web/src/features/account), where a closure is asked for. */
export const ACCOUNT_SCREEN = '/account';
export const SETTINGS_SCREEN = '/notification-settings';
/** The web's own two-factor set-up (apps/web/src/lib/service-links.ts). */
export const TWO_FACTOR_SCREEN = '/account/two-factor';

/**
 * The resolved letter's rating link for its citizen (issue 32 point 8): the public page with the
 * signed token in its fragment, which no server log sees; null for any other email.
 */
export function ratingLinkOf(event: NotificationEvent, role: Role, publicUrl: string, sign: (letterId: number, resolvedAt: string) => string | null): string | null {
  if (event.kind !== 'conversation-resolved' || role !== 'USER' || event.letterId === undefined || event.resolvedAt === undefined) return null;
  const token = sign(event.letterId, event.resolvedAt);
  return token === null ? null : `${publicUrl}${RATING_PAGE}#${token}`;
}
