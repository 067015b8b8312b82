import { SECOND_FACTOR_FAILURES_PER_ACCOUNT, SECOND_FACTOR_PAUSE_MINUTES } from './two-factor.js';

// What the owner reads of a change to their second factors (issue 34): the portal entry and the
// email. A file of its own: two-factor.ts is part of every screen's first download (its messages
// translate the API's answers), these words only of the notifications panel's and the API's.

/** The notice of each change: its portal entry, and the email's first paragraph. */
export const secondFactorNoticeMessages = {
  'totp-added': 'An authenticator app was set up to sign in to your account.',
  'passkey-added': 'A passkey was added to sign in to your account.',
  'recovery-codes-renewed': 'New recovery codes were made for your account; the earlier ones no longer work.',
  'turned-off': 'Two-factor sign-in was turned off for your account.',
  'reset-by-admin': 'An administrator removed the second factors of your account.',
  'codes-paused': `${SECOND_FACTOR_FAILURES_PER_ACCOUNT} wrong sign-in codes were entered for your account, so sign-in codes are refused for up to ${SECOND_FACTOR_PAUSE_MINUTES} minutes.`,
} as const;

/** The other words of a second-factor email (apart from the notices: the web's bell never loads them). */
export const secondFactorEmailMessages = {
  changedSubject: 'Your sign-in settings changed',
  pausedSubject: 'Wrong sign-in codes for your account',
  notYou: 'If this was not you, change your password now and check your two-factor sign-in: someone may know your password or use your signed-in device.',
  pausedNotYou: 'If this was not you, someone knows your password: change it now.',
  action: 'Open two-factor sign-in',
} as const;
