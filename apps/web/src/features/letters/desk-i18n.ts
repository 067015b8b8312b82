import { registerTranslations } from '../../lib/i18n';

/**
 * The Employee Dashboard's own words (its tabs, the queue, the archive, resolving; issue 33's due
 * dates and templates tab), in a namespace of their own so the citizen's User Dashboard, which
 * shares the letters' texts, does not download them.
 */
export const LETTERS_DESK_NS = registerTranslations('letters-desk', {
  en: {
    overdue: 'Overdue',
    workingDays: 'Working days waited: {{count}}',
    templatesTab: 'My reply templates',
    actions: {
      showLetter: 'Show Letter',
      markResolved: 'Mark as Resolved',
      close: 'Close',
      yes: 'Yes',
      no: 'No',
    },
    staffList: {
      openConversations: 'Open conversations',
      inProgress: 'Conversations in progress',
      archived: 'Archived conversations',
      noOpen: 'No open conversations are waiting to be taken.',
      noOpenInDepartment: 'No open conversations of this department are waiting to be taken.',
      noInProgress: 'You have no conversations in progress. Take one in Take Conversations.',
      goToTake: 'Go to Take Conversations',
      take: 'Take Conversation',
      taking: 'Taking...',
    },
    due: { 'due-soon': 'Due soon', overdue: 'Overdue' },
    staffFields: { received: 'Received', waiting: 'Waiting' },
    welcomeEmployee: 'Welcome, {{fullName}}!',
    employeeTabs: {
      label: 'Letter service',
      take: 'Take Conversations',
      conversations: 'Your Conversations',
      archived: 'Archived Conversations',
    },
    queue: {
      filter: 'Show letters to',
      allDepartments: 'All departments',
      count: 'Letters waiting: {{count}}, earliest due first',
      justArrived: 'less than a minute',
      lostTake: 'Another employee took this conversation before you. It is in their Your Conversations now.',
      dismiss: 'Remove from the list',
    },
    archive: {
      read: 'Read the conversation',
      title: 'Archived conversation: {{subject}}',
      back: 'Back to Archived Conversations',
      search: 'Search the archive',
      searchHint: "Subject, sender's name or letter ID",
      noMatches: 'No archived conversation matches \u201c{{q}}\u201d.',
      matches: 'Conversations matching \u201c{{q}}\u201d: {{count}}',
      filters: 'Search and filter the archive',
      department: 'Department',
      resolvedFrom: 'Resolved from',
      resolvedTo: 'Resolved to',
      clear: 'Clear the search and filters',
      found: 'Conversations found: {{count}}',
      noFiltered: 'No archived conversation matches the chosen filters.',
      noFilteredMatches: 'No archived conversation matches \u201c{{q}}\u201d and the chosen filters.',
    },
    letterModal: { title: 'Letter: {{subject}}' },
    resolveModal: {
      title: 'Mark as resolved?',
      question: 'Mark the conversation "{{subject}}" as resolved? It moves to Archived Conversations and no more messages can be sent.',
    },
    resolved: 'The conversation "{{subject}}" was resolved and moved to Archived Conversations.',
  },
  pl: () => import('./desk-i18n-pl'),
});
