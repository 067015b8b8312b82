import {
  conversationListResponse,
  conversationReadResponse,
  conversationResponse,
  messageListResponse,
  messageResponse,
  type ConversationListItem,
  type ConversationReadResponse,
  type ConversationResponse,
  type ConversationStatus,
  type CreateLetterRequest,
  type MessageResponse,
  type SendMessageRequest,
} from '@portal/contract';
import { http } from '../../../lib/http';

// The letters calls of spec section 7, one function per operation, named as the API names them.

/**
 * "Response body not shown" (spec section 7): success is the status alone. Our API answers the new
 * conversation, which the proof of sending shows; another answer gives undefined, never an error.
 */
export function createLetter(body: CreateLetterRequest): Promise<ConversationResponse | undefined> {
  return http.post('/api/letters', body).then((answer) => {
    const parsed = conversationResponse.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  });
}

export function fetchStaffConversations(status: ConversationStatus, employeeId: number): Promise<ConversationListItem[]> {
  // The spec's call; its optional `order=due` (issue 33) lists open and in-progress letters by the date the answer is due.
  // The archive's search and filters are api/archive.ts's, on the Employee Dashboard's code only.
  const query = new URLSearchParams({ status, employeeId: String(employeeId), ...(status === 'RESOLVED' ? {} : { order: 'due' }) });
  return http.get(`/api/conversations?${query}`, conversationListResponse);
}

export function fetchUserConversations(userId: number): Promise<ConversationListItem[]> {
  return http.get(`/api/conversations/user/${userId}`, conversationListResponse);
}

export function takeConversation(conversationId: number, employeeId: number): Promise<ConversationResponse> {
  return http.put(`/api/conversations/${conversationId}/take?employeeId=${employeeId}`, undefined, conversationResponse);
}

export function resolveConversation(conversationId: number): Promise<unknown> {
  return http.put(`/api/conversations/${conversationId}/status`, { status: 'RESOLVED' });
}

/** One page of a chat: the newest `limit` messages before the message `before` (or the newest), oldest first. */
export function fetchMessagesPage(conversationId: number, page: { before?: number; limit: number }): Promise<MessageResponse[]> {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.before !== undefined) query.set('before', String(page.before));
  return http.get(`/api/conversations/${conversationId}/messages?${query}`, messageListResponse);
}

/** The caller has read the conversation up to `lastReadMessageId`; the server keeps it per person. */
export function markConversationRead(conversationId: number, lastReadMessageId: number): Promise<ConversationReadResponse> {
  return http.put(`/api/conversations/${conversationId}/read`, { lastReadMessageId }, conversationReadResponse);
}

export function sendMessage(body: SendMessageRequest): Promise<MessageResponse | undefined> {
  return http.post(`/api/conversations/${body.conversationId}/messages/send`, body).then((answer) => {
    // The spec does not show the answer; use it when it is a message, else the refetch brings it.
    const parsed = messageResponse.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  });
}
