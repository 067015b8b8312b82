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
    other: 'Something changed in your matters',
  },
  caseStatus: { PENDING: 'pending', IN_PROGRESS: 'in progress', RESOLVED: 'resolved', REJECTED: 'rejected' },
} as const;

export const NOTIFICATIONS_NS = registerTranslations('notifications', {
  en,
  pl: () => import('./i18n-pl'),
});
