import { deadlineMessages, deadlineMessagesPl, writeCalendarDate } from '@portal/contract';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addTermDays, warsawDateOf } from '../src/plugins/legal-clock/terms.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call } from './helpers/letters.js';

/*
 * Issue 32 points 6 and 8, the refusals: at most one prompt per matter in 7 days even when two
 * arrive at the same moment on two API processes (the prompt's number within its matter is
 * unique: migration 0059), and the 409s that say why and from when do so in the reader's language
 * with the date as the portal writes it ("9 grudnia 2026 r."), never a bare ISO date.
 */
const DAY = 86_400_000;
const PL = { 'accept-language': 'pl' };

describeEachEngine('late-term refusals: one prompt at a time, and 409s in the reader\u2019s language', (engine) => {
  const ctx = useTestApp(engine);
  const overdueCase = async (citizen: CreatedUser) => {
    const created = await createVehicleCase(ctx.app, citizen);
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: new Date(Date.now() - 70 * DAY).toISOString() }).where('id', '=', created.id).execute();
    return created.id;
  };
  const prompt = (app: FastifyInstance, who: CreatedUser, caseId: number, text: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/case-resolution/${caseId}/prompt`, headers: { ...who.headers, ...headers }, payload: { text } });
  const promptsOf = async (caseId: number) =>
    Number((await ctx.app.db.selectFrom('matter_prompts').select((eb) => eb.fn.countAll<string | number>().as('n')).where('matter_kind', '=', 'case').where('matter_id', '=', caseId).executeTakeFirstOrThrow()).n);

  it('takes one of two prompts sent at the same moment through two API processes and refuses the other with 409', async () => {
    const citizen = await createCitizen(ctx.app);
    const second = await ctx.build();
    const nextWeek = writeCalendarDate(addTermDays(warsawDateOf(new Date()), 7), 'en');
    for (let round = 0; round < 3; round += 1) {
      const caseId = await overdueCase(citizen);
      const answers = await Promise.all([prompt(ctx.app, citizen, caseId, 'Please decide.'), prompt(second, citizen, caseId, 'Please decide now.')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json()).toMatchObject({ message: `${deadlineMessages.promptTooSoon} Possible from ${nextWeek}.` });
      expect(await promptsOf(caseId)).toBe(1);
    }
  });

  it('has the database refuse a second prompt with the same number on a matter (the guard the service relies on)', async () => {
    const citizen = await createCitizen(ctx.app);
    const caseId = await overdueCase(citizen);
    const row = { matter_kind: 'case' as const, matter_id: caseId, owner_id: citizen.user.id, body: 'x', created_at: new Date().toISOString(), answer_by: '2099-01-01', seq: 1 };
    await ctx.app.db.insertInto('matter_prompts').values(row).execute();
    await expect(ctx.app.db.insertInto('matter_prompts').values(row).execute()).rejects.toThrow(/unique/i);
    await ctx.app.db.insertInto('matter_prompts').values({ ...row, seq: 2 }).execute();
    expect(await promptsOf(caseId)).toBe(2);
  });

  it('says from when a prompt is possible in Polish, with the month in the genitive', async () => {
    const citizen = await createCitizen(ctx.app);
    const fresh = await createVehicleCase(ctx.app, citizen);
    const opens = addTermDays(fresh.dueDate!, 1);
    const early = expectApiError(await prompt(ctx.app, citizen, fresh.id, 'Proszę o decyzję.', PL), 409);
    expect(early.message).toBe(`${deadlineMessagesPl.notOverdue} Ponaglenie można wnieść od dnia ${writeCalendarDate(opens, 'pl')} r.`);
    expect(early.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // English readers get the same date spelled out.
    expect(expectApiError(await prompt(ctx.app, citizen, fresh.id, 'Please decide.'), 409).message).toBe(
      `${deadlineMessages.notOverdue} Possible from ${writeCalendarDate(opens, 'en')}.`,
    );

    const late = await overdueCase(citizen);
    expect((await prompt(ctx.app, citizen, late, 'Proszę o decyzję.', PL)).statusCode).toBe(200);
    const again = expectApiError(await prompt(ctx.app, citizen, late, 'Ponownie.', PL), 409);
    expect(again.message).toBe(`${deadlineMessagesPl.promptTooSoon} Ponaglenie można wnieść od dnia ${writeCalendarDate(addTermDays(warsawDateOf(new Date()), 7), 'pl')} r.`);
  });

  it('refuses a late appeal in Polish with the last day written as the portal writes dates', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const created = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
    await setStatus(ctx.app, clerk, created.id, 'REJECTED');
    // Decided on 5 April 2026: delivered on the 14th day (19 April), the appeal possible until Monday 4 May (3 May is a Sunday and a holiday).
    await ctx.app.db.updateTable('case_decisions').set({ decided_at: '2026-04-05T10:00:00.000Z' }).where('case_id', '=', created.id).execute();
    const url = `/api/case-resolution/${created.id}/appeal`;
    const polish = expectApiError(await ctx.app.inject({ method: 'POST', url, headers: { ...citizen.headers, ...PL }, payload: { text: 'Odwołuję się.' } }), 409);
    expect(polish.message).toBe('Termin na wniesienie odwołania upłynął 4 maja 2026 r.');
    expect(expectApiError(await call(ctx.app, citizen, 'POST', url, { text: 'I appeal.' }), 409).message).toBe('The time to appeal ended on 4 May 2026.');
  });
});
