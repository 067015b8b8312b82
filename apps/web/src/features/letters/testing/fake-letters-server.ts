import { firstIssuePerField, httpMessages, letterReference, staffConversationsQuery, type ConversationListItem, type MessageResponse, type UserResponse } from '@portal/contract';
import { routeFetch, type FakeAnswer, type FakeRequest } from '../../../test/fetch';

// An in-memory stand-in for the letters API (unit tests only): the lists with each caller's unread
// count (the archive searched and filtered, a bad filter refused with its field's message), take (409 once taken), resolve, the chat in pages and per-person read marks, as the real
// API answers them (apps/api/test/letters-reading.test.ts holds the real thing to the same rules).

type Conversation = Omit<ConversationListItem, 'unreadCount'>;

export type FakeLettersServer = {
  requests: FakeRequest[];
  conversations: Conversation[];
  messages: MessageResponse[];
  /** Read marks by `${conversationId}:${userId}`. */
  readMarks: Map<string, number>;
  /** A message written by someone else, as the API stores it (push the live event yourself). */
  add(message: MessageResponse): MessageResponse;
};

export function serveLetters(
  me: UserResponse,
  conversations: readonly (Conversation | ConversationListItem)[],
  options: { messages?: MessageResponse[]; extra?: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined } = {},
): FakeLettersServer {
  const server: FakeLettersServer = {
    requests: [],
    // Copies: take and resolve change them in place, as the database would.
    conversations: conversations.map((conversation) => ({ ...conversation })),
    messages: [...(options.messages ?? [])],
    readMarks: new Map(),
    add(message) {
      server.messages.push(message);
      return message;
    },
  };
  const unread = (conversation: Conversation) => {
    const mark = server.readMarks.get(`${conversation.id}:${me.id}`) ?? 0;
    return server.messages.filter((m) => m.conversationId === conversation.id && m.senderId !== me.id && m.id > mark).length;
  };
  const listed = (list: Conversation[]) => list.map((conversation) => ({ ...conversation, unreadCount: unread(conversation) }));

  server.requests = routeFetch((request) => {
    const { method, path, query } = request;
    if (path === '/api/users/me') return { body: me };
    // Staff's internal notes beside the chat (issue 33): none in these stories.
    if (method === 'GET' && /^\/api\/conversations\/\d+\/notes$/.test(path)) return { body: [] };
    // Where a letter went and whether it may be reopened (issues 33, 32): nothing in these stories.
    if (method === 'GET' && /^\/api\/conversations\/\d+\/handoffs$/.test(path)) return { body: { items: [], reopen: { until: null, remaining: 3, allowed: false } } };
    // The chat's reply templates (issue 33): none in these stories.
    if (method === 'GET' && path === '/api/reply-templates') return { body: [] };
    if (method === 'GET' && path.startsWith('/api/contacts/')) {
      const person = { id: Number(path.split('/').pop()), firstName: 'Anna', lastName: 'Nowak', username: 'anowak' };
      return { body: { person, letters: [], cases: [], obligations: [] } };
    }
    if (method === 'GET' && path === `/api/conversations/user/${me.id}`) {
      return { body: listed(server.conversations.filter((c) => c.userId === me.id).sort((a, b) => b.id - a.id)) };
    }
    if (method === 'GET' && path === '/api/conversations') {
      const checked = staffConversationsQuery.safeParse(Object.fromEntries(query));
      if (!checked.success) return { status: 400, body: { error: 'ValidationError', message: httpMessages.validation, fields: firstIssuePerField(checked.error.issues) } };
      const { status, q, department, resolvedFrom, resolvedTo } = checked.data;
      // Days of resolution as UTC days: the fixtures resolve away from midnight, where Warsaw's day is the same.
      const day = (c: Conversation) => c.resolvedDate?.slice(0, 10) ?? '';
      const found = (c: Conversation) => [c.subject, c.nameSurname, letterReference(c.letterId)].some((text) => text.toLowerCase().includes(q!.toLowerCase()));
      return {
        body: listed(
          server.conversations.filter(
            (c) =>
              c.status === status &&
              (status === 'OPEN' || c.employeeId === me.id) &&
              (!q || found(c)) &&
              (!department || c.recipient === department) &&
              (!resolvedFrom || day(c) >= resolvedFrom) &&
              (!resolvedTo || day(c) <= resolvedTo),
          ),
        ),
      };
    }
    const take = /^\/api\/conversations\/(\d+)\/take$/.exec(path);
    if (method === 'PUT' && take) {
      const found = server.conversations.find((c) => c.id === Number(take[1]));
      if (!found || found.status !== 'OPEN') return { status: 409, body: { error: 'Conflict', message: 'This conversation has already been taken by another employee.' } };
      Object.assign(found, { status: 'IN_PROGRESS', employeeId: me.id, employeeName: `${me.firstName} ${me.lastName}` });
      return { body: { ...found } };
    }
    const resolve = /^\/api\/conversations\/(\d+)\/status$/.exec(path);
    if (method === 'PUT' && resolve) {
      const found = server.conversations.find((c) => c.id === Number(resolve[1]));
      if (!found) return { status: 404, body: { error: 'NotFound', message: 'Not found.' } };
      Object.assign(found, { status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z' });
      return { body: { ...found } };
    }
    const read = /^\/api\/conversations\/(\d+)\/read$/.exec(path);
    if (method === 'PUT' && read) {
      const conversationId = Number(read[1]);
      const upTo = (request.body as { lastReadMessageId: number }).lastReadMessageId;
      const key = `${conversationId}:${me.id}`;
      const newest = Math.max(0, ...server.messages.filter((m) => m.conversationId === conversationId && m.id <= upTo).map((m) => m.id));
      server.readMarks.set(key, Math.max(server.readMarks.get(key) ?? 0, newest));
      const conversation = server.conversations.find((c) => c.id === conversationId);
      return { body: { conversationId, lastReadMessageId: server.readMarks.get(key), unreadCount: conversation ? unread(conversation) : 0 } };
    }
    const chat = /^\/api\/conversations\/(\d+)\/messages$/.exec(path);
    if (method === 'GET' && chat) {
      const all = server.messages.filter((m) => m.conversationId === Number(chat[1])).sort((a, b) => a.id - b.id);
      if (!query.has('limit') && !query.has('before')) return { body: all };
      const before = Number(query.get('before') ?? Number.POSITIVE_INFINITY);
      const limit = Number(query.get('limit') ?? 50);
      return { body: all.filter((m) => m.id < before).slice(-limit) };
    }
    return options.extra?.(request);
  });
  return server;
}
