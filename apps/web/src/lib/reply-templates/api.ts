import {
  type FilledReplyTemplateResponse,
  filledReplyTemplateResponse,
  type ReplyTemplateRequest,
  type ReplyTemplateResponse,
  replyTemplateListResponse,
  replyTemplateResponse,
} from '@portal/contract';
import { http } from '../http';

// Canned replies (issue 33 point 4): the calls the chat's picker and the two dashboards' managers share.

export const replyTemplatesQueryKey = ['reply-templates'] as const;

export function fetchReplyTemplates(query: { q?: string; department?: string; scope?: 'DEPARTMENT' | 'PERSONAL' }): Promise<ReplyTemplateResponse[]> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return http.get(`/api/reply-templates?${params}`, replyTemplateListResponse);
}

export const saveReplyTemplate = (body: ReplyTemplateRequest, id?: number): Promise<ReplyTemplateResponse> =>
  id === undefined ? http.post('/api/reply-templates', body, replyTemplateResponse) : http.put(`/api/reply-templates/${id}`, body, replyTemplateResponse);

export const deleteReplyTemplate = (id: number): Promise<unknown> => http.delete(`/api/reply-templates/${id}`);

export const fillReplyTemplate = (id: number, conversationId: number): Promise<FilledReplyTemplateResponse> =>
  http.post(`/api/reply-templates/${id}/fill`, { conversationId }, filledReplyTemplateResponse);
