import { registerTranslations } from '../i18n';

/** The receipt download buttons, shared by the letters and cases features (issue 20). */
export const RECEIPT_DOWNLOADS_NS = registerTranslations('receipt-downloads', {
  en: {
    label: 'Download receipt (PDF)',
    labelOf: 'Download receipt (PDF): {{what}}',
    failed: 'The receipt could not be downloaded. Please try again.',
    intro: 'Receipts sealed by the office, which anyone can check at',
    listLabel: 'Receipts',
    kinds: {
      'letter-sent': 'letter sent',
      'case-submitted': 'case submitted',
      'document-added': 'document {{reference}}',
      'conversation-resolved': 'conversation resolved',
      'case-status-changed': 'status changed, {{date}}',
      'case-decision-delivered': 'decision delivered, {{date}}',
      'case-supplement-answered': 'case supplemented, {{date}}',
      'case-appealed': 'appeal lodged, {{date}}',
      // Issue 32 points 5 and 6: the late terms' receipts.
      'delay-notice': 'delay notice, {{date}}',
      'prompt-sent': 'prompt sent, {{date}}',
      'prompt-answered': 'prompt answered, {{date}}',
    },
  },
  pl: () => import('./i18n-pl'),
});
