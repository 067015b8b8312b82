import type { CaseDetailsResponse, CaseResolutionResponse, CaseTermsResponse, ConversationListItem, LetterTermsResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor, countAuditRows } from './helpers/audit.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';

/*
 * Issue 32 point 4 through the API: each letter and case carries the last day of the office's
 * term, computed by the server from what it stored (arrival, term, the admin's settings), never
 * from the client. Arrival times are set in the database to known days so the expected dates are
 * the hand-counted ones of KPA art. 57 (weekends, holidays, month ends).
 */
const REASON = 'Two co-owners abroad must each confirm the sale; their answers take weeks.';

describeEachEngine('the office\u2019s legal clock', (engine) => {
  const ctx = useTestApp(engine);
  const complicated = (who: Parameters<typeof call>[1], id: number, payload: unknown) => call(ctx.app, who, 'PUT', `/api/case-resolution/${id}/complicated`, payload as object);
  const arrivedLetterAt = (letterId: number, at: string) =>
    ctx.app.db.updateTable('conversations').set({ created_at: at }).where('letter_id', '=', letterId).execute();
  const submittedCaseAt = (caseId: number, at: string) =>
    ctx.app.db.updateTable('case_resolutions').set({ submission_date: at }).where('id', '=', caseId).execute();

  describe('due dates on the existing routes', () => {
    it('gives a letter the last day of its month, moved off 24 December 2025, Christmas and the weekend', async () => {
      const citizen = await createCitizen(ctx.app);
      const sent = await createLetter(ctx.app, citizen, { sentAt: '2020-01-01T00:00:00.000Z' });
      expect(sent.termMonths).toBe(1);
      expect(sent.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await arrivedLetterAt(sent.letterId, '2025-11-24T10:00:00.000Z');
      const list = (await call(ctx.app, citizen, 'GET', `/api/conversations/user/${citizen.user.id}`)).json() as ConversationListItem[];
      expect(list.find((item) => item.id === sent.id)).toMatchObject({ dueDate: '2025-12-29', termMonths: 1 });
    });

    it('ignores a sentAt the client made up: the term runs from the server\u2019s arrival time', async () => {
      const citizen = await createCitizen(ctx.app);
      const before = new Date();
      const sent = await createLetter(ctx.app, citizen, { sentAt: '2001-01-31T10:00:00.000Z' });
      // Not February 2001: a month from today, give or take the weekend and a holiday.
      const due = new Date(`${sent.dueDate}T12:00:00Z`);
      const days = (due.getTime() - before.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(26);
      expect(days).toBeLessThan(36);
    });

    it('gives a case its date on the details, the lists and the citizen\u2019s list, off Easter Monday', async () => {
      const citizen = await createCitizen(ctx.app);
      const clerk = await createEmployee(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      expect(created).toMatchObject({ termMonths: 1, complicatedReason: null });
      await submittedCaseAt(created.id, '2025-03-21T09:00:00.000Z');
      const details = (await call(ctx.app, citizen, 'GET', `/api/case-resolution/details/${created.id}`)).json() as CaseDetailsResponse;
      expect(details.caseResolutionDTO.dueDate).toBe('2025-04-22');
      const own = (await call(ctx.app, citizen, 'GET', `/api/case-resolution/user/${citizen.user.id}`)).json() as CaseResolutionResponse[];
      expect(own.find((item) => item.id === created.id)?.dueDate).toBe('2025-04-22');
      const pending = (await call(ctx.app, clerk, 'GET', '/api/case-resolution/status/PENDING')).json() as CaseResolutionResponse[];
      expect(pending.find((item) => item.id === created.id)?.dueDate).toBe('2025-04-22');
    });

    it('counts in Warsaw: a case submitted at 00:30 there on the night clocks go forward is due a month from that day', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      await submittedCaseAt(created.id, '2026-03-28T23:30:00.000Z');
      const details = (await call(ctx.app, citizen, 'GET', `/api/case-resolution/details/${created.id}`)).json() as CaseDetailsResponse;
      expect(details.caseResolutionDTO.dueDate).toBe('2026-04-29');
    });
  });

  describe('the admin\u2019s terms', () => {
    it('lists the statutory defaults: a month per department, a month and two per case type', async () => {
      const admin = await createAdmin(ctx.app);
      const letters = (await call(ctx.app, admin, 'GET', '/api/terms/letters')).json() as LetterTermsResponse;
      expect(letters.terms.map((entry) => entry.department)).toEqual(['City Administration', 'Public Works Department', 'Parks and Recreation Department']);
      const cases = (await call(ctx.app, admin, 'GET', '/api/terms/cases')).json() as CaseTermsResponse;
      expect(cases.terms).toContainEqual({ caseType: 'BUILDING_PERMIT', months: 1, complicatedMonths: 2 });
    });

    it('refuses employees and citizens (403) and strangers (401), and changes nothing', async () => {
      const clerk = await createEmployee(ctx.app);
      const citizen = await createCitizen(ctx.app);
      const body = { terms: [{ department: 'City Administration', months: 6 }] };
      for (const who of [clerk, citizen]) {
        expectApiError(await call(ctx.app, who, 'GET', '/api/terms/letters'), 403);
        expectApiError(await call(ctx.app, who, 'PUT', '/api/terms/letters', body), 403);
        expectApiError(await call(ctx.app, who, 'PUT', '/api/terms/cases', { terms: [] }), 403);
      }
      expectApiError(await call(ctx.app, null, 'PUT', '/api/terms/letters', body), 401);
      const admin = await createAdmin(ctx.app);
      const letters = (await call(ctx.app, admin, 'GET', '/api/terms/letters')).json() as LetterTermsResponse;
      expect(letters.terms.find((entry) => entry.department === 'City Administration')?.months).not.toBe(6);
    });

    it.each([
      [{ terms: [{ department: 'City Administration', months: 0 }] }, 'terms.0.months', 'A term is a whole number of months from 1 to 12.'],
      [{ terms: [{ department: 'City Administration', months: 1.5 }] }, 'terms.0.months', 'A term is a whole number of months from 1 to 12.'],
      [{ terms: [{ department: 'City Administration', months: 13 }] }, 'terms.0.months', 'A term is a whole number of months from 1 to 12.'],
      [{ terms: [{ department: 'Tax Office', months: 1 }] }, 'terms.0.department', undefined],
      [
        { terms: [{ department: 'City Administration', months: 2 }, { department: 'City Administration', months: 3 }] },
        'terms',
        'Each department or case type may appear only once.',
      ],
    ])('answers bad letter terms with 400 and the field, and writes nothing: %j', async (body, field, message) => {
      const admin = await createAdmin(ctx.app);
      const rowsBefore = await countAuditRows(ctx.app);
      const error = expectApiError(await call(ctx.app, admin, 'PUT', '/api/terms/letters', body), 400);
      expect(Object.keys(error.fields ?? {})).toContain(field);
      if (message) expect(error.fields?.[field]).toBe(message);
      expect(await countAuditRows(ctx.app)).toBe(rowsBefore);
    });

    it('refuses a complicated term that is not longer than the ordinary one', async () => {
      const admin = await createAdmin(ctx.app);
      const error = expectApiError(
        await call(ctx.app, admin, 'PUT', '/api/terms/cases', { terms: [{ caseType: 'OTHER', months: 2, complicatedMonths: 2 }] }),
        400,
      );
      expect(error.fields?.['terms.0.complicatedMonths']).toBe('The term of a particularly complicated case must be longer than the ordinary term.');
    });

    it('gives letters sent afterwards the new term; a letter already sent keeps its own; the change is audited', async () => {
      const admin = await createAdmin(ctx.app);
      const citizen = await createCitizen(ctx.app);
      const earlier = await createLetter(ctx.app, citizen, { recipient: 'Parks and Recreation Department' });
      const saved = await call(ctx.app, admin, 'PUT', '/api/terms/letters', { terms: [{ department: 'Parks and Recreation Department', months: 2 }] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((saved.json() as LetterTermsResponse).terms).toContainEqual({ department: 'Parks and Recreation Department', months: 2 });
      const later = await createLetter(ctx.app, citizen, { recipient: 'Parks and Recreation Department' });
      expect(later.termMonths).toBe(2);
      await arrivedLetterAt(later.letterId, '2025-12-31T10:00:00.000Z');
      await arrivedLetterAt(earlier.letterId, '2025-12-31T10:00:00.000Z');
      const list = (await call(ctx.app, citizen, 'GET', `/api/conversations/user/${citizen.user.id}`)).json() as ConversationListItem[];
      // 31 December + 2 months = 28 February 2026, a Saturday -> Monday 2 March; + 1 month = 31 January, a Saturday -> 2 February.
      expect(list.find((item) => item.id === later.id)).toMatchObject({ termMonths: 2, dueDate: '2026-03-02' });
      expect(list.find((item) => item.id === earlier.id)).toMatchObject({ termMonths: 1, dueDate: '2026-02-02' });
      const [row] = (await auditRowsFor(ctx.app, 'terms', 'letters')).slice(-1);
      expect(row).toMatchObject({ actor_id: admin.user.id, action: 'terms.update' });
      expect(JSON.stringify(row?.after)).toContain('"months":2');
      await call(ctx.app, admin, 'PUT', '/api/terms/letters', { terms: [{ department: 'Parks and Recreation Department', months: 1 }] });
    });
  });

  describe('a particularly complicated case (art. 35 §3)', () => {
    it('takes its type\u2019s longer term, keeps the reason, moves the date and is audited', async () => {
      const citizen = await createCitizen(ctx.app);
      const clerk = await createEmployee(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      await submittedCaseAt(created.id, '2025-12-31T10:00:00.000Z');
      const answer = await complicated(clerk, created.id, { reason: `  ${REASON}  ` });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ termMonths: 2, complicatedReason: REASON, dueDate: '2026-03-02' });
      const rows = await auditRowsFor(ctx.app, 'case', created.id);
      expect(rows.find((row) => row.action === 'case.term.extend')).toMatchObject({
        actor_id: clerk.user.id,
        before: { termMonths: 1 },
        after: { termMonths: 2, dueDate: '2026-03-02', reason: REASON },
      });
    });

    it('uses the admin\u2019s complicated term for the case type', async () => {
      const admin = await createAdmin(ctx.app);
      const citizen = await createCitizen(ctx.app);
      const setTerms = (complicatedMonths: number) =>
        call(ctx.app, admin, 'PUT', '/api/terms/cases', { terms: [{ caseType: 'VEHICLE_REGISTRATION', months: 1, complicatedMonths }] });
      expect((await setTerms(3)).statusCode).toBe(200);
      const created = await createVehicleCase(ctx.app, citizen);
      await submittedCaseAt(created.id, '2026-03-10T09:00:00.000Z');
      const answer = await complicated(admin, created.id, { reason: REASON });
      // 10 March + 3 months = 10 June 2026, a Wednesday.
      expect(answer.json()).toMatchObject({ termMonths: 3, dueDate: '2026-06-10' });
      await setTerms(2);
    });

    it('refuses a second extension and a decided case with 409, saying why', async () => {
      const citizen = await createCitizen(ctx.app);
      const clerk = await createEmployee(ctx.app);
      const first = await createVehicleCase(ctx.app, citizen);
      expect((await complicated(clerk, first.id, { reason: REASON })).statusCode).toBe(200);
      expect(expectApiError(await complicated(clerk, first.id, { reason: REASON }), 409).message).toBe(
        'This case is already particularly complicated; its term was extended once.',
      );
      const decided = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, clerk, decided.id, 'REJECTED');
      expect(expectApiError(await complicated(clerk, decided.id, { reason: REASON }), 409).message).toBe(
        'This case is decided; its term can no longer be extended.',
      );
      const rows = await auditRowsFor(ctx.app, 'case', decided.id);
      expect(rows.some((row) => row.action === 'case.term.extend')).toBe(false);
    });

    it('refuses citizens (403), a blank reason (400, nothing written) and an unknown case (404)', async () => {
      const citizen = await createCitizen(ctx.app);
      const clerk = await createEmployee(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      expectApiError(await complicated(citizen, created.id, { reason: REASON }), 403);
      const blank = expectApiError(await complicated(clerk, created.id, { reason: '   ' }), 400);
      expect(blank.fields?.reason).toBe('Write why the case is particularly complicated.');
      expect(expectApiError(await complicated(clerk, created.id, { reason: 'x'.repeat(1001) }), 400).fields?.reason).toBe(
        'The reason cannot exceed 1000 characters.',
      );
      const details = (await call(ctx.app, citizen, 'GET', `/api/case-resolution/details/${created.id}`)).json() as CaseDetailsResponse;
      expect(details.caseResolutionDTO).toMatchObject({ termMonths: 1, complicatedReason: null });
      expectApiError(await complicated(clerk, 99_999_999, { reason: REASON }), 404);
    });
  });
});
