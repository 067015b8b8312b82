import { registerTranslations } from '../../lib/i18n';

const en = {
  welcomeUser: 'Welcome, {{firstName}}!',
  userTabs: {
    label: 'Letter service',
    create: 'Create a Letter',
    conversations: 'Your Conversations',
  },
  form: {
    title: 'Write to a city department',
    intro: 'All fields are required. An employee of the department will answer you in Your Conversations.',
    subject: 'Subject',
    body: 'Body',
    department: 'Department',
    chooseDepartment: 'Choose a department',
    submit: 'Submit',
    busy: 'Sending...',
  },
  receipt: {
    title: 'Proof of sending',
    intro: 'Your letter has reached the department. Keep its reference for any contact with the office.',
    reference: 'Reference (letter ID)',
    open: 'Open the conversation about this letter',
  },
  /** The office's legal clock (issue 32): a month unless the department's term says otherwise (KPA art. 237). */
  due: {
    answerBy: 'Answer due by {{date}}',
    label: 'Answer due by',
  },
  departments: {
    'City Administration': 'City Administration',
    'Public Works Department': 'Public Works Department',
    'Parks and Recreation Department': 'Parks and Recreation Department',
  },
  status: { OPEN: 'Open', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved' },
  fields: {
    letterId: 'Letter ID',
    subject: 'Subject',
    sender: 'Sender',
    status: 'Status',
    resolvedDate: 'Resolved date',
    department: 'Department',
    sent: 'Sent',
  },
  list: {
    yourConversations: 'Your conversations',
    selectPrompt: 'Select a conversation to open its chat.',
    writeLetter: 'Write a letter',
    unread: 'Unread messages: {{count}}',
  },
  chat: {
    title: 'Chat: {{subject}}',
    messages: 'Messages',
    empty: 'No messages yet. Write the first one below.',
    emptyArchived: 'No messages were written in this conversation.',
    you: 'You',
    sending: 'sending...',
    messageLabel: 'Your message',
    send: 'Send',
    closed: 'This conversation is resolved and closed. No more messages can be sent.',
    outcome: 'Resolved by {{name}} on {{date}}: {{message}}',
    outcomeNoMessage: 'Resolved by {{name}} on {{date}}.',
    offline: 'Live updates are paused; the chat refreshes every few seconds.',
    waiting: 'Waiting for an employee to take your letter',
    handledBy: 'Handled by {{name}}',
    olderMessages: 'Show older messages',
    loadingOlder: 'Loading older messages...',
  },
  letter: {
    yours: 'Your letter',
    theLetter: 'The letter',
    text: 'Letter text',
  },
} as const;

// Polish as a Polish office writes it: "pismo" (not "list") for a letter to the office, a formal
// greeting with the full name, and one name per service (see lib/i18n/common.ts: nav and page).
export const LETTERS_NS = registerTranslations('letters', {
  en,
  pl: () => import('./i18n-pl'),
});
