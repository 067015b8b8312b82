// Sessions people can see and end (issue 21, section 2): the time-out warning, "Your sessions",
// and an admin ending a staff member's sessions.

/** The warning opens this long before a session ends (WCAG 2.2.1: at least 20 s to react). */
export const SESSION_WARNING_MS = 2 * 60_000;
/** Staff sessions end after this many idle minutes unless STAFF_IDLE_MINUTES says otherwise. */
export const STAFF_IDLE_MINUTES_DEFAULT = 30;

export const sessionsPaths = {
  list: '/api/sessions',
  refresh: '/api/sessions/refresh',
  endOthers: '/api/sessions/end-others',
  /** The caller ends one of their other sessions (its id from the list). */
  endOne: (sessionId: string) => `/api/sessions/${sessionId}/end`,
  /** An admin ends every session of a staff member: `/api/users/:id/sessions/end`. */
  endAllOf: (userId: number) => `/api/users/${userId}/sessions/end`,
} as const;

export const sessionApiMessages = {
  onlyStaff: 'Only the sessions of an employee or an admin can be ended here.',
  notYourself: 'Use "Sign out everywhere else" for your own sessions.',
  notThisOne: 'To end the session you are using, log out.',
} as const;

export const sessionTexts = {
  twoFactorTitle: 'Two-factor sign-in',
  twoFactorText: 'Add an authenticator app or a passkey so that a password alone cannot open your account.',
  twoFactorLink: 'Set up two-factor sign-in',
  warningTitle: 'You will be signed out in 2 minutes',
  warningBody: 'For your security, sessions end after a while. Choose "Stay signed in" to carry on where you are.',
  warningCountdown: 'Time left: {{time}}',
  stay: 'Stay signed in',
  signOut: 'Sign out',
  staying: 'Extending your session…',
  stayFailed: 'Your session could not be extended. Please sign in again.',
  signedOutTitle: 'You have been signed out',
  yourSessions: 'Your sessions',
  sessionsIntro: 'Where and when you are signed in. If you do not recognise a session, sign out everywhere else and change your password.',
  changePasswordLink: 'Change your password',
  endOne: 'Sign out this session',
  endedOne: 'The session was signed out.',
  thisDevice: 'This device',
  started: 'Signed in',
  lastActive: 'Last active',
  address: 'Address',
  browser: 'Browser',
  signOutOthers: 'Sign out everywhere else',
  signedOutOthers: 'Other sessions signed out: {{count}}.',
  noOtherSessions: 'You are not signed in anywhere else.',
  loadingSessions: 'Loading your sessions…',
  idleNote: 'Staff sessions end after {{minutes}} minutes without activity.',
  endStaffSessions: 'End all sessions',
  endStaffSessionsTitle: 'End every session of a staff member',
  endStaffSessionsIntro: 'The person is signed out on every device at once. This is recorded in the audit log.',
  staffMember: 'Staff member',
  staffSessionsEnded: 'Sessions ended for {{name}}: {{count}}.',
  unknownBrowser: 'Unknown browser',
} as const;
