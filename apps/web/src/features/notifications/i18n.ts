import { passwordNoticeMessages, secondFactorNoticeMessages } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

const en = {
  title: 'Notification settings',
  intro: 'Choose which emails the portal sends you. Notices about your account always arrive.',
  legend: 'Email me about',
  categories: {
    replies: 'New replies in my conversations',
    status: 'Status changes of my letters and cases',
    obligations: 'New obligations and payment reminders',
  },
  loading: 'Loading your settings…',
  loadError: 'Your settings could not be loaded. Try again later.',
  saved: 'Saved.',
  saveError: 'Not saved. Try again.',
  list: {
    title: 'Notifications',
    markAll: 'Mark all as read',
    empty: 'No notifications yet. The portal lists here what happens to your letters, cases and payments.',
    loadError: 'Your notifications could not be loaded. Try again later.',
    unread: 'Unread',
    settings: 'Notification settings',
  },
  entry: {
    'letter-taken': 'A clerk took your letter (conversation no. {{id}})',
    reply: 'New reply in conversation no. {{id}}',
    'conversation-resolved': 'Conversation no. {{id}} was resolved',
    'case-status': 'Case no. {{id}} has a new status: {{status}}',
    'obligation-created': 'New payment FO {{id}}: {{amount}}, due {{date}}',
    'obligation-due-soon': 'Payment FO {{id}} is due on {{date}}',
    'obligation-overdue': 'Payment FO {{id}} is overdue (due {{date}})',
    'account-registered': 'Your employee account was created',
    'account-activated': 'Your account was activated',
    'account-deactivated': 'Your account was deactivated',
    'delivery-failed': 'An email to account no. {{recipient}} could not be delivered: {{reason}}',
    'account-closure-requested': 'We received your request to close your account',
    'account-closure-withdrawn': 'Your request to close your account was withdrawn',
    'account-closure-refused': 'Your account was not closed. Reason: {{reason}}',
    other: 'Something changed in your matters',
  },
  /** An entry that names its matter: `L-4: Broken street lamp`, `C-4: Vehicle registration - KR 7781X`. */
  entryNamed: {
    'letter-taken': 'A clerk took your letter {{matter}}',
    reply: 'New reply: {{matter}}',
    'conversation-resolved': 'Resolved: {{matter}}',
    'case-status': '{{matter}} has a new status: {{status}}',
    'delay-notice': '{{matter}} was not handled in its term; the new date is {{date}}. You may send a prompt.',
    'prompt-received': 'A prompt about {{matter}}: answer it by {{date}}',
    'prompt-answered': 'Your prompt about {{matter}} was answered; the new date is {{date}}',
    'prompt-answered-decided': 'Your prompt about {{matter}} was answered',
    'conversation-transferred': 'Handed on: {{matter}}',
    'conversation-released': 'Back in the queue: {{matter}}',
    'conversation-reopened': 'Reopened: {{matter}}',
    'case-reassigned': 'Handed on: {{matter}}',
    'case-released': 'Back in the queue: {{matter}}',
  },
  /** Issue 32: a clerk's warnings before a matter's term runs out. */
  deadlineWarning: {
    'three-quarters': '{{matter}}: three quarters of its term have passed (due {{date}})',
    'last-days': '{{matter}}: its last working days (due {{date}})',
    overdue: '{{matter}} is overdue (it was due {{date}}): send the delay notice',
  },
  /** Issue 32 point 8: answering back on a case. */
  caseStep: {
    'supplement-requested': 'The office asks you to supplement {{matter}}',
    'supplement-answered': 'The applicant supplemented {{matter}}',
    'appeal-lodged': 'Your appeal of {{matter}} was lodged',
    'appeal-received': 'The decision on {{matter}} was appealed',
  },
  caseStatus: { PENDING: 'pending', IN_PROGRESS: 'in progress', RESOLVED: 'resolved', REJECTED: 'rejected' },
  /** Issue 34: the entry of each change to the person's second factors (the email's first paragraph). */
  /** Issue 35: the entry of a password changed by its owner or through a reset link (the email's first paragraph). */
  password: { changed: passwordNoticeMessages.changed, reset: passwordNoticeMessages.reset },
  secondFactor: {
    'totp-added': secondFactorNoticeMessages['totp-added'],
    'passkey-added': secondFactorNoticeMessages['passkey-added'],
    'recovery-codes-renewed': secondFactorNoticeMessages['recovery-codes-renewed'],
    'turned-off': secondFactorNoticeMessages['turned-off'],
    'reset-by-admin': secondFactorNoticeMessages['reset-by-admin'],
    'codes-paused': secondFactorNoticeMessages['codes-paused'],
  },
} as const;

export const NOTIFICATIONS_NS = registerTranslations('notifications', {
  en,
  pl: () => import('./i18n-pl'),
});
