import {
  conversationListResponse,
  conversationResponse,
  messageListResponse,
  messageResponse,
  type ConversationResponse,
  type ConversationStatus,
  type CreateLetterRequest,
  type MessageResponse,
  type SendMessageRequest,
} from '@portal/contract';
import { http } from '../../../lib/http';

// The letters calls of spec section 7, one function per operation, named as the API names them.

export function createLetter(body: CreateLetterRequest): Promise<unknown> {
  // "Response body not shown": success is the status alone, so the body is not validated.
  return http.post('/api/letters', body);
}

export function fetchStaffConversations(status: ConversationStatus, employeeId: number): Promise<ConversationResponse[]> {
  const query = new URLSearchParams({ status, employeeId: String(employeeId) });
  return http.get(`/api/conversations?${query}`, conversationListResponse);
}

export function fetchUserConversations(userId: number): Promise<ConversationResponse[]> {
  return http.get(`/api/conversations/user/${userId}`, conversationListResponse);
}

export function takeConversation(conversationId: number, employeeId: number): Promise<ConversationResponse> {
  return http.put(`/api/conversations/${conversationId}/take?employeeId=${employeeId}`, undefined, conversationResponse);
}

export function resolveConversation(conversationId: number): Promise<unknown> {
  return http.put(`/api/conversations/${conversationId}/status`, { status: 'RESOLVED' });
}

export function fetchMessages(conversationId: number): Promise<MessageResponse[]> {
  return http.get(`/api/conversations/${conversationId}/messages`, messageListResponse);
}

export function sendMessage(body: SendMessageRequest): Promise<MessageResponse | undefined> {
  return http.post(`/api/conversations/${body.conversationId}/messages/send`, body).then((answer) => {
    // The spec does not show the answer; use it when it is a message, else the refetch brings it.
    const parsed = messageResponse.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  });
}
