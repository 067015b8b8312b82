import type { ConversationListItem, MessageResponse, UserResponse } from '@portal/contract';

// Test data for the letters screens (unit tests only); fetch is stubbed with test/fetch.ts.

export const anna: UserResponse = {
  id: 4,
  username: 'anowak',
  email: 'anowak@example.org',
  firstName: 'Anna',
  lastName: 'Nowak',
  role: 'USER',
  phoneNumber: '501234567',
  dateOfBirth: '1990-04-01',
  enabled: true,
};

export const jan: UserResponse = {
  id: 2,
  username: 'jkowalski',
  email: 'jan@example.org',
  firstName: 'Jan',
  lastName: 'Kowalski',
  role: 'EMPLOYEE',
  phoneNumber: '601234567',
  dateOfBirth: '1985-06-21',
  enabled: true,
};

/** A conversation as the list calls answer it (with the caller's unread count). */
export function conversation(overrides: Partial<ConversationListItem> = {}): ConversationListItem {
  return {
    id: 11,
    letterId: 31,
    subject: 'Broken streetlight on Main Street',
    nameSurname: 'Anna Nowak',
    status: 'IN_PROGRESS',
    resolvedDate: null,
    content: 'The streetlight in front of number 12 has been dark for a week.',
    recipient: 'Public Works Department',
    userId: anna.id,
    employeeId: jan.id,
    employeeName: 'Jan Kowalski',
    createdAt: '2025-03-10T08:00:00.000Z',
    dueDate: '2025-04-10',
    termMonths: 1,
    unreadCount: 0,
    ...overrides,
  };
}

export function chatMessage(overrides: Partial<MessageResponse> = {}): MessageResponse {
  return {
    id: 101,
    conversationId: 11,
    senderId: jan.id,
    senderName: 'Jan Kowalski',
    content: 'We will send a crew tomorrow.',
    sentAt: '2025-03-10T09:00:00.000Z',
    seq: 1,
    ...overrides,
  };
}

/** A promise the test settles when it wants, to look at the screen while a call is pending. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
