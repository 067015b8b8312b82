import {
  colleagueListResponse,
  conversationHandoffsResponse,
  conversationResponse,
  type HandoffReasonRequest,
  type TransferConversationRequest,
} from '@portal/contract';
import { http } from '../../../lib/http';

// Handing a letter on (issue 33) and a citizen reopening it (issue 32): calls and query keys.

/** Under the letters feature's prefix: a live status event refreshing the letters refreshes these too. */
export const handoffsQueryKey = (conversationId: number) => ['letters', 'handoffs', conversationId] as const;
export const colleaguesQueryKey = ['letters', 'colleagues'] as const;

export const fetchHandoffs = (conversationId: number) => http.get(`/api/conversations/${conversationId}/handoffs`, conversationHandoffsResponse);
export const fetchColleagues = () => http.get('/api/colleagues', colleagueListResponse);
export const transferConversation = (conversationId: number, body: TransferConversationRequest) =>
  http.put(`/api/conversations/${conversationId}/transfer`, body, conversationResponse);
export const reopenConversation = (conversationId: number, body: HandoffReasonRequest) =>
  http.put(`/api/conversations/${conversationId}/reopen`, body, conversationResponse);
