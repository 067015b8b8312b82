import {
  idParams,
  INTERNAL_NOTE_MAX,
  type InternalNoteResponse,
  internalNoteListResponse,
  internalNoteRequest,
  internalNoteResponse,
  jsonBodyLimit,
  type Language,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { createNotesRepository } from '../../db/internal-notes.js';
import { notFound } from '../../plugins/api-error.js';
import { type AuthUser, callerOf } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { LettersRepository } from './repository.js';

/**
 * Internal notes on conversations (issue 33): staff's words to colleagues, in the letters module's
 * own `conversation_notes`. Staff only (src/access-policy.ts); nothing here reaches the citizen:
 * no live push, no portal entry, no email, no receipt, not in the own-data export.
 */
export function createConversationNotesService(deps: {
  db: Db;
  letters: Pick<LettersRepository, 'findConversation'>;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
}) {
  const notes = createNotesRepository(deps.db, 'conversation_notes');
  return {
    async list(conversationId: number): Promise<InternalNoteResponse[]> {
      if (!(await deps.letters.findConversation(conversationId))) throw notFound();
      return notes.list(conversationId);
    },

    /** The note and its event (the audit row) in one transaction. */
    async add(caller: AuthUser, conversationId: number, body: string, language: Language = 'en'): Promise<InternalNoteResponse> {
      const noteId = await deps.events.transaction(async (trx) => {
        const found = await deps.letters.findConversation(conversationId, trx);
        if (!found) throw notFound();
        const note = await notes.insert(conversationId, caller.id, body, trx);
        await deps.events.emit(trx, {
          type: 'conversation-note-added',
          at: note.createdAt,
          actorId: caller.id,
          actorLanguage: language,
          conversationId,
          letterId: found.letterId,
          ownerId: found.userId,
          subject: found.subject,
          noteId: note.id,
          body,
        });
        return note.id;
      });
      const stored = (await notes.list(conversationId)).find((note) => note.id === noteId);
      if (!stored) throw notFound();
      return stored;
    },
  };
}

export type ConversationNotesService = ReturnType<typeof createConversationNotesService>;

export const conversationNotesRoutes: FastifyPluginAsyncZod<{ notes: ConversationNotesService }> = async (app, { notes }) => {
  app.get(
    '/api/conversations/:id/notes',
    {
      schema: {
        tags: ['letters'],
        summary: 'A conversation\u2019s internal notes, oldest first, with author and time (staff only)',
        params: idParams,
        response: { 200: internalNoteListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => notes.list(request.params.id),
  );

  app.post(
    '/api/conversations/:id/notes',
    {
      bodyLimit: jsonBodyLimit(INTERNAL_NOTE_MAX),
      schema: {
        tags: ['letters'],
        summary: 'Leave an internal note on a conversation (staff only; never shown to the citizen); audited',
        params: idParams,
        body: internalNoteRequest,
        response: { 201: internalNoteResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await notes.add(callerOf(request), request.params.id, request.body.body, requestLanguageOf(request))),
  );
};
