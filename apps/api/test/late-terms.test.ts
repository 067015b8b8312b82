import { deadlineMessages, type MatterDeadlineResponse, type OpenPromptsResponse, writeCalendarDate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { addTermDays, nextWorkingDayFrom, warsawDateOf } from '../src/plugins/legal-clock/terms.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { createVehicleCase } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { workingDayIn } from './helpers/every-event.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter, messageBody } from './helpers/letters.js';
import { receiptsOf } from './helpers/receipts.js';

/*
 * Issue 32 points 5 and 6 through the API: a clerk may not reply to or decide an overdue matter
 * before the delay notice (KPA art. 36); the notice's new date becomes the due date and reaches the
 * citizen (entry, email, receipt); the citizen's prompt (art. 37) once the term passed, at most
 * once in 7 days; an admin's answer. The rules' clock is injected (moved for the 7 days).
 */
const DAY = 86_400_000;
const REASON = 'The expert opinion arrives later than planned.';
/** The next Saturday after a week from now: never a working day. */
const aSaturday = () => {
  let day = addTermDays(warsawDateOf(new Date()), 7);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) day = addTermDays(day, 1);
  return day;
};

describeEachEngine('late terms: the delay notice, the prompt and its answer', (engine) => {
  let offsetDays = 0;
  const ctx = useTestApp(engine, {}, { deadlines: { now: () => new Date(Date.now() + offsetDays * DAY) } });
  const overdueLetter = async (citizen: CreatedUser) => {
    const letter = await createLetter(ctx.app, citizen);
    await ctx.app.db.updateTable('conversations').set({ created_at: new Date(Date.now() - 70 * DAY).toISOString() }).where('id', '=', letter.id).execute();
    return letter;
  };
  const overdueCase = async (citizen: CreatedUser) => {
    const created = await createVehicleCase(ctx.app, citizen);
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: new Date(Date.now() - 70 * DAY).toISOString() }).where('id', '=', created.id).execute();
    return created;
  };
  const count = async (table: 'delay_notices' | 'matter_prompts') => Number((await ctx.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const entriesOf = async (who: CreatedUser, kind: string) =>
    (await ctx.app.db.selectFrom('notifications').select('payload_json').where('user_id', '=', who.user.id).where('kind', '=', kind).execute()).map((row) => JSON.parse(row.payload_json) as Record<string, unknown>);

  describe('the delay notice', () => {
    it('blocks a reply and a decision on an overdue matter until it is sent; taking it stays possible', async () => {
      const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const letter = await overdueLetter(citizen);
      // The open queue marks it overdue (text and icon on the web).
      const queue = (await call(ctx.app, clerk, 'GET', '/api/conversations?status=OPEN')).json() as { id: number; deadline: string | null }[];
      expect(queue.find((item) => item.id === letter.id)?.deadline).toBe('overdue');
      expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${letter.id}/take`)).statusCode).toBe(200);
      const reply = expectApiError(await call(ctx.app, clerk, 'POST', `/api/conversations/${letter.id}/messages/send`, messageBody(letter.id, clerk, 'Answer')), 409);
      expect(reply.message).toBe(deadlineMessages.noticeRequired);
      expectApiError(await call(ctx.app, clerk, 'PUT', `/api/conversations/${letter.id}/status`, { status: 'RESOLVED' }), 409);
      // The citizen may still write to the office.
      expect((await call(ctx.app, citizen, 'POST', `/api/conversations/${letter.id}/messages/send`, messageBody(letter.id, citizen, 'Any news?'))).statusCode).toBe(201);

      const before = (await call(ctx.app, clerk, 'GET', `/api/conversations/${letter.id}/deadline`)).json() as MatterDeadlineResponse;
      expect(before).toMatchObject({ kind: 'letter', reference: `L-${letter.letterId}`, state: 'overdue', noticeRequired: true, open: true });
      const newDueDate = workingDayIn(14);
      const sent = await call(ctx.app, clerk, 'POST', `/api/conversations/${letter.id}/delay-notice`, { reason: REASON, newDueDate });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ dueDate: newDueDate, termDueDate: before.termDueDate, noticeRequired: false, notices: [{ reason: REASON, newDueDate, previousDueDate: before.dueDate }] });
      expect((await call(ctx.app, clerk, 'POST', `/api/conversations/${letter.id}/messages/send`, messageBody(letter.id, clerk, 'Answer'))).statusCode).toBe(201);
      const list = (await call(ctx.app, clerk, 'GET', '/api/conversations?status=IN_PROGRESS')).json() as { id: number; dueDate: string; deadline: string | null }[];
      // Still due soon: 70 of its 84 days are gone (the share counts from the arrival to the new date).
      expect(list.find((item) => item.id === letter.id)).toMatchObject({ dueDate: newDueDate, deadline: 'due-soon' });

      // The citizen is told: the entry, the email's outbox row, the receipt; the audit row.
      expect(await entriesOf(citizen, 'delay-notice')).toEqual([expect.objectContaining({ reason: REASON, newDueDate, reference: `L-${letter.letterId}` })]);
      const emails = await ctx.app.db.selectFrom('notification_outbox').select('kind').where('user_id', '=', citizen.user.id).where('kind', '=', 'delay-notice').execute();
      expect(emails).toHaveLength(1);
      expect((await receiptsOf(ctx.app, citizen, 'conversation', letter.id)).map((receipt) => receipt.kind)).toContain('delay-notice');
      expect((await auditRowsFor(ctx.app, 'conversation', letter.id)).map((row) => row.action)).toContain('matter.delay-notice');
    });

    it('blocks deciding an overdue case (not taking it) until the notice', async () => {
      const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const created = await overdueCase(citizen);
      expect((await call(ctx.app, clerk, 'PUT', `/api/case-resolution/${created.id}/update-status/IN_PROGRESS`)).statusCode).toBe(200);
      expectApiError(await ctx.app.inject({ method: 'PUT', url: `/api/case-resolution/${created.id}/update-status/REJECTED`, headers: clerk.headers, payload: { reason: 'No' } }), 409);
      const sent = await call(ctx.app, clerk, 'POST', `/api/case-resolution/${created.id}/delay-notice`, { reason: REASON, newDueDate: workingDayIn(10) });
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/case-resolution/${created.id}/update-status/REJECTED`, headers: clerk.headers, payload: { reason: 'No' } })).statusCode).toBe(200);
      // Decided: no more notices.
      expectApiError(await call(ctx.app, clerk, 'POST', `/api/case-resolution/${created.id}/delay-notice`, { reason: REASON, newDueDate: workingDayIn(20) }), 409);
    });

    it('refuses bad input with field errors and writes nothing; only staff send it', async () => {
      const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const letter = await overdueLetter(citizen);
      const url = `/api/conversations/${letter.id}/delay-notice`;
      const before = await count('delay_notices');
      expect(expectApiError(await call(ctx.app, clerk, 'POST', url, { reason: '  ', newDueDate: workingDayIn(9) }), 400).fields).toMatchObject({ reason: deadlineMessages.reasonRequired });
      expect(expectApiError(await call(ctx.app, clerk, 'POST', url, { reason: 'x'.repeat(1001), newDueDate: workingDayIn(9) }), 400).fields).toMatchObject({ reason: deadlineMessages.reasonTooLong });
      expect(expectApiError(await call(ctx.app, clerk, 'POST', url, { reason: REASON, newDueDate: '2026-02-30' }), 400).fields).toMatchObject({ newDueDate: deadlineMessages.newDateInvalid });
      expect(expectApiError(await call(ctx.app, clerk, 'POST', url, { reason: REASON, newDueDate: aSaturday() }), 400).fields).toMatchObject({ newDueDate: deadlineMessages.newDateNotWorkingDay });
      expect(expectApiError(await call(ctx.app, clerk, 'POST', url, { reason: REASON, newDueDate: warsawDateOf(new Date()) }), 400).fields).toMatchObject({ newDueDate: deadlineMessages.newDateNotLater });
      expectApiError(await call(ctx.app, citizen, 'POST', url, { reason: REASON, newDueDate: workingDayIn(9) }), 403);
      expectApiError(await call(ctx.app, clerk, 'POST', '/api/conversations/999999/delay-notice', { reason: REASON, newDueDate: workingDayIn(9) }), 404);
      expect(await count('delay_notices')).toBe(before);
    });
  });

  describe('the prompt and its answer', () => {
    it('refuses a prompt before the term passed, says from when, and takes one a week once it has', async () => {
      const [citizen, other, clerk, admin] = [await createCitizen(ctx.app), await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const fresh = await createVehicleCase(ctx.app, citizen);
      const early = expectApiError(await call(ctx.app, citizen, 'POST', `/api/case-resolution/${fresh.id}/prompt`, { text: 'Please hurry.' }), 409);
      expect(early.message).toBe(`${deadlineMessages.notOverdue} Possible from ${writeCalendarDate(addTermDays(fresh.dueDate!, 1), 'en')}.`);

      const created = await overdueCase(citizen);
      const url = `/api/case-resolution/${created.id}/prompt`;
      const before = await count('matter_prompts');
      expect(expectApiError(await call(ctx.app, citizen, 'POST', url, { text: 'x'.repeat(501) }), 400).fields).toMatchObject({ text: deadlineMessages.promptTooLong });
      expectApiError(await call(ctx.app, other, 'POST', url, { text: 'Not mine' }), 403);
      expectApiError(await call(ctx.app, clerk, 'POST', url, { text: 'Staff' }), 403);
      expectApiError(await call(ctx.app, admin, 'POST', url, { text: 'Admin' }), 403);
      expect(await count('matter_prompts')).toBe(before);

      const sent = await call(ctx.app, citizen, 'POST', url, { text: 'Please decide, the term has passed.' });
      expect(sent.statusCode, sent.body).toBe(200);
      const answerBy = addTermDays(warsawDateOf(new Date()), 7);
      expect(sent.json()).toMatchObject({ prompts: [{ text: 'Please decide, the term has passed.', answerBy, answeredAt: null }] });
      expect((await receiptsOf(ctx.app, citizen, 'case', created.id)).map((receipt) => receipt.kind)).toContain('prompt-sent');
      expect(await entriesOf(admin, 'prompt-received')).toContainEqual(expect.objectContaining({ reference: `C-${created.id}`, answerBy }));
      expect((await auditRowsFor(ctx.app, 'case', created.id)).map((row) => row.action)).toContain('matter.prompt');

      const again = expectApiError(await call(ctx.app, citizen, 'POST', url, { text: 'Again' }), 409);
      expect(again.message).toBe(`${deadlineMessages.promptTooSoon} Possible from ${writeCalendarDate(answerBy, 'en')}.`);
      offsetDays = 7;
      try {
        expect((await call(ctx.app, citizen, 'POST', url, { text: 'A week later' })).statusCode).toBe(200);
      } finally {
        offsetDays = 0;
      }
    });

    it('lists open prompts oldest first for the admins, who answer once with a reason and a new date', async () => {
      const [citizen, clerk, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const letter = await overdueLetter(citizen);
      expect((await call(ctx.app, citizen, 'POST', `/api/conversations/${letter.id}/prompt`, { text: 'Where is my answer?' })).statusCode).toBe(200);
      expectApiError(await call(ctx.app, clerk, 'GET', '/api/prompts'), 403);
      const open = (await call(ctx.app, admin, 'GET', '/api/prompts')).json() as OpenPromptsResponse;
      const ids = open.items.map((item) => item.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const mine = open.items.find((item) => item.reference === `L-${letter.letterId}`)!;
      expect(mine).toMatchObject({ kind: 'letter', matterId: letter.id, text: 'Where is my answer?', daysLeft: 7, open: true });

      const answerUrl = `/api/prompts/${mine.id}/answer`;
      expectApiError(await call(ctx.app, clerk, 'POST', answerUrl, { reason: 'Soon' }), 403);
      expect(expectApiError(await call(ctx.app, admin, 'POST', answerUrl, { reason: 'Soon', newDueDate: aSaturday() }), 400).fields).toMatchObject({ newDueDate: deadlineMessages.newDateNotWorkingDay });
      const newDueDate = nextWorkingDayFrom(addTermDays(warsawDateOf(new Date()), 5));
      const answered = await call(ctx.app, admin, 'POST', answerUrl, { reason: 'The clerk answers this week.', newDueDate });
      expect(answered.statusCode, answered.body).toBe(200);
      expect((answered.json() as OpenPromptsResponse).items.map((item) => item.id)).not.toContain(mine.id);
      expect(expectApiError(await call(ctx.app, admin, 'POST', answerUrl, { reason: 'Again' }), 409).message).toBe(deadlineMessages.promptAnswered);

      const clock = (await call(ctx.app, citizen, 'GET', `/api/conversations/${letter.id}/deadline`)).json() as MatterDeadlineResponse;
      expect(clock).toMatchObject({ dueDate: newDueDate, noticeRequired: false, prompts: [{ answer: 'The clerk answers this week.', newDueDate }] });
      expect(await entriesOf(citizen, 'prompt-answered')).toEqual([expect.objectContaining({ reason: 'The clerk answers this week.', newDueDate })]);
      expect((await receiptsOf(ctx.app, citizen, 'conversation', letter.id)).map((receipt) => receipt.kind)).toContain('prompt-answered');
      expect((await auditRowsFor(ctx.app, 'conversation', letter.id)).map((row) => row.action)).toContain('prompt.answer');
      // Another citizen cannot read this letter's clock.
      expectApiError(await call(ctx.app, await createCitizen(ctx.app), 'GET', `/api/conversations/${letter.id}/deadline`), 403);
    });
  });
});
