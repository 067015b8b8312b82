import type { ConversationListItem, ConversationReadResponse, ConversationResponse, MessageResponse } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter, messageBody, takenConversation } from './helpers/letters.js';

/*
 * Issue 9: who handles a letter (employeeName), what each participant has read (unread counts in
 * the list answers, PUT /api/conversations/{id}/read), and the chat history in pages
 * (?before=&limit=) next to the whole list a spec client asks for.
 */
describeEachEngine('reading letters: handler name, unread counts, chat pages', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let otherCitizen: CreatedUser;
  let employee: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    [citizen, otherCitizen, employee, admin] = await Promise.all([
      createCitizen(ctx.app, { firstName: 'Anna', lastName: 'Nowak' }),
      createCitizen(ctx.app),
      createEmployee(ctx.app, { firstName: 'Jan', lastName: 'Kowalski' }),
      createAdmin(ctx.app),
    ]);
  });

  async function send(conversationId: number, who: CreatedUser, content: string): Promise<MessageResponse> {
    const response = await call(ctx.app, who, 'POST', `/api/conversations/${conversationId}/messages/send`, messageBody(conversationId, who, content));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as MessageResponse;
  }

  async function citizenEntry(conversationId: number, who: CreatedUser = citizen, app = ctx.app): Promise<ConversationListItem | undefined> {
    const response = await call(app, who, 'GET', `/api/conversations/user/${citizen.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ConversationListItem[]).find((entry) => entry.id === conversationId);
  }

  async function employeeEntry(conversationId: number, status = 'IN_PROGRESS'): Promise<ConversationListItem | undefined> {
    const response = await call(ctx.app, employee, 'GET', `/api/conversations?status=${status}&employeeId=${employee.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ConversationListItem[]).find((entry) => entry.id === conversationId);
  }

  async function markRead(conversationId: number, who: CreatedUser, lastReadMessageId: number, app = ctx.app) {
    return call(app, who, 'PUT', `/api/conversations/${conversationId}/read`, { lastReadMessageId });
  }

  describe('who handles the letter', () => {
    it('names nobody while OPEN, then the employee who took it, in every answer and list, also once resolved', async () => {
      const open = await createLetter(ctx.app, citizen);
      expect(open.employeeName).toBeNull();
      expect((await citizenEntry(open.id))?.employeeName).toBeNull();

      const taken = await call(ctx.app, employee, 'PUT', `/api/conversations/${open.id}/take?employeeId=${employee.user.id}`);
      expect((taken.json() as ConversationResponse).employeeName).toBe('Jan Kowalski');
      expect((await citizenEntry(open.id))?.employeeName).toBe('Jan Kowalski');
      expect((await employeeEntry(open.id))?.employeeName).toBe('Jan Kowalski');

      const resolved = await call(ctx.app, employee, 'PUT', `/api/conversations/${open.id}/status`, { status: 'RESOLVED' });
      expect((resolved.json() as ConversationResponse).employeeName).toBe('Jan Kowalski');
      expect((await employeeEntry(open.id, 'RESOLVED'))?.employeeName).toBe('Jan Kowalski');
    });
  });

  describe('unread counts', () => {
    it("count the others' messages per participant, never one's own", async () => {
      const { id } = await takenConversation(ctx.app, citizen, employee);
      expect((await citizenEntry(id))?.unreadCount).toBe(0);
      expect((await employeeEntry(id))?.unreadCount).toBe(0);

      await send(id, employee, 'We have sent a crew.');
      await send(id, employee, 'They will be there on Monday.');
      await send(id, citizen, 'Thank you!');
      expect((await citizenEntry(id))?.unreadCount).toBe(2);
      expect((await employeeEntry(id))?.unreadCount).toBe(1);
    });

    it('go down as the participant reads, survive a new server process, and never move back', async () => {
      const { id } = await takenConversation(ctx.app, citizen, employee);
      const first = await send(id, employee, 'First reply');
      const second = await send(id, employee, 'Second reply');

      const partly = await markRead(id, citizen, first.id);
      expect(partly.statusCode, partly.body).toBe(200);
      expect(partly.json()).toEqual({ conversationId: id, lastReadMessageId: first.id, unreadCount: 1 } satisfies ConversationReadResponse);
      expect((await citizenEntry(id))?.unreadCount).toBe(1);

      expect((await markRead(id, citizen, second.id)).json()).toMatchObject({ lastReadMessageId: second.id, unreadCount: 0 });
      // A slower tab that saw only the first message does not bring the second back.
      expect((await markRead(id, citizen, first.id)).json()).toMatchObject({ lastReadMessageId: second.id, unreadCount: 0 });

      // What was read is stored, not kept in one process: a reload against another server agrees.
      const otherProcess = await ctx.build();
      expect((await citizenEntry(id, citizen, otherProcess))?.unreadCount).toBe(0);
      // The employee's reading is their own: the citizen's mark changed nothing for them.
      await send(id, citizen, 'Any news?');
      expect((await employeeEntry(id))?.unreadCount).toBe(1);
      expect((await citizenEntry(id))?.unreadCount).toBe(0);
    });

    it('clamp a mark past the newest message to it, so a message sent later is still unread', async () => {
      const { id } = await takenConversation(ctx.app, citizen, employee);
      const reply = await send(id, employee, 'Reply');
      expect((await markRead(id, citizen, 2_000_000_000)).json()).toMatchObject({ lastReadMessageId: reply.id, unreadCount: 0 });
      await send(id, employee, 'Later reply');
      expect((await citizenEntry(id))?.unreadCount).toBe(1);
    });

    it('keep the furthest of marks sent at once from two server processes', async () => {
      const { id } = await takenConversation(ctx.app, citizen, employee);
      const replies: MessageResponse[] = [];
      for (const text of ['one', 'two', 'three', 'four']) replies.push(await send(id, employee, text));
      const otherProcess = await ctx.build();
      await Promise.all(replies.map((reply, index) => markRead(id, citizen, reply.id, index % 2 === 0 ? ctx.app : otherProcess)));
      expect((await citizenEntry(id))?.unreadCount).toBe(0);
      expect((await markRead(id, citizen, replies[0]?.id ?? 0)).json()).toMatchObject({ lastReadMessageId: replies[3]?.id });
    });

    it('mark an empty chat read at 0, and an OPEN conversation counts what the citizen wrote for staff', async () => {
      const open = await createLetter(ctx.app, citizen);
      expect((await markRead(open.id, citizen, 5)).json()).toEqual({ conversationId: open.id, lastReadMessageId: 0, unreadCount: 0 });
      await send(open.id, citizen, 'I forgot to add: it is by the bus stop.');
      const response = await call(ctx.app, employee, 'GET', `/api/conversations?status=OPEN&employeeId=${employee.user.id}`);
      expect((response.json() as ConversationListItem[]).find((entry) => entry.id === open.id)?.unreadCount).toBe(1);
    });

    it("let an admin mark only the admin's own reading", async () => {
      const { id } = await takenConversation(ctx.app, citizen, employee);
      const reply = await send(id, employee, 'Reply');
      expect((await markRead(id, admin, reply.id)).statusCode).toBe(200);
      expect((await citizenEntry(id))?.unreadCount).toBe(1);
      expect((await citizenEntry(id, admin))?.unreadCount).toBe(0);
    });

    it('refuse strangers, unknown conversations and malformed marks, writing nothing', async () => {
      const { id } = await takenConversation(ctx.app, citizen, employee);
      const reply = await send(id, employee, 'Reply');
      const rows = async () =>
        Number((await ctx.app.db.selectFrom('message_reads').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await rows();
      expectApiError(await markRead(id, otherCitizen, reply.id), 403);
      expectApiError(await call(ctx.app, null, 'PUT', `/api/conversations/${id}/read`, { lastReadMessageId: reply.id }), 401);
      // An unknown conversation gets the same 403 as someone else's (nothing to learn from the status).
      expectApiError(await markRead(987_654, citizen, reply.id), 403);
      expectApiError(await markRead(987_654, admin, reply.id), 404);
      for (const payload of [{}, { lastReadMessageId: '7' }, { lastReadMessageId: 0 }, { lastReadMessageId: -3 }, { lastReadMessageId: 1.5 }]) {
        const error = expectApiError(await call(ctx.app, citizen, 'PUT', `/api/conversations/${id}/read`, payload), 400);
        expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toEqual(['lastReadMessageId']);
      }
      expect(await rows()).toBe(before);
      expect((await citizenEntry(id))?.unreadCount).toBe(1);
    });
  });

  describe('GET /api/conversations/{id}/messages in pages', () => {
    let conversationId: number;
    let all: MessageResponse[];

    beforeAll(async () => {
      ({ id: conversationId } = await takenConversation(ctx.app, citizen, employee));
      for (let i = 1; i <= 7; i += 1) await send(conversationId, i % 2 === 0 ? employee : citizen, `Message ${i}`);
      all = (await call(ctx.app, citizen, 'GET', `/api/conversations/${conversationId}/messages`)).json() as MessageResponse[];
    });

    const page = async (query: string) => {
      const response = await call(ctx.app, citizen, 'GET', `/api/conversations/${conversationId}/messages?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as MessageResponse[]).map((message) => message.content);
    };

    it('answers the whole chat, oldest first, to a client that asks as the spec does', () => {
      expect(all.map((message) => message.content)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `Message ${i}`));
    });

    it('answers the newest `limit` messages, then the ones before a message id, each page oldest first', async () => {
      expect(await page('limit=3')).toEqual(['Message 5', 'Message 6', 'Message 7']);
      expect(await page(`before=${all[4]?.id}&limit=2`)).toEqual(['Message 3', 'Message 4']);
      expect(await page(`before=${all[0]?.id}&limit=5`)).toEqual([]);
      // `before` alone: a page of the default size, here everything older.
      expect(await page(`before=${all[2]?.id}`)).toEqual(['Message 1', 'Message 2']);
    });

    it('catches up from the last message id a client saw: the oldest `limit` newer ones, page by page to the end', async () => {
      expect(await page(`after=${all[3]?.id}`)).toEqual(['Message 5', 'Message 6', 'Message 7']);
      expect(await page(`after=${all[1]?.id}&limit=2`)).toEqual(['Message 3', 'Message 4']);
      expect(await page(`after=${all[6]?.id}`)).toEqual([]);
      const caughtUp: MessageResponse[] = [];
      let after = all[0]?.id ?? 0;
      for (;;) {
        const response = await call(ctx.app, employee, 'GET', `/api/conversations/${conversationId}/messages?after=${after}&limit=2`);
        const got = response.json() as MessageResponse[];
        if (got.length === 0) break;
        caughtUp.push(...got);
        after = got.at(-1)?.id ?? after;
      }
      expect(caughtUp).toEqual(all.slice(1));
    });

    it('walks back page by page to exactly the whole chat', async () => {
      const pages: MessageResponse[][] = [];
      let before: number | undefined;
      for (;;) {
        const response = await call(ctx.app, employee, 'GET', `/api/conversations/${conversationId}/messages?limit=3${before ? `&before=${before}` : ''}`);
        const got = response.json() as MessageResponse[];
        if (got.length === 0) break;
        pages.unshift(got);
        before = got[0]?.id;
      }
      expect(pages.map((p) => p.length)).toEqual([1, 3, 3]);
      expect(pages.flat()).toEqual(all);
    });

    it('refuses a limit outside 1 to 200 or a malformed before or after with 400', async () => {
      for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=2.5', 'before=0', 'before=-1', 'before=x', 'after=0', 'after=-1', 'after=x']) {
        const response = await call(ctx.app, citizen, 'GET', `/api/conversations/${conversationId}/messages?${query}`);
        const error = expectApiError(response, 400);
        expect(Object.keys(error.fields ?? {}).length, query).toBe(1);
      }
    });

    it('keeps strangers out of every page', async () => {
      expectApiError(await call(ctx.app, otherCitizen, 'GET', `/api/conversations/${conversationId}/messages?limit=3`), 403);
    });
  });
});
