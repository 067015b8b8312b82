// A citizen's own data (issue 21, section 3): the export ZIP and closing the account.

export const myDataPaths = {
  export: '/api/my-data/export',
  closure: '/api/my-data/closure',
  closureRequests: '/api/account-closures',
  approve: (userId: number) => `/api/account-closures/${userId}/approve`,
} as const;

/** Exports one person may download per hour (counted in the database, on every API process). */
export const EXPORTS_PER_HOUR = 5;

export const CLOSURE_STATUSES = ['NONE', 'REQUESTED', 'CLOSED'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

export const myDataApiMessages = {
  onlyCitizens: 'Only a citizen account can be closed this way.',
  alreadyRequested: 'Closing this account has already been requested.',
  noRequest: 'This account has no pending request to be closed.',
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
