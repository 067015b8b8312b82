// Getting back into an account (issue 35 points 2 and 3): a signed-in person changes their password;
// an admin sends a password-reset link to someone who cannot sign in. The spec's Reset tab on the
// login page stays as it is (its alert, no server call): this is the office's way back, beside it.

/** How long an admin-sent reset link works. */
export const PASSWORD_RESET_MINUTES = 30;
/** The longest reset link token a request may carry (the server makes 43 characters). */
export const PASSWORD_RESET_TOKEN_MAX = 100;

export const passwordPaths = {
  change: '/api/account/password',
  /** An admin sends a reset link to the account `:id`. */
  sendReset: (userId: number) => `/api/users/${userId}/password-reset`,
  /** Whether a reset link still works (signed out). */
  checkReset: '/api/password-reset/check',
  /** Sets the new password of a reset link (signed out). */
  completeReset: '/api/password-reset',
} as const;

/** Field and API messages (the web shows them in the reader's language, passwords-pl.ts). */
export const passwordMessages = {
  currentRequired: 'Current password is required',
  currentWrong: 'The current password is not correct.',
  confirmMismatch: 'The new passwords do not match.',
  changed: 'Your password was changed. Your other sessions were signed out.',
  resetLinkExpired: 'This password reset link has expired. Please ask the office for a new one.',
  resetLinkUsed: 'This password reset link has already been used. Please ask the office for a new one if you need it.',
  resetLinkInvalid: 'This password reset link is not valid. Please check that you opened the whole link from the email.',
  resetSent: 'A password reset link was sent to {{email}}. It works for 30 minutes.',
  resetDone: 'Your new password is set. Every session of the account was signed out. You can now log in.',
  resetNotYourself: 'Change your own password on your account page.',
  resetNoEmail: 'The email could not be sent. Please try again later.',
  resetTooOften: 'This account was sent several reset links within the hour. Please try again later.',
} as const;

/** Why a reset link no longer works. */
export const RESET_LINK_STATES = ['valid', 'expired', 'used', 'invalid'] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];

/** The portal entry (and the email's first paragraph) telling an owner their password changed. */
export const passwordNoticeMessages = {
  changed: 'Your password was changed. Your other sessions were signed out.',
  reset: 'Your password was set through a reset link from the office. Every session was signed out.',
} as const;

/** The emails of this domain: the owner told of a change, and the reset link itself. */
export const passwordEmailMessages = {
  changedSubject: 'Your password was changed',
  notYou: 'If you did not do this, contact the office at once: someone may know your password.',
  changedAction: 'Review your sessions',
  resetSubject: 'Set a new password for the City Service Portal',
  resetIntro: 'The office sent you this link at your request so that you can set a new password.',
  resetExpiry: 'The link works once, for 30 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
  resetAction: 'Set a new password',
} as const;
