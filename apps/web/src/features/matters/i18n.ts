import { matterNextSteps } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

const en = {
  title: 'My matters',
  navLabel: 'Your matters',
  intro: 'Every letter, case and payment of yours in one place, the most recent first.',
  filters: 'Find a matter',
  kind: 'Kind',
  kinds: { all: 'All kinds', letter: 'Letters', case: 'Cases', obligation: 'Payments' },
  state: 'Whose move',
  states: { all: 'All', 'waiting-for-office': 'Waiting for the office', 'waiting-for-me': 'Waiting for me', closed: 'Closed' },
  search: 'Search',
  searchHint: 'A reference (L-4, C-4, FO 4) or words of the subject',
  found: 'Matters found: {{count}}',
  loading: 'Loading your matters…',
  loadError: 'Your matters could not be loaded. Try again later.',
  empty: 'You have no letters, cases or payments yet.',
  noMatches: 'No matter matches these filters.',
  kindLabel: { letter: 'Letter', case: 'Case', obligation: 'Payment' },
  status: 'Status',
  statuses: {
    OPEN: 'Waiting to be taken',
    IN_PROGRESS: 'In progress',
    RESOLVED: 'Resolved',
    PENDING: 'Pending',
    REJECTED: 'Rejected',
    PAID: 'Paid',
    OVERDUE: 'Overdue',
  },
  paymentPending: 'To pay',
  lastActivity: 'Last activity',
  answerBy: 'Office answers by',
  payBy: 'Pay by',
  termPaused: 'The term is paused until you answer',
  next: 'What happens next',
  overdue: 'Overdue',
  noSubject: 'Payment',
  pages: 'Pages of your matters',
  previous: 'Previous',
  nextPage: 'Next',
  page: 'Page {{page}} of {{pages}}',
  nextSteps: matterNextSteps,
} as const;

export const MATTERS_NS = registerTranslations('matters', {
  en,
  pl: () => import('./i18n-pl'),
});
