import { beforeAll, expect, it } from 'vitest';
import { TEST_RECEIPT_KEYS_DIR, useTestApp } from './helpers/app.js';
import { createVehicleCase } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';

// Issue 34 point 7: the receipt lists of a conversation or case answer a citizen the same for an
// id that does not exist as for another's (403, as every ownership rule of the access policy), so
// ids cannot be probed; staff, who may read any, are told an unknown id does not exist (404).
const UNKNOWN_ID = 2_000_000_000;

describeEachEngine('receipt lists of a conversation and a case', (engine) => {
  const ctx = useTestApp(engine, { receipts: { officeName: 'Urząd Miasta Testowo', signingP12: null, keysDir: TEST_RECEIPT_KEYS_DIR } });
  let owner: CreatedUser;
  let stranger: CreatedUser;
  let clerk: CreatedUser;
  let admin: CreatedUser;
  let conversationId: number;
  let caseId: number;

  beforeAll(async () => {
    [owner, stranger, clerk, admin] = await Promise.all([createCitizen(ctx.app), createCitizen(ctx.app), createEmployee(ctx.app), createAdmin(ctx.app)]);
    conversationId = (await createLetter(ctx.app, owner)).id;
    caseId = (await createVehicleCase(ctx.app, owner)).id;
  });

  it.each(['conversation', 'case'] as const)('a citizen gets 403 for another\u2019s %s and for one that does not exist alike', async (kind) => {
    const id = kind === 'conversation' ? conversationId : caseId;
    const others = await call(ctx.app, stranger, 'GET', `/api/receipts/${kind}/${id}`);
    const missing = await call(ctx.app, stranger, 'GET', `/api/receipts/${kind}/${UNKNOWN_ID}`);
    expect(others.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(others.json());
  });

  it.each(['conversation', 'case'] as const)('the owner lists the receipts of their %s', async (kind) => {
    const id = kind === 'conversation' ? conversationId : caseId;
    const answer = await call(ctx.app, owner, 'GET', `/api/receipts/${kind}/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([expect.objectContaining({ kind: kind === 'conversation' ? 'letter-sent' : 'case-submitted' })]);
  });

  it.each(['conversation', 'case'] as const)('staff list any %s\u2019s receipts and get 404 for one that does not exist', async (kind) => {
    const id = kind === 'conversation' ? conversationId : caseId;
    for (const staff of [clerk, admin]) {
      expect((await call(ctx.app, staff, 'GET', `/api/receipts/${kind}/${id}`)).statusCode).toBe(200);
      expect((await call(ctx.app, staff, 'GET', `/api/receipts/${kind}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    }
  });
});
