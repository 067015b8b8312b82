import type { CaseAnswersResponse, CaseDetailsResponse, CaseResolutionResponse, DecisionDeliveryResponse, StaffCaseListResponse } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../src/modules/notifications/events.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { addPdf, createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call } from './helpers/letters.js';

/*
 * Issue 32 points 7 and 8 through the API: a decision is delivered when its owner first opens it
 * (or counts as delivered on the 14th day), a request to supplement pauses the office's clock
 * until the citizen answers, and a rejection may be appealed within 14 days of its delivery,
 * once per decision. "Now" is the server's; the stored facts are set to known days instead, so
 * the expected dates are hand-counted (KPA art. 57: weekends, 3 May, Christmas).
 */
const ASK = { message: 'Please upload the purchase contract signed by both parties.', documentsNeeded: ['Purchase contract (both signatures)'] };

describeEachEngine('answering back on a case', (engine) => {
  const ctx = useTestApp(engine);
  let clerk: CreatedUser;
  let citizen: CreatedUser;
  beforeAll(async () => {
    clerk = await createEmployee(ctx.app);
    citizen = await createCitizen(ctx.app);
  });

  const post = (who: CreatedUser, id: number, path: string, payload?: object) => call(ctx.app, who, 'POST', `/api/case-resolution/${id}/${path}`, payload);
  const answers = async (who: CreatedUser, id: number) => {
    const response = await call(ctx.app, who, 'GET', `/api/case-resolution/${id}/answers`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CaseAnswersResponse;
  };
  const details = async (who: CreatedUser, id: number) => (await call(ctx.app, who, 'GET', `/api/case-resolution/details/${id}`)).json() as CaseDetailsResponse;
  const staffView = async (view: string) => ((await call(ctx.app, clerk, 'GET', `/api/case-resolution/staff/${view}?pageSize=100`)).json() as StaffCaseListResponse).items;
  const receiptKinds = async (caseId: number) =>
    (await ctx.app.db.selectFrom('receipts').select('kind').where('subject_type', '=', 'case').where('subject_id', '=', caseId).orderBy('id').execute()).map((row) => row.kind);
  const outboxFor = async (userId: number) =>
    (await ctx.app.db.selectFrom('notification_outbox').select('payload_json').where('user_id', '=', userId).orderBy('id').execute()).map(
      (row) => JSON.parse(row.payload_json) as NotificationEvent,
    );
  const decidedOn = (caseId: number, at: string) => ctx.app.db.updateTable('case_decisions').set({ decided_at: at }).where('case_id', '=', caseId).execute();
  const rejected = async () => {
    const created = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
    await setStatus(ctx.app, clerk, created.id, 'REJECTED');
    return created;
  };
  const countOf = async (table: 'case_appeals' | 'case_supplements') =>
    Number((await ctx.app.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  describe('the delivery of a decision', () => {
    it('is the owner\u2019s first opening: staff reading it never counts; one receipt and one audit row, however often opened', async () => {
      const created = await rejected();
      await details(clerk, created.id);
      const before = await answers(clerk, created.id);
      expect(before.decision).toMatchObject({ status: 'REJECTED', deliveredAt: null, deliveryDate: null, deliveredHow: null, appealUntil: null, appeal: null });
      expectApiError(await post(clerk, created.id, 'delivery'), 403);

      const first = await post(citizen, created.id, 'delivery');
      expect(first.statusCode, first.body).toBe(200);
      const delivered = first.json() as DecisionDeliveryResponse;
      expect(delivered).toMatchObject({ deliveredHow: 'opened', deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(delivered.appealUntil! > delivered.deliveryDate!).toBe(true);
      expect((await post(citizen, created.id, 'delivery')).json()).toEqual(delivered);
      // The clerk sees the same delivery.
      expect((await answers(clerk, created.id)).decision).toEqual(delivered);
      expect(await receiptKinds(created.id)).toEqual(['case-submitted', 'case-status-changed', 'case-status-changed', 'case-decision-delivered']);
      const audit = await auditRowsFor(ctx.app, 'case', created.id);
      expect(audit.filter((row) => row.action === 'case.decision.deliver')).toHaveLength(1);
    });

    it('has nothing to deliver before a decision (409)', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      expect(expectApiError(await post(citizen, created.id, 'delivery'), 409).message).toBe('This case has no decision to deliver yet.');
    });

    it('counts as delivered on the 14th day when never opened; the appeal ends 14 days later, moved off 3 May (a Sunday and a holiday)', async () => {
      const created = await rejected();
      await decidedOn(created.id, '2026-04-05T10:00:00.000Z');
      const { decision } = await answers(citizen, created.id);
      expect(decision).toMatchObject({ deliveredHow: 'deemed', deliveryDate: '2026-04-19', deemedDeliveryDate: '2026-04-19', appealUntil: '2026-05-04' });
      // Opened after its fiction: delivered already, so no second delivery is recorded.
      const opened = (await post(citizen, created.id, 'delivery')).json() as DecisionDeliveryResponse;
      expect(opened).toMatchObject({ deliveredHow: 'deemed', deliveryDate: '2026-04-19' });
      expect(await receiptKinds(created.id)).not.toContain('case-decision-delivered');
    });
  });

  describe('an appeal', () => {
    it('after its 14 days is refused with the day it ended, and writes nothing', async () => {
      const created = await rejected();
      await decidedOn(created.id, '2026-04-05T10:00:00.000Z');
      const appeals = await countOf('case_appeals');
      const refused = expectApiError(await post(citizen, created.id, 'appeal', { text: 'The contract is attached.' }), 409);
      expect(refused.message).toBe('The time to appeal ended on 4 May 2026.');
      expect(await countOf('case_appeals')).toBe(appeals);
      expect((await details(citizen, created.id)).caseResolutionDTO.status).toBe('REJECTED');
    });

    it('within its days puts the case back in the office\u2019s lists as an appeal, with a receipt, an audit row, entries for the citizen and the deciding clerk; once per decision', async () => {
      const created = await rejected();
      await post(citizen, created.id, 'delivery');
      const pdf = await addPdf(ctx.app, citizen, created.id, undefined, 'contract-signed.pdf');
      const response = await post(citizen, created.id, 'appeal', { text: '  The contract was signed by both parties; see the scan.  ', documents: [pdf.uuid] });
      expect(response.statusCode, response.body).toBe(201);
      expect((response.json() as CaseAnswersResponse).decision?.appeal).toMatchObject({ text: 'The contract was signed by both parties; see the scan.', documents: [pdf.uuid] });

      const seen = await details(citizen, created.id);
      expect(seen.caseResolutionDTO).toMatchObject({ status: 'PENDING', onAppeal: true, handlerName: null });
      expect(seen.statusHistory.at(-1)).toMatchObject({ status: 'PENDING', kind: 'appeal' });
      expect((await staffView('appeals')).map((item) => item.id)).toContain(created.id);
      expect(await receiptKinds(created.id)).toContain('case-appealed');
      expect((await auditRowsFor(ctx.app, 'case', created.id)).at(-1)).toMatchObject({ action: 'case.appeal', before: { status: 'REJECTED' }, after: { status: 'PENDING' } });
      expect((await outboxFor(citizen.user.id)).some((n) => n.kind === 'case-step' && n.caseId === created.id && n.step === 'appeal-lodged')).toBe(true);
      expect((await outboxFor(clerk.user.id)).some((n) => n.kind === 'case-step' && n.caseId === created.id && n.step === 'appeal-received')).toBe(true);

      expectApiError(await post(citizen, created.id, 'appeal', { text: 'Again.' }), 409);
      // Decided again on the appeal: out of the Appeals list, and that new decision says it was made on appeal.
      await setStatus(ctx.app, clerk, created.id, 'REJECTED');
      expect((await staffView('appeals')).map((item) => item.id)).not.toContain(created.id);
      expect((await answers(citizen, created.id)).decision).toMatchObject({ onAppeal: true, appeal: null });
    });

    it('starts a new term from the appeal\u2019s day (30 April 2026 + 1 month = Saturday 30 May, so Monday 1 June)', async () => {
      const created = await rejected();
      await post(citizen, created.id, 'appeal', { text: 'I disagree.' });
      await ctx.app.db.updateTable('case_appeals').set({ appealed_at: '2026-04-30T10:00:00.000Z' }).where('case_id', '=', created.id).execute();
      expect((await details(citizen, created.id)).caseResolutionDTO.dueDate).toBe('2026-06-01');
    });

    it('is refused for a case not rejected (409), for bad input with field errors (400), and for another case\u2019s document (400), writing nothing', async () => {
      const open = await createVehicleCase(ctx.app, citizen);
      expect(expectApiError(await post(citizen, open.id, 'appeal', { text: 'Why?' }), 409).message).toBe('Only a rejected decision can be appealed.');
      const created = await rejected();
      const appeals = await countOf('case_appeals');
      expect(expectApiError(await post(citizen, created.id, 'appeal', { text: '   ' }), 400).fields).toMatchObject({ text: 'Write why you appeal.' });
      expect(expectApiError(await post(citizen, created.id, 'appeal', { text: 'x'.repeat(4001) }), 400).fields).toHaveProperty('text');
      const elsewhere = await addPdf(ctx.app, citizen, open.id);
      expect(expectApiError(await post(citizen, created.id, 'appeal', { text: 'See the scan.', documents: [elsewhere.uuid] }), 400).fields).toMatchObject({
        documents: 'Each attached document must be one uploaded to this case.',
      });
      expect(await countOf('case_appeals')).toBe(appeals);
      expect((await details(citizen, created.id)).caseResolutionDTO.status).toBe('REJECTED');
    });
  });

  describe('a request to supplement', () => {
    it('pauses the clock and lists the case as waiting; the citizen\u2019s answer with a PDF resumes it, with a receipt and entries both ways', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
      const asked = await post(clerk, created.id, 'supplement-requests', ASK);
      expect(asked.statusCode, asked.body).toBe(201);
      expect((asked.json() as CaseAnswersResponse).supplements).toEqual([
        expect.objectContaining({ message: ASK.message, documentsNeeded: ASK.documentsNeeded, answeredAt: null, answer: null, answerDocuments: [] }),
      ]);
      const waiting = (await details(citizen, created.id)).caseResolutionDTO;
      expect(waiting).toMatchObject({ waitingForCitizen: true, dueDate: null });
      expect((await staffView('waiting')).map((item) => item.id)).toContain(created.id);
      expect((await outboxFor(citizen.user.id)).some((n) => n.kind === 'case-step' && n.caseId === created.id && n.step === 'supplement-requested')).toBe(true);
      expect(expectApiError(await post(clerk, created.id, 'supplement-requests', ASK), 409).message).toMatch(/already waits/);

      const pdf = await addPdf(ctx.app, citizen, created.id, undefined, 'contract.pdf');
      const answered = await post(citizen, created.id, 'supplement-answer', { answer: 'The signed contract is attached.', documents: [pdf.uuid] });
      expect(answered.statusCode, answered.body).toBe(201);
      expect((answered.json() as CaseAnswersResponse).supplements[0]).toMatchObject({ answer: 'The signed contract is attached.', answerDocuments: [pdf.uuid] });
      const resumed = (await details(citizen, created.id)).caseResolutionDTO;
      expect(resumed).toMatchObject({ waitingForCitizen: false, dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect((await staffView('waiting')).map((item) => item.id)).not.toContain(created.id);
      expect(await receiptKinds(created.id)).toContain('case-supplement-answered');
      expect((await outboxFor(clerk.user.id)).some((n) => n.kind === 'case-step' && n.caseId === created.id && n.step === 'supplement-answered')).toBe(true);
      const actions = (await auditRowsFor(ctx.app, 'case', created.id)).map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(['case.supplement.request', 'case.supplement.answer']));
      expect(expectApiError(await post(citizen, created.id, 'supplement-answer', { answer: 'Again.' }), 409).message).toBe(
        'The office is not waiting for an answer on this case.',
      );
    });

    it('moves the due date by the days waited, across Christmas (24 Nov 2025 + 1 month + 7 days paused = 31 Dec 2025)', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      await ctx.app.db.updateTable('case_resolutions').set({ submission_date: '2025-11-24T10:00:00.000Z' }).where('id', '=', created.id).execute();
      expect((await details(citizen, created.id)).caseResolutionDTO.dueDate).toBe('2025-12-29');
      await post(clerk, created.id, 'supplement-requests', ASK);
      await post(citizen, created.id, 'supplement-answer', { answer: 'Done.' });
      await ctx.app.db
        .updateTable('case_supplements')
        .set({ requested_at: '2025-12-22T09:00:00.000Z', answered_at: '2025-12-29T09:00:00.000Z' })
        .where('case_id', '=', created.id)
        .execute();
      expect((await details(citizen, created.id)).caseResolutionDTO.dueDate).toBe('2025-12-31');
    });

    it('is refused once decided (409) and for bad input (400 with field errors), writing nothing', async () => {
      const created = await rejected();
      const count = await countOf('case_supplements');
      expect(expectApiError(await post(clerk, created.id, 'supplement-requests', ASK), 409).message).toMatch(/decided/);
      const open = await createVehicleCase(ctx.app, citizen);
      expect(expectApiError(await post(clerk, open.id, 'supplement-requests', { message: '' }), 400).fields).toMatchObject({
        message: 'Write what the citizen should supplement.',
      });
      expect(expectApiError(await post(clerk, open.id, 'supplement-requests', { message: 'See below.', documentsNeeded: ['  '] }), 400).fields).toHaveProperty(
        'documentsNeeded.0',
      );
      expect(expectApiError(await post(clerk, open.id, 'supplement-requests', { message: 'See below.', documentsNeeded: Array(11).fill('Scan') }), 400).fields).toHaveProperty(
        'documentsNeeded',
      );
      expect(await countOf('case_supplements')).toBe(count);
      expect(((await details(citizen, open.id)).caseResolutionDTO as CaseResolutionResponse).waitingForCitizen).toBe(false);
    });
  });
});
