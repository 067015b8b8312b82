import type { ObligationResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreatedUser } from './factories.js';

export function obligationBody(owner: CreatedUser, overrides: Record<string, unknown> = {}) {
  return {
    interestId: owner.user.id,
    amount: 120.5,
    dueDate: '2026-03-31',
    paymentStatus: 'PENDING',
    issueDate: '2026-03-01',
    description: 'Waste collection fee, Q1',
    ...overrides,
  };
}

/** POST /api/financial-obligations with a body written as raw JSON text (to send number texts as they are). */
export function postObligationJson(app: FastifyInstance, who: CreatedUser, json: string) {
  return app.inject({
    method: 'POST',
    url: '/api/financial-obligations',
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: json,
  });
}

export async function createObligation(app: FastifyInstance, staff: CreatedUser, owner: CreatedUser, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/financial-obligations',
    headers: staff.headers,
    payload: obligationBody(owner, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ObligationResponse;
}

export async function listObligations(app: FastifyInstance, who: CreatedUser, userId: number) {
  return app.inject({ method: 'GET', url: `/api/financial-obligations/by-interest-id/${userId}`, headers: who.headers });
}

export async function countObligations(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('financial_obligations')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
