import { conversationApiMessages, type ConversationResponse, letterMessages, type MessageResponse } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, countRows, createLetter, letterBody, messageBody, statusOf, takenConversation } from './helpers/letters.js';

describeEachEngine('letters and conversations', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let otherCitizen: CreatedUser;
  let employee: CreatedUser;
  let otherEmployee: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    [citizen, otherCitizen, employee, otherEmployee, admin] = await Promise.all([
      createCitizen(ctx.app, { firstName: 'Anna', lastName: 'Kwiatkowska' }),
      createCitizen(ctx.app),
      createEmployee(ctx.app, { firstName: 'Jan', lastName: 'Urzędnik' }),
      createEmployee(ctx.app),
      createAdmin(ctx.app),
    ]);
  });

  describe('POST /api/letters', () => {
    it('opens an OPEN conversation with the letter, its sender\u2019s name and no resolved date', async () => {
      const body = letterBody(citizen, { subject: '  Noise at night  ' });
      const response = await call(ctx.app, citizen, 'POST', '/api/letters', body);
      expect(response.statusCode).toBe(201);
      const conversation = response.json() as ConversationResponse;
      expect(conversation).toMatchObject({
        subject: 'Noise at night',
        content: body.content,
        recipient: 'Public Works Department',
        nameSurname: 'Anna Kwiatkowska',
        status: 'OPEN',
        resolvedDate: null,
        userId: citizen.user.id,
        employeeId: null,
      });
      expect(conversation.letterId).toBeGreaterThan(0);
      const mine = await call(ctx.app, citizen, 'GET', `/api/conversations/user/${citizen.user.id}`);
      expect((mine.json() as ConversationResponse[]).map((c) => c.id)).toContain(conversation.id);
    });

    it('lets employees and admins write their own letters, and an admin write for an existing user', async () => {
      expect((await call(ctx.app, employee, 'POST', '/api/letters', letterBody(employee))).statusCode).toBe(201);
      const forCitizen = await call(ctx.app, admin, 'POST', '/api/letters', letterBody(citizen));
      expect(forCitizen.statusCode).toBe(201);
      expect(forCitizen.json()).toMatchObject({ userId: citizen.user.id });
      const before = await countRows(ctx.app, 'letters');
      const ghost = expectApiError(await call(ctx.app, admin, 'POST', '/api/letters', letterBody(citizen, { userID: 999_999 })), 400);
      expect(ghost.fields).toEqual({ userID: conversationApiMessages.unknownUser });
      expect(await countRows(ctx.app, 'letters')).toBe(before);
    });

    it('refuses anonymous callers and letters in someone else\u2019s name, writing nothing', async () => {
      const before = [await countRows(ctx.app, 'letters'), await countRows(ctx.app, 'conversations')];
      expectApiError(await call(ctx.app, null, 'POST', '/api/letters', letterBody(citizen)), 401);
      expectApiError(await call(ctx.app, otherCitizen, 'POST', '/api/letters', letterBody(citizen)), 403);
      expectApiError(await call(ctx.app, employee, 'POST', '/api/letters', letterBody(citizen)), 403);
      expect([await countRows(ctx.app, 'letters'), await countRows(ctx.app, 'conversations')]).toEqual(before);
    });

    it('answers the spec\u2019s message for a missing subject, body or department', async () => {
      for (const missing of ['subject', 'content', 'recipient']) {
        const error = expectApiError(await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { [missing]: undefined })), 400);
        expect(error.fields?.[missing]).toBe(letterMessages.required);
      }
    });
  });

  describe('GET /api/conversations', () => {
    it('lists every OPEN conversation for staff, newest first, and refuses citizens', async () => {
      const first = await createLetter(ctx.app, citizen);
      const second = await createLetter(ctx.app, otherCitizen);
      for (const who of [employee, otherEmployee, admin]) {
        const response = await call(ctx.app, who, 'GET', `/api/conversations?status=OPEN&employeeId=${who.user.id}`);
        expect(response.statusCode).toBe(200);
        const list = response.json() as ConversationResponse[];
        expect(list.every((c) => c.status === 'OPEN')).toBe(true);
        const ids = list.map((c) => c.id);
        expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
        expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
      }
      expectApiError(await call(ctx.app, citizen, 'GET', '/api/conversations?status=OPEN'), 403);
      expectApiError(await call(ctx.app, null, 'GET', '/api/conversations?status=OPEN'), 401);
    });

    it('lists an employee\u2019s own IN_PROGRESS and RESOLVED conversations only', async () => {
      const mine = await takenConversation(ctx.app, citizen, employee);
      const theirs = await takenConversation(ctx.app, citizen, otherEmployee);
      const list = (await call(ctx.app, employee, 'GET', `/api/conversations?status=IN_PROGRESS&employeeId=${employee.user.id}`)).json() as ConversationResponse[];
      expect(list.map((c) => c.id)).toContain(mine.id);
      expect(list.map((c) => c.id)).not.toContain(theirs.id);
      expect(list.every((c) => c.employeeId === employee.user.id && c.status === 'IN_PROGRESS')).toBe(true);
      // Without employeeId an employee still sees only their own.
      const implicit = (await call(ctx.app, employee, 'GET', '/api/conversations?status=IN_PROGRESS')).json() as ConversationResponse[];
      expect(implicit.map((c) => c.id)).not.toContain(theirs.id);
      // Another employee's list is not theirs to read; an admin may read anyone's.
      expectApiError(await call(ctx.app, employee, 'GET', `/api/conversations?status=IN_PROGRESS&employeeId=${otherEmployee.user.id}`), 403);
      const asAdmin = (await call(ctx.app, admin, 'GET', `/api/conversations?status=IN_PROGRESS&employeeId=${otherEmployee.user.id}`)).json() as ConversationResponse[];
      expect(asAdmin.map((c) => c.id)).toContain(theirs.id);
    });

    it('answers 400 for an unknown status or a malformed employeeId', async () => {
      expectApiError(await call(ctx.app, employee, 'GET', '/api/conversations?status=CLOSED'), 400);
      expectApiError(await call(ctx.app, employee, 'GET', '/api/conversations?status=OPEN&employeeId=abc'), 400);
      expectApiError(await call(ctx.app, employee, 'GET', '/api/conversations?status=OPEN&employeeId=-4'), 400);
    });
  });

  describe('PUT /api/conversations/{id}/take', () => {
    it('lets an employee take an OPEN conversation once; it leaves the open list', async () => {
      const conversation = await createLetter(ctx.app, citizen);
      const taken = await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/take?employeeId=${employee.user.id}`);
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({ id: conversation.id, status: 'IN_PROGRESS', employeeId: employee.user.id });
      const open = (await call(ctx.app, employee, 'GET', '/api/conversations?status=OPEN')).json() as ConversationResponse[];
      expect(open.map((c) => c.id)).not.toContain(conversation.id);

      const again = expectApiError(await call(ctx.app, otherEmployee, 'PUT', `/api/conversations/${conversation.id}/take`), 409);
      expect(again.message).toBe(conversationApiMessages.alreadyTaken);
      expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'IN_PROGRESS', employee_id: employee.user.id });
    });

    it('refuses anonymous callers, citizens and taking in another employee\u2019s name', async () => {
      const conversation = await createLetter(ctx.app, citizen);
      const url = `/api/conversations/${conversation.id}/take`;
      expectApiError(await call(ctx.app, null, 'PUT', url), 401);
      expectApiError(await call(ctx.app, citizen, 'PUT', url), 403);
      expectApiError(await call(ctx.app, citizen, 'PUT', `${url}?employeeId=${citizen.user.id}`), 403);
      expectApiError(await call(ctx.app, employee, 'PUT', `${url}?employeeId=${otherEmployee.user.id}`), 403);
      expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'OPEN', employee_id: null });
      expectApiError(await call(ctx.app, employee, 'PUT', '/api/conversations/987654/take'), 404);
    });

    it('lets an admin assign an employee, but never a citizen', async () => {
      const conversation = await createLetter(ctx.app, citizen);
      const url = `/api/conversations/${conversation.id}/take`;
      const refused = expectApiError(await call(ctx.app, admin, 'PUT', `${url}?employeeId=${citizen.user.id}`), 400);
      expect(refused.fields).toEqual({ employeeId: conversationApiMessages.notStaff });
      expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'OPEN' });
      const assigned = await call(ctx.app, admin, 'PUT', `${url}?employeeId=${otherEmployee.user.id}`);
      expect(assigned.json()).toMatchObject({ status: 'IN_PROGRESS', employeeId: otherEmployee.user.id });
    });

    it('gives exactly one of 10 concurrent takes a 200 and the rest 409', async () => {
      const conversation = await createLetter(ctx.app, citizen);
      const racers = await Promise.all(Array.from({ length: 10 }, () => createEmployee(ctx.app)));
      const answers = await Promise.all(
        racers.map((racer) => call(ctx.app, racer, 'PUT', `/api/conversations/${conversation.id}/take?employeeId=${racer.user.id}`)),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
      const winner = racers[answers.findIndex((answer) => answer.statusCode === 200)];
      expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'IN_PROGRESS', employee_id: winner?.user.id });
    });
  });

  describe('PUT /api/conversations/{id}/status', () => {
    it('lets the employee who took it resolve it, stamping the resolved date; it joins the archive', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      const resolved = await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' });
      expect(resolved.statusCode).toBe(200);
      const body = resolved.json() as ConversationResponse;
      expect(body.status).toBe('RESOLVED');
      expect(Date.parse(body.resolvedDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const archive = (await call(ctx.app, employee, 'GET', `/api/conversations?status=RESOLVED&employeeId=${employee.user.id}`)).json() as ConversationResponse[];
      expect(archive.find((c) => c.id === conversation.id)).toMatchObject({ status: 'RESOLVED', resolvedDate: body.resolvedDate });
      // Resolved is final.
      expectApiError(await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' }), 409);
    });

    it('refuses everyone but the employee who took it (and admins), changing nothing', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      const url = `/api/conversations/${conversation.id}/status`;
      expectApiError(await call(ctx.app, null, 'PUT', url, { status: 'RESOLVED' }), 401);
      expectApiError(await call(ctx.app, citizen, 'PUT', url, { status: 'RESOLVED' }), 403);
      expectApiError(await call(ctx.app, otherCitizen, 'PUT', url, { status: 'RESOLVED' }), 403);
      const other = expectApiError(await call(ctx.app, otherEmployee, 'PUT', url, { status: 'RESOLVED' }), 403);
      expect(other.message).toBe(conversationApiMessages.notYours);
      expect(await statusOf(ctx.app, conversation.id)).toMatchObject({ status: 'IN_PROGRESS', resolved_date: null });
      expect((await call(ctx.app, admin, 'PUT', url, { status: 'RESOLVED' })).json()).toMatchObject({ status: 'RESOLVED' });
    });

    it('follows OPEN -> IN_PROGRESS -> RESOLVED only', async () => {
      const open = await createLetter(ctx.app, citizen);
      const notYet = expectApiError(await call(ctx.app, employee, 'PUT', `/api/conversations/${open.id}/status`, { status: 'RESOLVED' }), 409);
      expect(notYet.message).toBe(conversationApiMessages.notInProgress);
      const taken = await takenConversation(ctx.app, citizen, employee);
      for (const status of ['OPEN', 'IN_PROGRESS']) {
        expectApiError(await call(ctx.app, employee, 'PUT', `/api/conversations/${taken.id}/status`, { status }), 409);
      }
      expect(await statusOf(ctx.app, open.id)).toMatchObject({ status: 'OPEN' });
      expect(await statusOf(ctx.app, taken.id)).toMatchObject({ status: 'IN_PROGRESS' });
      // Not the employee's to resolve, whether it exists or not: the same 403 (ids cannot be probed).
      expectApiError(await call(ctx.app, employee, 'PUT', '/api/conversations/987654/status', { status: 'RESOLVED' }), 403);
    });
  });

  describe('messages', () => {
    let conversation: ConversationResponse;
    beforeAll(async () => {
      conversation = await takenConversation(ctx.app, citizen, employee);
    });
    const messagesUrl = () => `/api/conversations/${conversation.id}/messages`;
    const sendUrl = () => `/api/conversations/${conversation.id}/messages/send`;

    it('lets the citizen, the employee and an admin talk, in order, with each sender\u2019s name', async () => {
      const fromCitizen = await call(ctx.app, citizen, 'POST', sendUrl(), messageBody(conversation.id, citizen, '  Any news?  '));
      expect(fromCitizen.statusCode).toBe(201);
      expect(fromCitizen.json()).toMatchObject({ senderId: citizen.user.id, senderName: 'Anna Kwiatkowska', content: 'Any news?' });
      expect((await call(ctx.app, employee, 'POST', sendUrl(), messageBody(conversation.id, employee, 'A crew is on its way.'))).statusCode).toBe(201);
      expect((await call(ctx.app, admin, 'POST', sendUrl(), messageBody(conversation.id, admin, 'Supervisor here.'))).statusCode).toBe(201);

      for (const reader of [citizen, employee, admin]) {
        const list = await call(ctx.app, reader, 'GET', messagesUrl());
        expect(list.statusCode).toBe(200);
        const messages = list.json() as MessageResponse[];
        expect(messages.map((message) => message.content)).toEqual(['Any news?', 'A crew is on its way.', 'Supervisor here.']);
        expect(messages[1]).toMatchObject({ conversationId: conversation.id, senderName: 'Jan Urzędnik' });
      }
    });

    it('keeps everyone else out of the chat, reading and writing', async () => {
      const before = await countRows(ctx.app, 'messages');
      expectApiError(await call(ctx.app, null, 'GET', messagesUrl()), 401);
      expectApiError(await call(ctx.app, otherCitizen, 'GET', messagesUrl()), 403);
      expectApiError(await call(ctx.app, otherEmployee, 'GET', messagesUrl()), 403);
      expectApiError(await call(ctx.app, null, 'POST', sendUrl(), messageBody(conversation.id, citizen)), 401);
      expectApiError(await call(ctx.app, otherCitizen, 'POST', sendUrl(), messageBody(conversation.id, otherCitizen)), 403);
      expectApiError(await call(ctx.app, otherEmployee, 'POST', sendUrl(), messageBody(conversation.id, otherEmployee)), 403);
      // Nobody writes in someone else's name, admins included.
      expectApiError(await call(ctx.app, citizen, 'POST', sendUrl(), messageBody(conversation.id, employee)), 403);
      expectApiError(await call(ctx.app, admin, 'POST', sendUrl(), messageBody(conversation.id, citizen)), 403);
      // A conversation that does not exist looks like one that is not theirs: ids cannot be probed.
      expectApiError(await call(ctx.app, citizen, 'GET', '/api/conversations/987654/messages'), 403);
      expect(await countRows(ctx.app, 'messages')).toBe(before);
    });

    it('refuses blank messages and a conversationId that is not the one in the address', async () => {
      const before = await countRows(ctx.app, 'messages');
      for (const content of ['', '   ', '\n\t ']) {
        const error = expectApiError(await call(ctx.app, citizen, 'POST', sendUrl(), messageBody(conversation.id, citizen, content)), 400);
        expect(error.fields?.content).toBe(letterMessages.messageEmpty);
      }
      const other = await createLetter(ctx.app, citizen);
      expectApiError(await call(ctx.app, citizen, 'POST', sendUrl(), messageBody(other.id, citizen)), 400);
      expect(await countRows(ctx.app, 'messages')).toBe(before);
    });

    it('refuses messages once the conversation is RESOLVED with 409', async () => {
      const closing = await takenConversation(ctx.app, citizen, employee);
      await call(ctx.app, employee, 'PUT', `/api/conversations/${closing.id}/status`, { status: 'RESOLVED' });
      const before = await countRows(ctx.app, 'messages');
      for (const sender of [citizen, employee]) {
        const error = expectApiError(
          await call(ctx.app, sender, 'POST', `/api/conversations/${closing.id}/messages/send`, messageBody(closing.id, sender)),
          409,
        );
        expect(error.message).toBe(conversationApiMessages.resolved);
      }
      expect(await countRows(ctx.app, 'messages')).toBe(before);
      // The history stays readable.
      expect((await call(ctx.app, citizen, 'GET', `/api/conversations/${closing.id}/messages`)).statusCode).toBe(200);
    });
  });

  describe('GET /api/conversations/user/{userId}', () => {
    it('gives a citizen their own conversations only; admins may look at anyone\u2019s', async () => {
      const own = await createLetter(ctx.app, otherCitizen, { subject: 'Only mine' });
      const list = (await call(ctx.app, otherCitizen, 'GET', `/api/conversations/user/${otherCitizen.user.id}`)).json() as ConversationResponse[];
      expect(list.map((c) => c.id)).toContain(own.id);
      expect(list.every((c) => c.userId === otherCitizen.user.id)).toBe(true);
      expectApiError(await call(ctx.app, citizen, 'GET', `/api/conversations/user/${otherCitizen.user.id}`), 403);
      expectApiError(await call(ctx.app, employee, 'GET', `/api/conversations/user/${otherCitizen.user.id}`), 403);
      expectApiError(await call(ctx.app, null, 'GET', `/api/conversations/user/${otherCitizen.user.id}`), 401);
      const asAdmin = (await call(ctx.app, admin, 'GET', `/api/conversations/user/${otherCitizen.user.id}`)).json() as ConversationResponse[];
      expect(asAdmin.map((c) => c.id)).toContain(own.id);
      expectApiError(await call(ctx.app, citizen, 'GET', '/api/conversations/user/abc'), 400);
    });
  });
});
