import { handoffMessages } from '@portal/contract';
import { registerMessageGroup, registerTranslations } from '../../../lib/i18n';

/** The server's words for hand-ons and reopenings, shown beside the fields they concern. */
export const HANDOFF_MESSAGES_NS = registerMessageGroup('handoff-messages', { en: handoffMessages, pl: () => import('./messages-pl') });

/** Handing a letter on and reopening it: loaded with its lazy chunk, never with the dashboards' shell. */
export const HANDOFFS_NS = registerTranslations('handoffs', {
  en: {
    transfer: {
      open: 'Transfer',
      title: 'Transfer the letter',
      intro: 'The letter keeps its date: the office still owes an answer by {{date}}. The citizen sees where it went and your reason.',
      to: 'Transfer to',
      toDepartment: 'Another department',
      toColleague: 'A colleague',
      department: 'Department',
      chooseDepartment: 'Choose a department',
      colleague: 'Colleague',
      chooseColleague: 'Choose a colleague',
      reason: 'Reason',
      reasonHint: 'Up to {{max}} characters. The citizen reads it.',
      submit: 'Transfer',
      submitting: 'Transferring...',
      cancel: 'Cancel',
      done: 'The letter "{{subject}}" was transferred.',
      failed: 'The letter could not be transferred. Please try again.',
      colleaguesFailed: 'The list of colleagues could not be loaded.',
    },
    history: {
      title: 'Where the letter went',
      transfer: 'Transferred from {{from}} to {{to}}',
      transferToPerson: 'Handed to {{name}}',
      release: 'Returned to the queue of {{to}}',
      reopen: 'Reopened',
      reason: 'Reason: {{reason}}',
      loadFailed: 'The letter\u2019s history could not be loaded.',
    },
    reopen: {
      open: 'Reopen the letter',
      until: 'You may reopen this letter until {{date}} ({{remaining}} of 3 reopenings left).',
      title: 'Reopen the letter',
      intro: 'Tell the office why the answer did not settle your matter. The letter goes back to the clerk who handled it.',
      reason: 'Why are you reopening it?',
      reasonHint: 'Up to {{max}} characters.',
      submit: 'Reopen',
      submitting: 'Reopening...',
      cancel: 'Cancel',
      done: 'Your letter was reopened.',
      failed: 'The letter could not be reopened. Please try again.',
    },
  },
  pl: () => import('./i18n-pl'),
});
