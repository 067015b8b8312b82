import type { Role } from '@portal/contract';
import type { NotificationEvent } from '../events.js';

/** The web screen each email opens (relative to PUBLIC_URL); the dashboards open `?conversation=`. */
export function screenOf(event: NotificationEvent, role: Role): string {
  switch (event.kind) {
    case 'letter-taken':
    case 'reply':
    case 'conversation-resolved':
      return `${role === 'USER' ? '/user' : '/employee'}?conversation=${event.conversationId}`;
    case 'case-status':
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
  }
}

export const SETTINGS_SCREEN = '/notification-settings';
