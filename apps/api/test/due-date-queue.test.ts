import { CASES_UNIT, type ConversationListItem, type MatterDeadlineResponse, type MatterListResponse, type PerformanceDashboardResponse, type StaffCaseListResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { addTermDays, nextWorkingDayFrom, termDueDate } from '../src/plugins/legal-clock/terms.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { DELAY_REASON, workingDayIn } from './helpers/every-event.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser, uniqueTag } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';

/*
 * Issue 32 points 4, 5 and 8 with issue 33 point 2: a matter has ONE due date, and the staff
 * queues sort by the stored copy of it. Each change of the clock — a delay notice's new date, a
 * request to supplement (the clock stands) and its answer (later by the days waited), an appeal
 * (a new term; an older notice's date no longer applies) — rewrites the stored date in its own
 * transaction, so the due-date order and every screen (the case, the queue, "My matters", the
 * deadline panel) say the same date. Arrivals are moved back in the database together with the
 * date the server stores for them, so the order before each change is known.
 */
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describeEachEngine('one due date per matter, in the queues\u2019 order', (engine) => {
  const ctx = useTestApp(engine);

  /** A citizen whose surname no other test's applicant has: a search finds only their cases. */
  const applicant = async () => {
    const lastName = `Sroka${uniqueTag().replace(/\d/g, 'x')}`;
    return { citizen: await createCitizen(ctx.app, { firstName: 'Iga', lastName }), lastName };
  };
  /** A case submitted `days` ago, with the due date the server stored for it then, taken by `clerk`. */
  const caseFrom = async (citizen: CreatedUser, clerk: CreatedUser, days: number) => {
    const created = await createVehicleCase(ctx.app, citizen);
    const at = daysAgo(days);
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: at, due_date: termDueDate({ startedAt: at, months: 1 }) ?? '' }).where('id', '=', created.id).execute();
    await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
    return created.id;
  };
  /** The in-progress list by due date, narrowed to one applicant: [id, dueDate] in its order. */
  const inProgress = async (clerk: CreatedUser, lastName: string) => {
    const response = await call(ctx.app, clerk, 'GET', `/api/case-resolution/staff/in-progress?q=${lastName}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as StaffCaseListResponse).items.map((item) => [item.id, item.dueDate]);
  };
  const storedCaseDue = async (id: number) => (await ctx.app.db.selectFrom('case_resolutions').select('due_date').where('id', '=', id).executeTakeFirstOrThrow()).due_date;
  const post = async (who: CreatedUser, url: string, payload: object) => {
    const response = await call(ctx.app, who, 'POST', url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };

  it('moves a letter after a delay notice: the queue sorts by the notice\u2019s new date', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const tag = `Due ${uniqueTag()}`;
    const late = await createLetter(ctx.app, citizen, { subject: `${tag} late` });
    const fresh = await createLetter(ctx.app, citizen, { subject: `${tag} fresh` });
    const at = daysAgo(70);
    await ctx.app.db.updateTable('conversations').set({ created_at: at, due_date: termDueDate({ startedAt: at, months: 1 }) }).where('id', '=', late.id).execute();
    for (const id of [late.id, fresh.id]) expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${id}/take`)).statusCode).toBe(200);
    const queue = async () =>
      ((await call(ctx.app, clerk, 'GET', `/api/conversations?status=IN_PROGRESS&order=due&q=${encodeURIComponent(tag)}`)).json() as ConversationListItem[]).map((item) => [item.id, item.dueDate]);
    expect((await queue()).map(([id]) => id)).toEqual([late.id, fresh.id]);

    const newDueDate = workingDayIn(45);
    await post(clerk, `/api/conversations/${late.id}/delay-notice`, { reason: DELAY_REASON, newDueDate });
    expect(await queue()).toEqual([
      [fresh.id, fresh.dueDate],
      [late.id, newDueDate],
    ]);
  });

  it('moves a case after a delay notice, in the queue and out of the dashboard\u2019s overdue count', async () => {
    const { citizen, lastName } = await applicant();
    const [clerk, admin] = [await createEmployee(ctx.app), await createAdmin(ctx.app)];
    const late = await caseFrom(citizen, clerk, 70);
    const fresh = await caseFrom(citizen, clerk, 0);
    expect((await inProgress(clerk, lastName)).map(([id]) => id)).toEqual([late, fresh]);
    const overdueCases = async () => {
      const { units } = (await call(ctx.app, admin, 'GET', '/api/admin/performance')).json() as PerformanceDashboardResponse;
      return units.find((unit) => unit.unit === CASES_UNIT)?.overdueNow;
    };
    const before = await overdueCases();
    const newDueDate = workingDayIn(45);
    await post(clerk, `/api/case-resolution/${late}/delay-notice`, { reason: DELAY_REASON, newDueDate });
    expect((await inProgress(clerk, lastName)).map(([id]) => id)).toEqual([fresh, late]);
    expect(await storedCaseDue(late)).toBe(newDueDate);
    // The office's dashboard counts by the same date: the case is no longer overdue.
    expect(await overdueCases()).toBe(before! - 1);
  });

  it('sorts a case waiting for the citizen last, and after the answer by the date lengthened by the days waited', async () => {
    const { citizen, lastName } = await applicant();
    const clerk = await createEmployee(ctx.app);
    const paused = await caseFrom(citizen, clerk, 40);
    const other = await caseFrom(citizen, clerk, 15);
    expect((await inProgress(clerk, lastName)).map(([id]) => id)).toEqual([paused, other]);

    await post(clerk, `/api/case-resolution/${paused}/supplement-requests`, { message: 'Please upload the signed contract.' });
    expect(await inProgress(clerk, lastName)).toEqual([
      [other, expect.any(String)],
      [paused, null],
    ]);

    // The office asked 39 days ago; the citizen answers now: 39 days are not counted (KPA art. 35 §5).
    const asked = daysAgo(39);
    await ctx.app.db.updateTable('case_supplements').set({ requested_at: asked }).where('case_id', '=', paused).execute();
    await post(citizen, `/api/case-resolution/${paused}/supplement-answer`, { answer: 'Attached.' });
    const submitted = (await ctx.app.db.selectFrom('case_resolutions').select('submission_date').where('id', '=', paused).executeTakeFirstOrThrow()).submission_date;
    const expected = termDueDate({ startedAt: submitted, months: 1, pauses: [{ from: asked, to: new Date().toISOString() }] });
    const order = await inProgress(clerk, lastName);
    expect(order.map(([id]) => id)).toEqual([other, paused]);
    expect(order[1]?.[1]).toBe(expected);
    expect(await storedCaseDue(paused)).toBe(expected);
  });

  it('gives an appealed case the appeal\u2019s new term everywhere, not an older delay notice\u2019s date', async () => {
    const { citizen, lastName } = await applicant();
    const clerk = await createEmployee(ctx.app);
    const appealed = await caseFrom(citizen, clerk, 70);
    const other = await caseFrom(citizen, clerk, 15);
    // Overdue: the notice comes first (KPA art. 36), then the rejection, then the citizen's appeal.
    await post(clerk, `/api/case-resolution/${appealed}/delay-notice`, { reason: DELAY_REASON, newDueDate: workingDayIn(5) });
    await ctx.app.inject({ method: 'PUT', url: `/api/case-resolution/${appealed}/update-status/REJECTED`, headers: clerk.headers, payload: { reason: 'No contract.' } });
    await post(citizen, `/api/case-resolution/${appealed}/appeal`, { text: 'The contract was attached.' });
    await setStatus(ctx.app, clerk, appealed, 'IN_PROGRESS');

    const appealedAt = (await ctx.app.db.selectFrom('case_appeals').select('appealed_at').where('case_id', '=', appealed).executeTakeFirstOrThrow()).appealed_at;
    const newTerm = termDueDate({ startedAt: appealedAt, months: 1 });
    expect(await inProgress(clerk, lastName)).toEqual([
      [other, expect.any(String)],
      [appealed, newTerm],
    ]);
    expect(await storedCaseDue(appealed)).toBe(newTerm);
    // The deadline panel (the deadlines module's clock) and "My matters" say the same date: not overdue, no notice owed.
    const panel = (await call(ctx.app, clerk, 'GET', `/api/case-resolution/${appealed}/deadline`)).json() as MatterDeadlineResponse;
    expect(panel).toMatchObject({ dueDate: newTerm, termDueDate: newTerm, state: null, noticeRequired: false });
    const matters = (await call(ctx.app, citizen, 'GET', '/api/matters?kind=case')).json() as MatterListResponse;
    expect(matters.items.find((item) => item.id === appealed)).toMatchObject({ dueDate: newTerm, overdue: false });
  });

  it('moves a delay notice\u2019s new date on by the days the office then waited for the citizen', async () => {
    const { citizen, lastName } = await applicant();
    const clerk = await createEmployee(ctx.app);
    const late = await caseFrom(citizen, clerk, 70);
    const notified = workingDayIn(10);
    await post(clerk, `/api/case-resolution/${late}/delay-notice`, { reason: DELAY_REASON, newDueDate: notified });
    await post(clerk, `/api/case-resolution/${late}/supplement-requests`, { message: 'Please upload the signed contract.' });
    // Asked six days ago (after the notice), answered now: six days are not counted, from the notice's date too.
    await ctx.app.db.updateTable('case_supplements').set({ requested_at: daysAgo(6) }).where('case_id', '=', late).execute();
    await post(citizen, `/api/case-resolution/${late}/supplement-answer`, { answer: 'Attached.' });
    const moved = nextWorkingDayFrom(addTermDays(notified, 6));
    expect(await inProgress(clerk, lastName)).toEqual([[late, moved]]);
    expect(await storedCaseDue(late)).toBe(moved);
  });
});
