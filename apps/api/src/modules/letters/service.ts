import {
  type ConversationListItem,
  type ConversationReadResponse,
  type ConversationResponse,
  type ConversationStatus,
  conversationApiMessages as m,
  type CreateLetterRequest,
  type ListMessagesQuery,
  MESSAGE_PAGE_SIZE,
  type MessageResponse,
  type RealtimeEvent,
} from '@portal/contract';
import type { CitizenQuotasService } from '../../citizen-quotas.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuditService } from '../audit/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ReceiptLanguage, ReceiptsService } from '../receipts/index.js';
import type { UsersService } from '../users/index.js';
import type { ConversationParties, LettersRepository } from './repository.js';

/**
 * Hands an event to every participant's live connection, and with `toStaff` to every employee's
 * and admin's too (the Take list of each employee changes when a letter arrives or is taken).
 */
/** The events about a conversation (a chat message, a status change). */
export type ConversationEvent = Extract<RealtimeEvent, { conversationId: number }>;

export type PublishConversationEvent = (
  event: ConversationEvent,
  participants: readonly number[],
  options?: { toStaff?: boolean },
) => void;

export interface LettersServiceDeps {
  db: Db;
  letters: LettersRepository;
  users: UsersService;
  /** Takes and resolves are staff actions: recorded in the transaction of the change. */
  audit: AuditService;
  publish: PublishConversationEvent;
  quotas: Pick<CitizenQuotasService, 'reserveLetter' | 'reserveMessage'>;
  /** Signed receipts of a letter sent and of its resolution, issued in the event's transaction (issue 20). */
  receipts?: Pick<ReceiptsService, 'issue'>;
  /** Emails about takes, replies and resolves, queued in the transaction of the change. */
  notifications: Pick<NotificationsService, 'enqueue'>;
}

const isAdmin = (user: AuthUser) => user.role === 'ADMIN';
const PARTICIPANT_CACHE_SIZE = 10_000;
const participantsOf = (c: { userId: number; employeeId: number | null }) =>
  c.employeeId === null ? [c.userId] : [c.userId, c.employeeId];

/**
 * The letter and conversation rules of spec section 4, enforced here whatever the client does.
 * Roles and "the id in the request is the caller's" are checked earlier by the access policy.
 */
