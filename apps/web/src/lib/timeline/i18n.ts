import { registerTranslations } from '../i18n';

/** A matter's timeline (issue 32 point 2), shared by the letters and cases features. */
export const TIMELINE_NS = registerTranslations('timeline', {
  en: {
    title: 'Timeline',
    loadFailed: 'The timeline could not be loaded.',
    empty: 'Nothing has happened yet.',
    you: 'You',
    office: 'The office',
    officeNamed: '{{name}}, the office',
    admin: 'The administration',
    receiptOf: 'Receipt (PDF): {{what}}',
    receiptFailed: 'The receipt could not be downloaded. Please try again.',
    reason: 'Reason: {{reason}}',
    other: 'Update: {{type}}',
    messages: {
      citizenOne: 'Your message',
      citizenMany: '{{count}} messages from you',
      officeOne: 'A message from the office',
      officeMany: '{{count}} messages from the office',
    },
    appealedUntil: 'Appeal lodged; the office decides again by {{date}}',
    rated: { yes: 'You rated the answer as helpful', no: 'You rated the answer as not helpful' },
    types: {
      'letter-sent': 'Letter sent to {{department}}',
      'conversation-taken': 'A clerk took the letter',
      'conversation-resolved': 'The letter was resolved',
      'case-submitted': 'Case submitted',
      'case-status-changed': 'Status changed from {{before}} to {{after}}',
      'document-added': 'Document added: {{name}}',
      'case-term-extended': 'The term was extended to {{months}} months',
      'case-supplement-requested': 'The office asked for the case to be supplemented; its term stands still',
      'case-supplement-answered': 'The request to supplement was answered; the term runs again',
      'case-decision-delivered': 'The decision (case {{decision}}) was delivered',
      'case-appealed': 'Appeal lodged against the decision',
      'case-note-added': 'Internal note',
      'conversation-note-added': 'Internal note',
      // Issue 32 points 5 and 6: a missed term, the citizen's prompt and its answer.
      'matter-delay-notified': 'Delay notice: not handled in its term; the new date is {{date}}',
      'matter-prompted': 'Prompt sent (KPA art. 37); the answer is due by {{date}}',
      'prompt-answered': 'The prompt was answered; the new date is {{date}}',
      'prompt-answered-decided': 'The prompt was answered',
    },
    status: { PENDING: 'pending', IN_PROGRESS: 'in progress', RESOLVED: 'resolved', REJECTED: 'rejected' },
  },
  pl: () => import('./i18n-pl'),
});
