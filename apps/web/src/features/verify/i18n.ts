import { RECEIPT_VERIFY_MAX_MB, receiptApiMessages } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

const en = {
  verify: {
    title: 'Verify a receipt',
    intro: 'Check that a receipt PDF was issued by the office and has not been changed since. The file is checked on the server and is not kept.',
    dropArea: 'Drag and drop a receipt PDF here or click to choose a file',
    dropHint: `One PDF, at most ${RECEIPT_VERIFY_MAX_MB} MB`,
    checking: 'Checking the receipt...',
    genuineTitle: 'Genuine receipt',
    refusedTitle: 'Not a genuine receipt',
    signature: {
      office: 'The signature is the office’s.',
      other: 'The file is signed, but not by the office.',
      invalid: 'The signature is broken.',
      missing: 'The file carries no signature.',
    },
    unchanged: 'The document has not been changed since it was signed.',
    changed: 'The document was changed after it was signed.',
    inRecords: 'The office’s records hold this receipt.',
    notInRecords: 'The office’s records do not hold this receipt.',
    proves: 'It proves: {{what}}, reference {{reference}}, {{date}}.',
    file: 'File checked: {{name}}',
    failed: 'The receipt could not be checked. Please try again.',
    notPdf: 'The file is not a PDF.',
    empty: 'The file is empty.',
    tooLarge: receiptApiMessages.tooLarge,
  },
  provenKinds: {
    'letter-sent': 'a letter sent',
    'case-submitted': 'a case submitted',
    'document-added': 'a document added to a case',
    'conversation-resolved': 'a decision on a letter',
    'case-status-changed': 'a decision on a case',
    'case-decision-delivered': 'the delivery of a decision on a case',
    'case-supplement-answered': 'a case supplemented by its applicant',
    'case-appealed': 'an appeal of a decision on a case',
  },
};

export const VERIFY_NS = registerTranslations('verify', {
  en,
  pl: () => import('./i18n-pl'),
});
