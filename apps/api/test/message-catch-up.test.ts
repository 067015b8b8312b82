import type { MessageResponse } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { createLettersRepository } from '../src/modules/letters/repository.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';

// Issue 34 point 14: a client catching up with `?after=<id>` missed a message whose id was taken
// before another's but committed after it (two API processes). `seq` numbers a conversation's
// messages in commit order and `?afterSeq=` catches up by it.

describeEachEngine('catching up on a chat by seq', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let employee: CreatedUser;

  beforeAll(async () => {
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
  });

  const messagesOf = async (conversationId: number, query: string) => {
    const answer = await call(ctx.app, citizen, 'GET', `/api/conversations/${conversationId}/messages${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as MessageResponse[];
  };

  it('numbers a chat\u2019s messages 1, 2, 3 and pages through them with afterSeq and limit', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const url = `/api/conversations/${conversation.id}/messages/send`;
    for (const [who, text] of [[citizen, 'one'], [employee, 'two'], [citizen, 'three']] as const) {
      expect((await call(ctx.app, who, 'POST', url, messageBody(conversation.id, who, text))).statusCode).toBe(201);
    }
    expect((await messagesOf(conversation.id, '')).map((message) => [message.seq, message.content])).toEqual([[1, 'one'], [2, 'two'], [3, 'three']]);
    expect((await messagesOf(conversation.id, '?afterSeq=0&limit=2')).map((message) => message.content)).toEqual(['one', 'two']);
    expect((await messagesOf(conversation.id, '?afterSeq=2')).map((message) => message.content)).toEqual(['three']);
    expect(await messagesOf(conversation.id, '?afterSeq=3')).toEqual([]);
    const refused = await call(ctx.app, citizen, 'GET', `/api/conversations/${conversation.id}/messages?afterSeq=-1`);
    expect(Object.keys(expectApiError(refused, 400).fields ?? {})).toEqual(['afterSeq']);
  });

  it('never lets a later message commit before an earlier one, so a client catching up by seq misses none', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const letters = createLettersRepository(ctx.app.db);
    const sender = { id: citizen.user.id, firstName: citizen.user.firstName, lastName: citizen.user.lastName };

    // A takes its place first and stays uncommitted; B comes second, from "another process".
    let commitA = () => {};
    const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
    let aSent = (_message: MessageResponse | undefined) => {};
    const aStored = new Promise<MessageResponse | undefined>((resolve) => (aSent = resolve));
    const a = ctx.app.db.transaction().execute(async (trx) => {
      aSent(await letters.sendMessage({ conversationId: conversation.id, sender, content: 'A' }, trx));
      await aMayCommit;
    });
    expect(await aStored).toMatchObject({ content: 'A' });
    let bSettled = false;
    const b = ctx.app.db.transaction().execute((trx) => letters.sendMessage({ conversationId: conversation.id, sender, content: 'B' }, trx));
    void b.finally(() => (bSettled = true));

    // On PostgreSQL B runs on a connection of its own: wait until it has committed or waits for A,
    // then a client reads what is committed. (SQLite has one connection: B cannot start, nor a
    // client read, before A ends.)
    let early: MessageResponse[] = [];
    if (engine.name === 'postgres') {
      await vi.waitFor(async () => {
        const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.app.db);
        expect(bSettled || Number(rows[0]?.waiting) > 0).toBe(true);
      });
      early = await messagesOf(conversation.id, '?afterSeq=0');
    }
    const cursor = Math.max(0, ...early.map((message) => message.seq));
    commitA();
    await Promise.all([a, b]);
    const late = await messagesOf(conversation.id, `?afterSeq=${cursor}`);

    expect([...early, ...late].map((message) => message.content)).toEqual(['A', 'B']);
    expect([...early, ...late].map((message) => message.seq)).toEqual([1, 2]);
  });
});
