import { passwordMessages } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

// Change password and the reset link's page (issue 35); the rules and field messages are the contract's.
const en = {
  /** The contract's messages of this domain (zod issues, API errors): here, not in the app shell every screen loads. */
  messages: passwordMessages,
  change: {
    title: 'Change your password',
    formTitle: 'Your password',
    intro: 'Enter your current password, then the new one twice. Your other sessions will be signed out; this one stays.',
    current: 'Current password',
    next: 'New password',
    again: 'Repeat the new password',
    rules: 'From 8 to 50 characters, with both letters and numbers.',
    submit: 'Change password',
    busy: 'Changing...',
    failed: 'Your password could not be changed. Please try again.',
    back: 'Back to your account',
  },
  reset: {
    title: 'Set a new password',
    formTitle: 'Your new password',
    intro: 'Choose a new password for your account. Every session of the account will be signed out.',
    checking: 'Checking your link...',
    submit: 'Set the new password',
    busy: 'Saving...',
    failed: 'The new password could not be saved. Please try again.',
    expiresAt: 'This link works until {{time}}.',
    toLogin: 'Go to the login page',
    missing: 'This page needs the link from the password reset email. Please open the whole link from the email.',
  },
} as const;

export const PASSWORDS_NS = registerTranslations('passwords', { en, pl: () => import('./i18n-pl') });
