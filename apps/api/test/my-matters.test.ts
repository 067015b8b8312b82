import type { CaseDetailsResponse, MatterListItem, MatterListResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, createLetter, messageBody, takenConversation } from './helpers/letters.js';
import { workingDayIn } from './helpers/every-event.js';
import { createObligation } from './helpers/obligations.js';

/*
 * Issue 32 point 1 through the API: "My matters" lists a citizen's own letters, cases and
 * obligations with their one reference, newest activity first, filtered by kind and by whose move
 * it is, searched by reference or subject, a page at a time. Times are set in the database to
 * known moments so the order is the one written here.
 */
describeEachEngine('My matters', (engine) => {
  const ctx = useTestApp(engine);

  const matters = async (who: CreatedUser, query = '') => {
    const response = await call(ctx.app, who, 'GET', `/api/matters${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MatterListResponse;
  };
  const references = (list: MatterListResponse) => list.items.map((item) => item.reference);
  /** Moves a matter's timeline entries (of one type, or all) to `at`: the timeline tells "My matters" when it last moved. */
  const timelineAt = (matter: 'letter' | 'case', id: number, at: string, type?: string) => {
    let query = ctx.app.db.updateTable('timeline_entries').set({ at }).where('matter', '=', matter).where('matter_id', '=', id);
    if (type !== undefined) query = query.where('event_type', '=', type);
    return query.execute();
  };
  const letterArrivedAt = async (letter: { id: number; letterId: number }, at: string) => {
    await ctx.app.db.updateTable('conversations').set({ created_at: at }).where('id', '=', letter.id).execute();
    await timelineAt('letter', letter.letterId, at);
  };
  const caseSubmittedAt = async (caseId: number, at: string) => {
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: at, status_changed_at: at }).where('id', '=', caseId).execute();
    await timelineAt('case', caseId, at);
  };
  const obligationCreatedAt = (id: number, at: string) =>
    ctx.app.db.updateTable('financial_obligations').set({ created_at: at }).where('id', '=', id).execute();

  /** A citizen with a letter (10 Jan), an obligation (7 Jan) and a case (5 Jan), none of it overdue. */
  async function citizenWithThree() {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const letter = await createLetter(ctx.app, citizen, { subject: 'Broken street lamp on Lipowa' });
    const found = await createVehicleCase(ctx.app, citizen, { vehicleNumberPlate: 'WA 4411K' });
    const owed = await createObligation(ctx.app, clerk, citizen, { description: 'Waste collection fee', dueDate: '2099-03-31', issueDate: '2026-03-01' });
    await letterArrivedAt(letter, '2026-01-10T09:00:00.000Z');
    await caseSubmittedAt(found.id, '2026-01-05T09:00:00.000Z');
    await obligationCreatedAt(owed.id, '2026-01-07T09:00:00.000Z');
    return { citizen, clerk, letter, found, owed };
  }

  it('lists every letter, case and obligation of the caller with its one reference, newest activity first, and none of another citizen\u2019s', async () => {
    const { citizen, letter, found, owed } = await citizenWithThree();
    const other = await createCitizen(ctx.app);
    const othersLetter = await createLetter(ctx.app, other, { subject: 'Broken street lamp on Lipowa' });

    const list = await matters(citizen);
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'letter', id: letter.id, reference: `L-${letter.letterId}`, subject: 'Broken street lamp on Lipowa', status: 'OPEN',
        state: 'waiting-for-office', lastActivityAt: '2026-01-10T09:00:00.000Z', nextStep: 'letterWaitsForClerk', dueDate: '2026-02-10', overdue: true,
      }),
      expect.objectContaining({
        kind: 'obligation', id: owed.id, reference: `FO ${owed.id}`, subject: 'Waste collection fee', amount: '120.50', status: 'PENDING',
        state: 'waiting-for-me', nextStep: 'obligationToPay', dueDate: '2099-03-31', overdue: false,
      }),
      expect.objectContaining({
        kind: 'case', id: found.id, reference: `C-${found.id}`, subject: null, caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'WA 4411K',
        status: 'PENDING', state: 'waiting-for-office', nextStep: 'caseWaitsForClerk', dueDate: '2026-02-05',
      }),
    ]);
    expect(references(await matters(other))).toEqual([`L-${othersLetter.letterId}`]);
  });

  it('puts a letter the clerk answered under "waiting for me", the citizen\u2019s reply back to the office, and a clerk\u2019s message first by its time', async () => {
    const { citizen, clerk } = await citizenWithThree();
    const taken = await takenConversation(ctx.app, citizen, clerk);
    const answer = await call(ctx.app, clerk, 'POST', `/api/conversations/${taken.id}/messages/send`, messageBody(taken.id, clerk, 'Please send a photo.'));
    expect(answer.statusCode, answer.body).toBe(201);

    const waitingForMe = await matters(citizen, '?state=waiting-for-me');
    expect(waitingForMe.items.map((item) => [item.kind, item.nextStep])).toEqual([
      ['letter', 'letterAnswered'],
      ['obligation', 'obligationToPay'],
    ]);
    expect(waitingForMe.items[0]).toMatchObject({ id: taken.id, status: 'IN_PROGRESS', overdue: false });
    expect(Date.parse(waitingForMe.items[0]!.lastActivityAt)).toBeGreaterThan(Date.parse('2026-06-01T00:00:00Z'));

    await call(ctx.app, citizen, 'POST', `/api/conversations/${taken.id}/messages/send`, messageBody(taken.id, citizen, 'Photo attached.'));
    const office = await matters(citizen, '?state=waiting-for-office');
    expect(office.items.map((item) => [item.kind, item.nextStep])).toEqual([
      ['letter', 'letterBeingAnswered'],
      ['letter', 'letterWaitsForClerk'],
      ['case', 'caseWaitsForClerk'],
    ]);
  });

  it('moves a case up when the office sends its delay notice, which only the timeline holds; an internal note moves nothing', async () => {
    const { citizen, clerk, letter, found } = await citizenWithThree();
    const noted = await call(ctx.app, clerk, 'POST', `/api/case-resolution/${found.id}/notes`, { body: 'Waiting for the registry.' });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(references(await matters(citizen))).toEqual([`L-${letter.letterId}`, expect.stringMatching(/^FO /), `C-${found.id}`]);

    // Submitted on 5 January: long past its term, so the office must write before it decides.
    const notice = await call(ctx.app, clerk, 'POST', `/api/case-resolution/${found.id}/delay-notice`, { reason: 'The registry has not answered yet.', newDueDate: workingDayIn(10) });
    expect(notice.statusCode, notice.body).toBe(200);
    const list = await matters(citizen);
    expect(references(list)).toEqual([`C-${found.id}`, `L-${letter.letterId}`, expect.stringMatching(/^FO /)]);
    expect(Date.parse(list.items[0]!.lastActivityAt)).toBeGreaterThan(Date.parse('2026-06-01T00:00:00Z'));
  });

  it('filters closed matters (a resolved case, a paid obligation) and each kind alone', async () => {
    const { citizen, clerk, found } = await citizenWithThree();
    // Decided within its term (a case past it needs the delay notice first, issue 32 point 5).
    await caseSubmittedAt(found.id, new Date().toISOString());
    await setStatus(ctx.app, clerk, found.id, 'RESOLVED');
    const paid = await createObligation(ctx.app, clerk, citizen, { paymentStatus: 'PAID', description: 'Parking permit' });

    const closed = await matters(citizen, '?state=closed');
    expect(closed.items.map((item) => [item.reference, item.nextStep, item.overdue])).toEqual([
      [`FO ${paid.id}`, 'obligationPaid', false],
      [`C-${found.id}`, 'caseResolved', false],
    ]);
    expect((await matters(citizen, '?kind=case')).items.map((item) => item.kind)).toEqual(['case']);
    expect((await matters(citizen, '?kind=obligation')).items.map((item) => item.kind)).toEqual(['obligation', 'obligation']);
    expect(await matters(citizen, '?kind=letter&state=closed')).toMatchObject({ items: [], total: 0 });
  });

  it('finds a matter by its reference in any spelling, by words of its subject and by its case name in either language', async () => {
    const { citizen, letter, found, owed } = await citizenWithThree();
    const search = async (text: string) => references(await matters(citizen, `?q=${encodeURIComponent(text)}`));
    expect(await search(`L-${letter.letterId}`)).toEqual([`L-${letter.letterId}`]);
    expect(await search(`c${found.id}`)).toEqual([`C-${found.id}`]);
    expect(await search(`fo ${owed.id}`)).toEqual([`FO ${owed.id}`]);
    expect(await search('street LAMP')).toEqual([`L-${letter.letterId}`]);
    expect(await search('waste')).toEqual([`FO ${owed.id}`]);
    expect(await search('rejestracja pojazdu')).toEqual([`C-${found.id}`]);
    expect(await search('WA 4411')).toEqual([`C-${found.id}`]);
    expect(await matters(citizen, '?q=nothing%20like%20it')).toMatchObject({ items: [], total: 0 });
  });

  it('marks what is overdue: the office past its term on a letter it owes, a payment past its due date', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const late = await createLetter(ctx.app, citizen);
    await letterArrivedAt(late, '2025-11-24T10:00:00.000Z');
    const owed = await createObligation(ctx.app, clerk, citizen, { dueDate: '2026-01-15', issueDate: '2026-01-01' });
    const byReference = new Map((await matters(citizen)).items.map((item): [string, MatterListItem] => [item.reference, item]));
    // One month from 24 November 2025 ends on 24 December, a day off since 2025: then Christmas, the weekend.
    expect(byReference.get(`L-${late.letterId}`)).toMatchObject({ dueDate: '2025-12-29', overdue: true, state: 'waiting-for-office' });
    expect(byReference.get(`FO ${owed.id}`)).toMatchObject({ dueDate: '2026-01-15', overdue: true, nextStep: 'obligationOverdue' });
  });

  it('follows a case through a request to supplement and an appeal: whose move, the next step, and the due date its screen shows', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const found = await createVehicleCase(ctx.app, citizen);
    const post = (who: CreatedUser, path: string, payload?: object) => call(ctx.app, who, 'POST', `/api/case-resolution/${found.id}/${path}`, payload);
    const entry = async () => (await matters(citizen, '?kind=case')).items[0]!;
    const dueOnScreen = async () => ((await call(ctx.app, citizen, 'GET', `/api/case-resolution/details/${found.id}`)).json() as CaseDetailsResponse).caseResolutionDTO.dueDate;

    expect((await post(clerk, 'supplement-requests', { message: 'Please upload the signed contract.' })).statusCode).toBe(201);
    const asked = await entry();
    // The office's clock stands while it waits (art. 35 §5): no date, and the citizen's move.
    expect(asked).toMatchObject({ state: 'waiting-for-me', nextStep: 'caseWaitsForYou', dueDate: null, overdue: false });
    expect(asked.lastActivityAt > found.submissionDate).toBe(true);
    expect((await matters(citizen, '?state=waiting-for-me')).items.map((item) => item.reference)).toEqual([`C-${found.id}`]);

    await post(citizen, 'supplement-answer', { answer: 'Attached.' });
    // 24 Nov 2025 + 1 month, 7 days waited across Christmas: 31 Dec 2025, as on the case's screen.
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: '2025-11-24T10:00:00.000Z', status_changed_at: '2025-11-24T10:00:00.000Z' }).where('id', '=', found.id).execute();
    await ctx.app.db
      .updateTable('case_supplements')
      .set({ requested_at: '2025-12-22T09:00:00.000Z', answered_at: '2025-12-29T09:00:00.000Z' })
      .where('case_id', '=', found.id)
      .execute();
    await timelineAt('case', found.id, '2025-11-24T10:00:00.000Z', 'case-submitted');
    await timelineAt('case', found.id, '2025-12-22T09:00:00.000Z', 'case-supplement-requested');
    await timelineAt('case', found.id, '2025-12-29T09:00:00.000Z', 'case-supplement-answered');
    expect(await entry()).toMatchObject({ state: 'waiting-for-office', nextStep: 'caseWaitsForClerk', dueDate: '2025-12-31', lastActivityAt: '2025-12-29T09:00:00.000Z' });
    expect(await dueOnScreen()).toBe('2025-12-31');
  });

  it('drops the office’s date once a case is decided, and counts an appealed case’s new term from its appeal', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const found = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, clerk, found.id, 'REJECTED');
    expect((await matters(citizen)).items[0]).toMatchObject({ state: 'closed', nextStep: 'caseRejected', dueDate: null });

    await call(ctx.app, citizen, 'POST', `/api/case-resolution/${found.id}/delivery`);
    // The decision was made (and delivered) long after the submission: the appeal's term is not the first one.
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: '2026-01-05T09:00:00.000Z' }).where('id', '=', found.id).execute();
    expect((await call(ctx.app, citizen, 'POST', `/api/case-resolution/${found.id}/appeal`, { text: 'Signed by both.' })).statusCode).toBe(201);
    const details = (await call(ctx.app, citizen, 'GET', `/api/case-resolution/details/${found.id}`)).json() as CaseDetailsResponse;
    const appealed = (await matters(citizen)).items[0]!;
    expect(appealed).toMatchObject({ status: 'PENDING', state: 'waiting-for-office', nextStep: 'caseOnAppeal', dueDate: details.caseResolutionDTO.dueDate });
    expect(appealed.dueDate! > '2026-02-05').toBe(true);

    await setStatus(ctx.app, clerk, found.id, 'RESOLVED');
    expect((await matters(citizen)).items[0]).toMatchObject({ state: 'closed', nextStep: 'caseResolved', dueDate: null });
  });

  it('pages the merged list with its total', async () => {
    const { citizen } = await citizenWithThree();
    const all = references(await matters(citizen));
    const first = await matters(citizen, '?pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(references(first)).toEqual(all.slice(0, 2));
    expect(references(await matters(citizen, '?pageSize=2&page=2'))).toEqual(all.slice(2));
    expect(await matters(citizen, '?pageSize=2&page=3')).toMatchObject({ items: [], total: 3 });
  });

  it('refuses staff (403) and a visitor without a session (401): "My matters" is a citizen\u2019s own', async () => {
    const [employee, admin] = [await createEmployee(ctx.app), await createAdmin(ctx.app)];
    expectApiError(await call(ctx.app, employee, 'GET', '/api/matters'), 403);
    expectApiError(await call(ctx.app, admin, 'GET', '/api/matters'), 403);
    expectApiError(await call(ctx.app, null, 'GET', '/api/matters'), 401);
  });

  it('answers a bad query with 400 and a message per field', async () => {
    const citizen = await createCitizen(ctx.app);
    const query = `?kind=parcel&state=later&q=${'x'.repeat(101)}&page=0&pageSize=51`;
    const error = expectApiError(await call(ctx.app, citizen, 'GET', `/api/matters${query}`), 400);
    expect(error.fields).toEqual({
      kind: 'Kind must be letter, case or obligation.',
      state: 'State must be waiting-for-office, waiting-for-me or closed.',
      q: 'Search text must be at most 100 characters.',
      page: 'Page must be a whole number from 1.',
      pageSize: 'Page size must be a whole number from 1 to 50.',
    });
    expect(expectApiError(await call(ctx.app, citizen, 'GET', '/api/matters?pageSize=2.5'), 400).fields).toEqual({
      pageSize: 'Page size must be a whole number from 1 to 50.',
    });
  });
});
