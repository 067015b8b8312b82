// Letters to departments and the conversations about them (spec sections 4, 5 and 9).

export const CONVERSATION_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const DEPARTMENTS = [
  'City Administration',
  'Public Works Department',
  'Parks and Recreation Department',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const SUBJECT_PREVIEW_LENGTH = 6;
export const CHAT_BOX_MAX_HEIGHT_PX = 300;

/** Bounds the spec leaves open; they keep one request from filling the database. */
export const LETTER_SUBJECT_MAX = 200;
export const LETTER_CONTENT_MAX = 10_000;
export const MESSAGE_CONTENT_MAX = 5_000;

/** A page of chat history (`?before=&limit=`): the size the web chat asks for, and the most one call may ask. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PAGE_MAX = 200;
/** The longest search text of staff's conversation lists (the archive's search box). */
export const CONVERSATION_SEARCH_MAX = 100;

/** Exact texts of spec sections 5 and 8. The web shows them and the API answers with them. */
export const letterMessages = {
  required: 'Subject, body, and department are required.',
  created: 'Letter created successfully!',
  failed: 'Failed to create letter.',
  error: 'An error occurred while creating the letter.',
  conversationTaken: 'Conversation taken successfully!',
  noConversations: 'No conversations available',
  noArchived: 'No archived conversations available.',
  messageEmpty: 'Message cannot be empty.',
} as const;

/** Why the server refuses a conversation step (spec section 4 transitions, enforced by the API). */
export const conversationApiMessages = {
  alreadyTaken: 'This conversation has already been taken by another employee.',
  notOpen: 'Only an open conversation can be taken.',
  notInProgress: 'Only a conversation in progress can be marked as resolved.',
  notYours: 'Only the employee handling this conversation can resolve it.',
  onlyResolve: 'The status can only be set to RESOLVED here; take an open conversation to start it.',
  resolved: 'This conversation is resolved; no more messages can be sent.',
  conversationMismatch: 'conversationId must match the conversation in the address.',
  notStaff: 'Conversations can only be assigned to an active employee.',
  unknownUser: 'No such user.',
  /** Citizen quotas (config CITIZEN_*): far above what one person's affairs need. */
  lettersQuota: 'You have sent too many letters in the last hour. Please try again later.',
  messagesQuota: 'You have sent too many messages in the last hour. Please try again later.',
  searchTooLong: `Search text must be at most ${CONVERSATION_SEARCH_MAX} characters.`,
  subjectTooLong: `Subject cannot exceed ${LETTER_SUBJECT_MAX} characters.`,
  contentTooLong: `The letter cannot exceed ${LETTER_CONTENT_MAX} characters.`,
  messageTooLong: `A message cannot exceed ${MESSAGE_CONTENT_MAX} characters.`,
} as const;