export function createLettersService({ db, letters, users, audit, publish, quotas, receipts, notifications }: LettersServiceDeps) {
  /** Runs `send` within the caller's allowance; a send that does not happen is given back. */
  async function withinQuota<T>(release: () => Promise<void>, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      await release();
      throw error;
    }
  }

  async function load(id: number): Promise<ConversationResponse> {
    const conversation = await letters.findConversation(id);
    if (!conversation) throw notFound();
    return conversation;
  }

  async function parties(id: number): Promise<ConversationParties> {
    const found = await letters.findParties(id);
    if (!found) throw notFound();
    return found;
  }

  /*
   * Who takes part in a conversation, for reads, writes and live events. Once an employee took
   * it, that pair never changes (there is no reassigning), so a taken conversation's pair is
   * remembered: a chat's reads and sends then skip one query each (bench/chat). An open
   * conversation is always looked up, since its employee may arrive at any moment.
   */
  const takenParticipants = new Map<number, readonly number[]>();
  async function participants(id: number): Promise<readonly number[]> {
    const known = takenParticipants.get(id);
    if (known) return known;
    const found = participantsOf(await parties(id));
    if (found.length === 2) {
      if (takenParticipants.size >= PARTICIPANT_CACHE_SIZE) takenParticipants.delete(takenParticipants.keys().next().value ?? 0);
      takenParticipants.set(id, found);
    }
    return found;
  }

  function publishStatus(conversation: ConversationResponse): void {
    // Arrivals and takes change what every employee may take; a resolve concerns only the two.
    const toStaff = conversation.status !== 'RESOLVED';
    publish(
      {
        type: 'status',
        conversationId: conversation.id,
        status: conversation.status,
        resolvedDate: conversation.resolvedDate,
        employeeId: conversation.employeeId,
      },
      participantsOf(conversation),
      { toStaff },
    );
  }

  return {
    /** True when `user` may read and write the conversation (admins are let through by the policy). */
    async isParticipant(conversationId: number, user: AuthUser): Promise<boolean> {
      return (await participants(conversationId)).includes(user.id);
    },

    /**
     * The access rule "the employee who took it" (resource check `conversation-handler`): passes
     * for that employee, 403 for anyone else, and 409 while nobody has taken it, since then only
     * the state is wrong. Once taken, the handler never changes, so the check cannot go stale.
     */
    async assertHandler(conversationId: number, user: AuthUser): Promise<true> {
      const [, handler] = await participants(conversationId);
      if (handler === undefined) throw conflict(m.notInProgress);
      if (handler !== user.id) throw forbidden(m.notYours);
      return true;
    },

    async createLetter(caller: AuthUser, body: CreateLetterRequest, language: ReceiptLanguage = 'en'): Promise<ConversationResponse> {
      // Only an admin may write on someone's behalf (the policy saw to that); that someone must exist.
      if (body.userID !== caller.id && !(await users.findUser(body.userID))) {
        throw badRequest(m.unknownUser, { userID: m.unknownUser });
      }
      const release = await quotas.reserveLetter(caller);
      const id = await withinQuota(release, () =>
        db.transaction().execute(async (trx) => {
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
          if (receipts) {
            const created = await letters.findConversation(conversationId, trx);
            if (!created) throw notFound();
            // The server's clock, whatever sentAt the client gave.
            const event = { kind: 'letter-sent', conversationId, letterId: created.letterId, ownerId: body.userID, at: new Date().toISOString() } as const;
            await receipts.issue(trx, { ...event, department: body.recipient, subject: body.subject, content: body.content }, { actorId: caller.id, language });
          }
          return conversationId;
        }),
      );
      const conversation = await load(id);
      publishStatus(conversation);
      return conversation;
    },

    /**
     * OPEN lists every open conversation (any employee may take one). Other statuses list the
     * conversations of `employeeId`, which defaults to the caller; an admin without it sees all.
     */
    listConversations(caller: AuthUser, query: { status?: ConversationStatus; employeeId?: number; q?: string }): Promise<ConversationListItem[]> {
      const search = query.q;
      if (query.status === 'OPEN') return letters.listConversations({ status: 'OPEN', search }, caller.id);
      const employeeId = query.employeeId ?? (isAdmin(caller) ? undefined : caller.id);
      return letters.listConversations({ status: query.status, employeeId, search }, caller.id);
    },

    /** A citizen's conversations; the unread counts are the caller's (an admin's own reading). */
    listUserConversations: (caller: AuthUser, userId: number): Promise<ConversationListItem[]> =>
      letters.listConversations({ userId }, caller.id),

    async takeConversation(caller: AuthUser, id: number, employeeId: number = caller.id): Promise<ConversationResponse> {
      if (employeeId !== caller.id) {
        const assignee = await users.findUser(employeeId);
        if (!assignee || !assignee.enabled || assignee.role === 'USER') throw badRequest(m.notStaff, { employeeId: m.notStaff });
      }
      const { userId: citizenId } = await parties(id); // 404 for an unknown conversation
      const taken = await db.transaction().execute(async (trx) => {
        if (!(await letters.takeConversation(id, employeeId, trx))) return false;
        await notifications.enqueue(trx, citizenId, { kind: 'letter-taken', conversationId: id });
        await audit.record(trx, {
          actorId: caller.id,
          action: 'conversation.take',
          entityType: 'conversation',
          entityId: id,
          before: { status: 'OPEN', employeeId: null },
          after: { status: 'IN_PROGRESS', employeeId },
        });
        return true;
      });
      if (!taken) {
        // Conversations are never deleted: re-read why the take did not match.
        const { status } = await parties(id);
        throw conflict(status === 'IN_PROGRESS' ? m.alreadyTaken : m.notOpen);
      }
      const conversation = await load(id);
      publishStatus(conversation);
      return conversation;
    },

    /** Who may resolve is the access policy's (`conversation-handler`); here only the state rule. */
    async resolveConversation(caller: AuthUser, id: number, status: ConversationStatus, language: ReceiptLanguage = 'en'): Promise<ConversationResponse> {
      const { employeeId, userId: citizenId } = await parties(id); // 404 for an unknown conversation
      if (status !== 'RESOLVED') throw conflict(m.onlyResolve, { status: m.onlyResolve });
      const conversation = await db.transaction().execute(async (trx) => {
        if (!(await letters.resolveConversation(id, trx))) throw conflict(m.notInProgress);
        const resolved = await letters.findConversation(id, trx);
        if (receipts && resolved) {
          const at = new Date().toISOString();
          const event = { kind: 'conversation-resolved', conversationId: id, letterId: resolved.letterId, ownerId: resolved.userId } as const;
          await receipts.issue(trx, { ...event, clerkId: caller.id, at, subject: resolved.subject, status: resolved.status }, { actorId: caller.id, language });
        }
        await notifications.enqueue(trx, citizenId, { kind: 'conversation-resolved', conversationId: id });
        await audit.record(trx, {
          actorId: caller.id,
          action: 'conversation.resolve',
          entityType: 'conversation',
          entityId: id,
          before: { status: 'IN_PROGRESS', employeeId, resolvedDate: null },
          after: { status: 'RESOLVED', employeeId, resolvedDate: resolved?.resolvedDate ?? null },
        });
        return resolved;
      });
      if (!conversation) throw notFound();
      publishStatus(conversation);
      return conversation;
    },

    /** The whole chat as spec section 7 shows it, or one page of it when `before`, `after` or `limit` is given. */
    async listMessages(conversationId: number, query: ListMessagesQuery = {}): Promise<MessageResponse[]> {
      await participants(conversationId); // 404 for an unknown conversation (remembered once taken)
      const isPaged = query.before !== undefined || query.after !== undefined || query.limit !== undefined;
      return letters.listMessages(
        conversationId,
        isPaged ? { before: query.before, after: query.after, limit: query.limit ?? MESSAGE_PAGE_SIZE } : undefined,
      );
    },

    /** The caller has read the conversation up to `lastReadMessageId` (who may is the policy's). */
    async markConversationRead(caller: AuthUser, conversationId: number, lastReadMessageId: number): Promise<ConversationReadResponse> {
      await participants(conversationId); // 404 for an unknown conversation
      const mark = await letters.markRead(conversationId, caller.id, lastReadMessageId);
      return { conversationId, lastReadMessageId: mark, unreadCount: await letters.countUnread(conversationId, caller.id) };
    },

    async sendMessage(
      caller: AuthUser,
      conversationId: number,
      body: { conversationId: number; content: string },
    ): Promise<MessageResponse> {
      if (body.conversationId !== conversationId) {
        throw badRequest(m.conversationMismatch, { conversationId: m.conversationMismatch });
      }
      const release = await quotas.reserveMessage(caller);
      const { message, people } = await withinQuota(release, async () => {
        const recipients = await participants(conversationId);
        // The other party hears of it by email (debounced), in the message's own transaction.
        const sent = await db.transaction().execute(async (trx) => {
          const stored = await letters.sendMessage({ conversationId, sender: caller, content: body.content }, trx);
          for (const recipient of stored ? recipients.filter((id) => id !== caller.id) : []) {
            await notifications.enqueue(trx, recipient, { kind: 'reply', conversationId, messageId: stored?.id ?? 0 });
          }
          return stored;
        });
        if (!sent) throw conflict(m.resolved);
        return { message: sent, people: recipients };
      });
      publish({ type: 'message', conversationId, message }, people);
      return message;
    },
  };
}

export type LettersService = ReturnType<typeof createLettersService>;
