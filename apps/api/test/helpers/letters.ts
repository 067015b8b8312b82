import type { ConversationResponse, Department } from '@portal/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { CreatedUser } from './factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call as `who` (or anonymous with null). */
export function call(app: FastifyInstance, who: CreatedUser | null, method: Method, url: string, payload?: InjectOptions['payload']) {
  return app.inject({ method, url, payload, headers: who ? who.headers : {} });
}

export function letterBody(author: CreatedUser, overrides: Record<string, unknown> = {}) {
  return {
    userID: author.user.id,
    recipient: 'Public Works Department' satisfies Department,
    subject: 'Streetlight out on Lipowa',
    content: 'The streetlight in front of Lipowa 4 has been dark for a week.',
    sentAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A letter written by `author` through the API; answers its OPEN conversation. */
export async function createLetter(app: FastifyInstance, author: CreatedUser, overrides: Record<string, unknown> = {}) {
  const response = await call(app, author, 'POST', '/api/letters', letterBody(author, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ConversationResponse;
}

/** A letter by `author`, taken by `employee`: an IN_PROGRESS conversation. */
export async function takenConversation(app: FastifyInstance, author: CreatedUser, employee: CreatedUser) {
  const conversation = await createLetter(app, author);
  const response = await call(app, employee, 'PUT', `/api/conversations/${conversation.id}/take?employeeId=${employee.user.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ConversationResponse;
}

export function messageBody(conversationId: number, sender: CreatedUser, content = 'Hello, any news?') {
  return { conversationId, senderId: sender.user.id, content, sentAt: new Date().toISOString() };
}

/** Rows of a table, for "nothing was written" checks inside one suite's own database. */
export async function countRows(app: FastifyInstance, table: 'letters' | 'conversations' | 'messages'): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function statusOf(app: FastifyInstance, conversationId: number) {
  return app.db.selectFrom('conversations').select(['status', 'employee_id', 'resolved_date']).where('id', '=', conversationId).executeTakeFirstOrThrow();
}
