import { registerTranslations } from '../../lib/i18n';

// The feature's own texts. The spec's quoted texts (headings, buttons, messages) are the contract's
// obligationMessages, shown through useMessageText (Polish in lib/i18n/messages-pl.ts).

const en = {
  view: { label: 'How to show your obligations' },
  totalToPay: 'Still to pay',
  totalNote: 'Pending and overdue obligations together.',
  fields: {
    description: 'Description',
    amount: 'Amount',
    dueDate: 'Due date',
    paymentStatus: 'Payment status',
    issueDate: 'Issue date',
  },
  noDescription: 'No description',
  /** The title of an obligation created without a description: its reference tells it apart. */
  untitled: 'Obligation {{reference}}',
  status: { PENDING: 'Pending', PAID: 'Paid', OVERDUE: 'Overdue' },
  pastDueNote: 'The due date has passed and this obligation is not paid yet.',
  chart: {
    year: 'Year',
    month: 'Month',
    canvasLabel: '{{title}}: a bar chart. The table below has the same totals.',
  },
  transfer: {
    title: 'Pay by bank transfer',
    intro: 'Send the amount to the city\u2019s account with this title, or scan the code with your banking app.',
    introNoCode: 'Send the amount to the city\u2019s account with this title.',
    afterTitle: 'After you pay',
    afterStatus: 'The status changes from Pending to Paid when the city\u2019s office has booked your transfer, usually within a few working days.',
    afterKeep: 'Use exactly this title, so your payment is matched to this obligation, and keep your bank\u2019s confirmation of the transfer until the status says Paid.',
    accountNumber: 'Account number',
    recipient: 'Recipient',
    amount: 'Amount',
    transferTitle: 'Transfer title',
    copy: 'Copy',
    copyWhat: 'Copy {{what}}',
    copied: '{{what}} copied.',
    copyFailed: 'Copying did not work here: select the text and copy it yourself.',
    codeAlt: 'Payment code for banking apps (Polish banks\u2019 standard): scan it to fill in this transfer.',
    codeCaption: 'Scan with your banking app',
    noCode: 'This amount is too large for the payment code (at most 9,999.99 PLN): enter the transfer in your bank yourself.',
  },
  create: {
    searchLabel: 'Find a citizen by username',
    labelsHint: 'Open a label to see the citizens whose username starts with it, or search.',
    results: 'Citizens matching \u201c{{q}}\u201d',
    noMatches: 'No citizen\u2019s username contains \u201c{{q}}\u201d.',
    labelUsers: 'Citizens under {{label}}',
    noLabels: 'There are no citizens yet.',
    showMore: 'Show more',
    loadingMore: 'Loading more...',
    submit: 'Create Obligation',
    busy: 'Creating...',
    formLabel: 'New financial obligation',
    optional: 'Optional.',
  },
  confirm: {
    title: 'Create this obligation?',
    summary: 'You are charging {{name}} {{amount}}, due {{date}}.',
    details: 'Issued {{issued}}, status {{status}}.',
    description: 'Description: {{description}}',
    noDescription: 'No description.',
    confirm: 'Create Obligation',
    cancel: 'Go back and change',
  },
  created: {
    title: 'Obligation created',
    intro: 'It is in {{name}}\u2019s Financial Obligations now. Quote the reference if they ask about it.',
    reference: 'Reference',
    citizen: 'Citizen',
  },
  recent: {
    title: 'Recent obligations of {{name}}',
    intro: 'Newest first: check for a duplicate before you create one.',
    loading: 'Loading their obligations...',
    empty: '{{name}} has no financial obligations yet.',
    failed: 'Their obligations could not be loaded. Check for a duplicate in a moment.',
    shown: 'The {{shown}} newest of {{total}}.',
    due: 'due {{date}}',
  },
};

export const OBLIGATIONS_NS = registerTranslations('obligations', { en, pl: () => import('./i18n-pl') });
