import { type InternalNoteResponse, internalNoteListResponse, internalNoteResponse } from '@portal/contract';
import { http } from '../http';

/** What a note is about: a case (cases feature) or a conversation (letters feature). */
export type NoteSubject = 'case' | 'conversation';

const path = (subject: NoteSubject, id: number) => (subject === 'case' ? `/api/case-resolution/${id}/notes` : `/api/conversations/${id}/notes`);

export const notesQueryKey = (subject: NoteSubject, id: number) => ['internal-notes', subject, id] as const;

export const fetchNotes = (subject: NoteSubject, id: number): Promise<InternalNoteResponse[]> => http.get(path(subject, id), internalNoteListResponse);

export const addNote = (subject: NoteSubject, id: number, body: string): Promise<InternalNoteResponse> =>
  http.post(path(subject, id), { body }, internalNoteResponse);
