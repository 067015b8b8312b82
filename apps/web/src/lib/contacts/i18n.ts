import { caseTypeLabels } from '@portal/contract';
import { registerTranslations } from '../i18n';

/** The contact panel beside a conversation and a case (issue 33), shared by the letters and cases features. */
export const CONTACT_PANEL_NS = registerTranslations('contact-panel', {
  en: {
    title: 'About the applicant',
    name: '{{firstName}} {{lastName}}',
    username: 'Username: {{username}}',
    letters: 'Other letters',
    cases: 'Other cases',
    obligations: 'Unpaid obligations',
    noLetters: 'No other letters.',
    noCases: 'No other cases.',
    noObligations: 'No unpaid obligations.',
    due: 'due {{date}}',
    amount: '{{amount}} PLN',
    loadFailed: 'The applicant\u2019s matters could not be loaded.',
    caseTypes: caseTypeLabels.en,
    conversationStatus: { OPEN: 'Open', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved' },
    caseStatus: { PENDING: 'Pending', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved', REJECTED: 'Rejected' },
    paymentStatus: { PENDING: 'Pending', PAID: 'Paid', OVERDUE: 'Overdue' },
  },
  pl: () => import('./i18n-pl'),
});
