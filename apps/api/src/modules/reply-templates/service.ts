import {
  type ConversationResponse,
  fillPlaceholders,
  type FilledReplyTemplateResponse,
  fullName,
  type Language,
  letterReference,
  type ReplyTemplateInput,
  type ReplyTemplateListQuery,
  replyTemplateMessages as m,
  type ReplyTemplateResponse,
  type ReplyTemplateSnapshot,
  writeCalendarDate,
} from '@portal/contract';
import { forbidden, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import type { UsersPort } from '../../ports/users.js';
import type { ReplyTemplatesRepository } from './repository.js';

export interface ReplyTemplatesDeps {
  templates: ReplyTemplatesRepository;
  users: Pick<UsersPort, 'findUser'>;
  /** The conversation whose facts fill a template (the letters module's). */
  findConversation: (id: number) => Promise<ConversationResponse | undefined>;
  /** Each change is one event; its audit row is the audit module's subscriber's. */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
}

const snapshot = (t: ReplyTemplateResponse): ReplyTemplateSnapshot => ({
  name: t.name,
  language: t.language,
  scope: t.scope,
  department: t.department,
  ownerId: t.ownerId,
  text: t.text,
});

/**
 * Canned replies (issue 33 point 4). A department's templates are the admins' to keep and every
 * member of staff's to use; a personal one is its owner's alone: another employee (or an admin)
 * changing it gets 403, reading or filling it 404, as if it did not exist.
 */
export function createReplyTemplatesService({ templates, users, findConversation, events }: ReplyTemplatesDeps) {
  const isAdmin = (caller: AuthUser) => caller.role === 'ADMIN';
  const visibleTo = (template: ReplyTemplateResponse, caller: AuthUser) => template.scope === 'DEPARTMENT' || template.ownerId === caller.id;

  /** May the caller keep a template of this kind (and, for a change, this one)? 403 otherwise. */
  function assertKeeper(caller: AuthUser, scope: ReplyTemplateInput['scope'], existing?: ReplyTemplateResponse) {
    if (existing?.scope === 'PERSONAL' && existing.ownerId !== caller.id) throw forbidden(m.notYours);
    if (existing?.scope === 'DEPARTMENT' && !isAdmin(caller)) throw forbidden(m.onlyAdminsKeepDepartmentTemplates);
    if (scope === 'DEPARTMENT' && !isAdmin(caller)) throw forbidden(m.onlyAdminsKeepDepartmentTemplates);
  }

  async function existing(id: number): Promise<ReplyTemplateResponse> {
    const found = await templates.find(id);
    if (!found) throw notFound();
    return found;
  }

  async function change(
    caller: AuthUser,
    language: Language,
    write: (trx: Parameters<Parameters<typeof events.transaction>[0]>[0]) => Promise<number>,
    before: ReplyTemplateResponse | null,
    kind: 'created' | 'updated' | 'deleted',
  ): Promise<ReplyTemplateResponse | null> {
    return events.transaction(async (trx) => {
      const id = await write(trx);
      const after = kind === 'deleted' ? null : ((await templates.find(id, trx)) ?? null);
      await events.emit(trx, {
        type: 'reply-template-changed',
        at: new Date().toISOString(),
        actorId: caller.id,
        actorLanguage: language,
        change: kind,
        templateId: id,
        before: before && snapshot(before),
        after: after && snapshot(after),
      });
      return after;
    });
  }

  return {
    list: (caller: AuthUser, query: ReplyTemplateListQuery): Promise<ReplyTemplateResponse[]> =>
      templates.list({
        ownerId: caller.id,
        ...(query.q ? { search: query.q } : {}),
        ...(query.department ? { department: query.department } : {}),
        ...(query.scope ? { scope: query.scope } : {}),
        ...(query.language ? { language: query.language } : {}),
      }),

    async create(caller: AuthUser, input: ReplyTemplateInput, language: Language = 'en'): Promise<ReplyTemplateResponse> {
      assertKeeper(caller, input.scope);
      const ownerId = input.scope === 'PERSONAL' ? caller.id : null;
      const created = await change(caller, language, (trx) => templates.insert(input, ownerId, trx), null, 'created');
      if (!created) throw notFound();
      return created;
    },

    async update(caller: AuthUser, id: number, input: ReplyTemplateInput, language: Language = 'en'): Promise<ReplyTemplateResponse> {
      const before = await existing(id);
      assertKeeper(caller, input.scope, before);
      const ownerId = input.scope === 'PERSONAL' ? caller.id : null;
      const updated = await change(caller, language, async (trx) => (await templates.update(id, input, ownerId, trx), id), before, 'updated');
      if (!updated) throw notFound();
      return updated;
    },

    async remove(caller: AuthUser, id: number, language: Language = 'en'): Promise<void> {
      const before = await existing(id);
      assertKeeper(caller, before.scope, before);
      await change(caller, language, async (trx) => (await templates.remove(id, trx), id), before, 'deleted');
    },

    /** The template's text with the conversation's facts in its placeholders; the clerk edits it before sending. */
    async fill(caller: AuthUser, id: number, conversationId: number): Promise<FilledReplyTemplateResponse> {
      const template = await templates.find(id);
      if (!template || !visibleTo(template, caller)) throw notFound();
      const conversation = await findConversation(conversationId);
      if (!conversation) throw notFound();
      const [citizen, clerk] = await Promise.all([users.findUser(conversation.userId), users.findUser(caller.id)]);
      const text = fillPlaceholders(template.text, {
        firstName: citizen?.firstName ?? '',
        lastName: citizen?.lastName ?? '',
        reference: letterReference(conversation.letterId),
        subject: conversation.subject,
        dueDate: conversation.dueDate ? writeCalendarDate(conversation.dueDate, template.language) : '',
        clerkName: clerk ? fullName(clerk) : '',
      });
      return { templateId: id, conversationId, text };
    },
  };
}

export type ReplyTemplatesService = ReturnType<typeof createReplyTemplatesService>;
