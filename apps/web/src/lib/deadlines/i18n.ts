import { deadlineMessages } from '@portal/contract';
import { registerMessageGroup, registerTranslations } from '../i18n';

/** The server's words of the late terms, shown by these screens only (staff dialog, citizen's prompt, admins' tab). */
export const DEADLINE_MESSAGES_NS = registerMessageGroup('deadline-messages', { en: deadlineMessages, pl: () => import('./messages-pl') });

/** Late terms (issue 32 points 5 and 6), shared by letters, cases and the admin's prompts. */
export const DEADLINES_NS = registerTranslations('deadlines', {
  en: {
    badge: { 'due-soon': 'Due soon', overdue: 'Overdue' },
    badgeDue: 'due {{date}}',
    notice: {
      title: 'The term has passed: tell the citizen',
      intro: 'The office must tell the citizen why {{reference}} was not handled by {{date}} and when it will be (KPA art. 36). You can reply or decide once the notice is sent.',
      reason: 'Reason for the delay',
      reasonText: 'We could not handle your matter in its term because we are still waiting for information needed to decide it.',
      newDate: 'New date (a working day after today)',
      send: 'Send the notice',
      sending: 'Sending...',
      sent: 'The delay notice was sent to the citizen.',
      failed: 'The notice could not be sent. Please try again.',
      citizenReads: 'The citizen receives it in the portal, by email and as a signed receipt, with the information that they may send a prompt.',
    },
    prompt: {
      title: 'The office is late',
      overdue: 'The office had to answer by {{date}}. You may send a prompt (ponaglenie, KPA art. 37): an administrator answers it within 7 days.',
      newDate: 'The office set a new date: {{date}}.',
      from: 'You can send a prompt from {{date}}.',
      label: 'Your prompt',
      hint: 'Up to {{max}} characters. Say what you ask the office to do.',
      send: 'Send the prompt',
      sending: 'Sending...',
      sent: 'Your prompt was sent. You will find the receipt with this matter.',
      failed: 'The prompt could not be sent. Please try again.',
      history: 'Your prompts',
      answerBy: 'sent {{sent}}, answer due by {{date}}',
      answer: 'Answer: {{answer}}',
      waiting: 'Waiting for the answer.',
    },
  },
  pl: () => import('./i18n-pl'),
});
