// A citizen's own data (issue 21, section 3): the export ZIP and closing the account.

export const myDataPaths = {
  export: '/api/my-data/export',
  closure: '/api/my-data/closure',
  closureRequests: '/api/account-closures',
  approve: (userId: number) => `/api/account-closures/${userId}/approve`,
  refuse: (userId: number) => `/api/account-closures/${userId}/refuse`,
} as const;

/** The longest reason an admin may give for refusing to close an account. */
export const CLOSURE_REFUSAL_REASON_MAX = 1000;

/** Exports one person may download per hour (counted in the database, on every API process). */
export const EXPORTS_PER_HOUR = 5;

export const CLOSURE_STATUSES = ['NONE', 'REQUESTED', 'REFUSED', 'CLOSED'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

export const myDataApiMessages = {
  onlyCitizens: 'Only a citizen account can be closed this way.',
  alreadyRequested: 'Closing this account has already been requested.',
  noRequest: 'This account has no pending request to be closed.',
  reasonRequired: 'Please give the reason for refusing.',
  reasonTooLong: `The reason cannot exceed ${CLOSURE_REFUSAL_REASON_MAX} characters.`,
  exportLimit: 'You have downloaded your data several times within the hour. Please try again later.',
} as const;

export const myDataTexts = {
  title: 'Your account',
  intro: 'Your sessions and your data in one place.',
  myData: 'Your data',
  downloadIntro: 'One ZIP file with your account, letters and messages, obligations, and cases with their PDF documents.',
  download: 'Download my data',
  downloading: 'Preparing your file…',
  downloaded: 'Your data was downloaded.',
  closeTitle: 'Close my account',
  closeIntro:
    'An administrator checks the request. Your name, contact details and sign-in are then removed; records the office must keep (obligations, decisions, the audit trail) stay under a pseudonym.',
  closeButton: 'Ask to close my account',
  closeConfirmTitle: 'Close your account?',
  closeConfirmBody: 'Once an administrator approves, you can no longer sign in. Download your data first if you want a copy.',
  closeConfirm: 'Ask to close',
  cancel: 'Cancel',
  closeRequested: 'Your request to close the account was sent on {{date}}. An administrator will handle it.',
  withdraw: 'Withdraw the request',
  withdrawn: 'Your request to close the account was withdrawn.',
  closeRefused: 'An administrator refused to close your account on {{date}}.',
  refusalReason: 'Reason',
  askAgain: 'Ask again',
  closureTab: 'Account closures',
  refuse: 'Refuse',
  refused: 'The request of {{name}} was refused.',
  approveTitle: 'Close the account of {{name}}?',
  approveRemoved:
    'Removed: first and last name, username, email address, phone number, date of birth, password, sessions and portal notifications.',
  approveKept:
    'Kept under the pseudonym {{pseudonym}}, as the law requires: financial obligations, cases and decisions, letters, documents, receipts and the audit trail.',
  approveEmail: 'The person receives an email that the account was closed. This cannot be undone.',
  approveConfirm: 'Close the account',
  refuseTitle: 'Refuse to close the account of {{name}}?',
  refuseIntro: 'The person receives the reason by email and in the portal, and can ask again.',
  refuseConfirm: 'Refuse the request',
  decisionFailed: 'The request could not be handled. Please try again.',
  closureRequestsTitle: 'Requests to close an account',
  closureRequestsEmpty: 'No account is waiting to be closed.',
  approve: 'Approve and close',
  approved: 'The account was closed; it is now {{pseudonym}}.',
  requestedOn: 'Requested',
  person: 'Person',
  loading: 'Loading…',
  accountLink: 'Your account',
  exportLimit: 'You have downloaded your data several times within the hour. Please try again later.',
} as const;
