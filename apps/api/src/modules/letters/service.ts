import {
  type ConversationListItem, type ConversationReadResponse, type ConversationResponse, type ConversationStatus, conversationApiMessages as m,
  type CreateLetterRequest, deadlineMessages, type Language, type ListConversationsQuery, type ListMessagesQuery, MESSAGE_PAGE_SIZE,
  type MessageResponse, type RealtimeEvent,
} from '@portal/contract';
import type { QuotasPort } from '../../ports/quotas.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import type { UsersPort } from '../../ports/users.js';
import { queueFilterOf, withWaiting } from './queue.js';
import type { ConversationParties, LettersRepository } from './repository.js';

/** The events about a conversation (a chat message, a status change). */
export type ConversationEvent = Extract<RealtimeEvent, { conversationId: number }>;

export interface LettersServiceDeps {
  letters: LettersRepository;
  users: UsersPort;
  quotas: Pick<QuotasPort, 'reserveLetter' | 'reserveMessage'>;
  /**
   * A letter sent, taken, resolved and a message sent are each one event: its receipt, email,
   * audit row and live push are the subscribers' (index.ts registers the live push).
   */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  /** The clock of the queue's overdue marks and waiting days (default: the real one). */
  now?: () => Date;
}

const isAdmin = (user: AuthUser) => user.role === 'ADMIN';
const PARTICIPANT_CACHE_SIZE = 10_000;
export const participantsOf = (c: { userId: number; employeeId: number | null }) =>
  c.employeeId === null ? [c.userId] : [c.userId, c.employeeId];

/**
 * The letter and conversation rules of spec section 4, enforced here whatever the client does.
 * Roles and "the id in the request is the caller's" are checked earlier by the access policy.
 */
