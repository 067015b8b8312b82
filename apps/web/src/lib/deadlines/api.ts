import { type MatterDeadlineResponse, type TermedMatterKind, matterDeadlineResponse } from '@portal/contract';
import { http } from '../http';

/** A letter is named by its conversation's id, as every letter route does; a case by its id. */
const base = (kind: TermedMatterKind, id: number) => (kind === 'letter' ? `/api/conversations/${id}` : `/api/case-resolution/${id}`);

export const deadlineQueryKey = (kind: TermedMatterKind, id: number) => ['deadline', kind, id] as const;

export const fetchDeadline = (kind: TermedMatterKind, id: number): Promise<MatterDeadlineResponse> => http.get(`${base(kind, id)}/deadline`, matterDeadlineResponse);

export const sendDelayNotice = (kind: TermedMatterKind, id: number, body: { reason: string; newDueDate: string }) =>
  http.post(`${base(kind, id)}/delay-notice`, body, matterDeadlineResponse);

export const sendPrompt = (kind: TermedMatterKind, id: number, text: string) => http.post(`${base(kind, id)}/prompt`, { text }, matterDeadlineResponse);