export function createLettersService({ letters, users, quotas, events, now = () => new Date() }: LettersServiceDeps) {
  /** Runs `send` within the caller's allowance; a send that does not happen is given back. */
  async function withinQuota<T>(release: () => Promise<void>, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      await release();
      throw error;
    }
  }

  /** 409 while the letter's term has passed and no delay notice moved it (issue 32 point 5). */
  async function assertNoNoticeOwed(id: number): Promise<void> {
    const found = await letters.findConversation(id);
    if (found?.deadline === 'overdue') throw conflict(deadlineMessages.noticeRequired);
  }

  async function parties(id: number): Promise<ConversationParties> {
    const found = await letters.findParties(id);
    if (!found) throw notFound();
    return found;
  }

  /*
   * Who takes part in a conversation, for reads, writes and live events. Its citizen never
   * changes, so the owner is remembered: a citizen's chat reads skip a query (bench/chat). Its
   * employee may change at any moment (a take, a transfer, an admin's release, a citizen's
   * reopening, issue 33), in this process or another, so staff's participation is always looked up.
   */
  const owners = new Map<number, number>();
  async function participants(id: number): Promise<readonly number[]> {
    const found = await parties(id);
    rememberOwner(id, found.userId);
    return participantsOf(found);
  }
  function rememberOwner(id: number, userId: number): void {
    if (owners.has(id)) return;
    if (owners.size >= PARTICIPANT_CACHE_SIZE) owners.delete(owners.keys().next().value ?? 0);
    owners.set(id, userId);
  }

  /** A letter's number, author and subject never change: remembered, a chat message costs no query for them. */
  const namings = new Map<number, { letterId: number; userId: number; subject: string }>();
  async function namingOf(id: number, trx: Db): Promise<{ letterId: number; userId: number; subject: string }> {
    const known = namings.get(id);
    if (known) return known;
    const found = await letters.findConversation(id, trx);
    if (!found) throw notFound();
    if (namings.size >= PARTICIPANT_CACHE_SIZE) namings.delete(namings.keys().next().value ?? 0);
    const naming = { letterId: found.letterId, userId: found.userId, subject: found.subject };
    namings.set(id, naming);
    return naming;
  }

  return {
    /** The performance figures per department (issue 33): arrivals, first replies, resolutions by span; open and overdue now. */
    openFigures: (today: string) => letters.openFigures(today),
    /** A conversation as staff read it (the reply templates fill their placeholders from it). */
    findConversation: (id: number): Promise<ConversationResponse | undefined> => letters.findConversation(id),

    /** True when `user` may read and write the conversation (admins are let through by the policy). */
    async isParticipant(conversationId: number, user: AuthUser): Promise<boolean> {
      if (owners.get(conversationId) === user.id) return true;
      return (await participants(conversationId)).includes(user.id);
    },

    /**
     * The access rule "the employee who took it" (resource check `conversation-handler`): passes
     * for that employee, 403 for anyone else, and 409 while nobody has taken it, since then only
     * the state is wrong. Looked up on every call: the handler may have changed (issue 33).
     */
    async assertHandler(conversationId: number, user: AuthUser): Promise<true> {
      const [, handler] = await participants(conversationId);
      if (handler === undefined) throw conflict(m.notInProgress);
      if (handler !== user.id) throw forbidden(m.notYours);
      return true;
    },

    async createLetter(caller: AuthUser, body: CreateLetterRequest, language: Language = 'en'): Promise<ConversationResponse> {
      // Only an admin may write on someone's behalf (the policy saw to that); that someone must exist.
      if (body.userID !== caller.id && !(await users.findUser(body.userID))) {
        throw badRequest(m.unknownUser, { userID: m.unknownUser });
      }
      const release = await quotas.reserveLetter(caller);
      const conversation = await withinQuota(release, () =>
        events.transaction(async (trx) => {
          const conversationId = await letters.createLetter(
            {
              userId: body.userID,
              recipient: body.recipient,
              subject: body.subject,
              content: body.content,
              sentAt: body.sentAt ?? new Date().toISOString(),
            },
            trx,
          );
          const created = await letters.findConversation(conversationId, trx);
          if (!created) throw notFound();
          await events.emit(trx, {
            type: 'letter-sent',
            // The server's clock, whatever sentAt the client gave.
            at: new Date().toISOString(),
            actorId: caller.id,
            actorLanguage: language,
            conversationId,
            letterId: created.letterId,
            ownerId: body.userID,
            subject: body.subject,
            department: body.recipient,
            content: body.content,
          });
          return created;
        }),
      );
      return conversation;
    },

    /**
     * OPEN lists every open conversation (any employee may take one). Other statuses list the
     * conversations of `employeeId`, which defaults to the caller; an admin without it sees all.
     */
    async listConversations(caller: AuthUser, query: Omit<ListConversationsQuery, 'status'> & { status?: ConversationStatus }): Promise<ConversationListItem[]> {
      // Issue 33's optional order and filters (queue.ts); each entry marked overdue or not.
      const filter = queueFilterOf(query);
      const employeeId = query.status === 'OPEN' ? undefined : (query.employeeId ?? (isAdmin(caller) ? undefined : caller.id));
      return withWaiting(await letters.listConversations({ ...filter, status: query.status, employeeId }, caller.id), now());
    },

    /** A citizen's conversations; the unread counts are the caller's (an admin's own reading). */
    listUserConversations: (caller: AuthUser, userId: number): Promise<ConversationListItem[]> =>
      letters.listConversations({ userId }, caller.id),

    /** A citizen's letters for "My matters" (issue 32): state, last activity, due date; one query. */
    listMatterFacts: (userId: number) => letters.listMatterFacts(userId),

    async takeConversation(caller: AuthUser, id: number, employeeId: number = caller.id, language: Language = 'en'): Promise<ConversationResponse> {
      if (employeeId !== caller.id) {
        const assignee = await users.findUser(employeeId);
        if (!assignee || !assignee.enabled || assignee.role === 'USER') throw badRequest(m.notStaff, { employeeId: m.notStaff });
      }
      const { userId: citizenId } = await parties(id); // 404 for an unknown conversation
      const taken = await events.transaction(async (trx) => {
        if (!(await letters.takeConversation(id, employeeId, trx))) return undefined;
        const conversation = await letters.findConversation(id, trx);
        if (!conversation) throw notFound();
        await events.emit(trx, {
          type: 'conversation-taken',
          at: new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          conversationId: id,
          letterId: conversation.letterId,
          ownerId: citizenId,
          subject: conversation.subject,
          employeeId,
        });
        return conversation;
      });
      if (!taken) {
        // Conversations are never deleted: re-read why the take did not match.
        const { status } = await parties(id);
        throw conflict(status === 'IN_PROGRESS' ? m.alreadyTaken : m.notOpen);
      }
      return taken;
    },

    /** Who may resolve is the access policy's (`conversation-handler`); here only the state rule. */
    async resolveConversation(caller: AuthUser, id: number, status: ConversationStatus, language: Language = 'en'): Promise<ConversationResponse> {
      const { employeeId, userId: citizenId } = await parties(id); // 404 for an unknown conversation
      if (status !== 'RESOLVED') throw conflict(m.onlyResolve, { status: m.onlyResolve });
      await assertNoNoticeOwed(id);
      return events.transaction(async (trx) => {
        if (!(await letters.resolveConversation(id, trx))) throw conflict(m.notInProgress);
        const resolved = await letters.findConversation(id, trx);
        if (!resolved || employeeId === null) throw notFound();
        await events.emit(trx, {
          type: 'conversation-resolved',
          at: new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          conversationId: id,
          letterId: resolved.letterId,
          ownerId: citizenId,
          subject: resolved.subject,
          employeeId,
          resolvedDate: resolved.resolvedDate ?? new Date().toISOString(),
        });
        return resolved;
      });
    },

    /** The whole chat as spec section 7 shows it, or one page of it when `before`, `after`, `afterSeq` or `limit` is given. */
    async listMessages(conversationId: number, query: ListMessagesQuery = {}): Promise<MessageResponse[]> {
      await participants(conversationId); // 404 for an unknown conversation (remembered once taken)
      const isPaged = query.before !== undefined || query.after !== undefined || query.afterSeq !== undefined || query.limit !== undefined;
      return letters.listMessages(
        conversationId,
        isPaged ? { before: query.before, after: query.after, afterSeq: query.afterSeq, limit: query.limit ?? MESSAGE_PAGE_SIZE } : undefined,
      );
    },

    /** The caller has read the conversation up to `lastReadMessageId` (who may is the policy's). */
    async markConversationRead(caller: AuthUser, conversationId: number, lastReadMessageId: number, language: Language = 'en'): Promise<ConversationReadResponse> {
      await participants(conversationId); // 404 for an unknown conversation
      // The replies shown on screen are read: their entries in the person's list too (a subscriber's).
      const mark = await events.transaction(async (trx) => {
        const upTo = await letters.markRead(conversationId, caller.id, lastReadMessageId, trx);
        const at = new Date().toISOString();
        await events.emit(trx, { type: 'conversation-read', at, actorId: caller.id, actorLanguage: language, conversationId, userId: caller.id, lastReadMessageId: upTo });
        return upTo;
      });
      return { conversationId, lastReadMessageId: mark, unreadCount: await letters.countUnread(conversationId, caller.id) };
    },

    async sendMessage(
      caller: AuthUser,
      conversationId: number,
      body: { conversationId: number; content: string },
      language: Language = 'en',
    ): Promise<MessageResponse> {
      if (body.conversationId !== conversationId) {
        throw badRequest(m.conversationMismatch, { conversationId: m.conversationMismatch });
      }
      // KPA art. 36: once the term passed, staff reply only after the delay notice set a new date.
      if (caller.role !== 'USER') await assertNoNoticeOwed(conversationId);
      const release = await quotas.reserveMessage(caller);
      return withinQuota(release, async () => {
        const recipients = await participants(conversationId);
        // The other party hears of it by email (debounced) and at once on their open pages.
        const sent = await events.transaction(async (trx) => {
          const stored = await letters.sendMessage({ conversationId, sender: caller, content: body.content }, trx);
          if (!stored) return undefined;
          const naming = await namingOf(conversationId, trx);
          await events.emit(trx, {
            type: 'message-sent',
            at: stored.sentAt,
            actorId: caller.id,
            actorLanguage: language,
            conversationId,
            letterId: naming.letterId,
            ownerId: naming.userId,
            subject: naming.subject,
            message: stored,
            participants: recipients,
          });
          return stored;
        });
        if (!sent) throw conflict(m.resolved);
        return sent;
      });
    },
  };
}

export type LettersService = ReturnType<typeof createLettersService>;
