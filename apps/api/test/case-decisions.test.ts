import { CASE_DECISION_REASON_MAX, caseApiMessages, type CaseDetailsResponse, type CaseResolutionResponse } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../src/modules/notifications/content/email.js';
import type { NotificationEvent } from '../src/modules/notifications/events.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';

const REASON = 'The VIN on the purchase contract differs from the one in the form. Send the corrected contract.';

/** Issue 19: a status change carries a message to the applicant; staff see who applied and can search. */
describeEachEngine('case decisions', (engine) => {
  const ctx = useTestApp(engine);
  let clerk: CreatedUser;
  let citizen: CreatedUser;
  beforeAll(async () => {
    clerk = await createEmployee(ctx.app);
    citizen = await createCitizen(ctx.app, { firstName: 'Zofia', lastName: 'Wiśniewska' });
  });

  const updateStatus = (caseId: number, status: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/case-resolution/${caseId}/update-status/${status}`,
      headers: { ...clerk.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const details = async (who: CreatedUser, id: number) => {
    const response = await ctx.app.inject({ url: `/api/case-resolution/details/${id}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CaseDetailsResponse;
  };
  const list = async (who: CreatedUser, query = '') => {
    const response = await ctx.app.inject({ url: `/api/case-resolution/status/PENDING${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CaseResolutionResponse[];
  };
  const outboxFor = async (userId: number) =>
    (await ctx.app.db.selectFrom('notification_outbox').select(['kind', 'payload_json']).where('user_id', '=', userId).orderBy('id').execute()).map(
      (row) => JSON.parse(row.payload_json) as NotificationEvent,
    );

  describe('the reason of a status change', () => {
    it('is stored with the history entry, shown to the citizen, audited and put into the notification', async () => {
      const created = await createVehicleCase(ctx.app, citizen, { vehicleNumberPlate: 'KR 4711A' });
      const response = await updateStatus(created.id, 'REJECTED', { reason: `  ${REASON}  ` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: created.id, status: 'REJECTED' });

      const seen = await details(citizen, created.id);
      expect(seen.statusHistory).toEqual([
        { status: 'PENDING', changedAt: created.submissionDate, reason: null, kind: null },
        { status: 'REJECTED', changedAt: expect.any(String), reason: REASON, kind: null },
      ]);

      const audit = await auditRowsFor(ctx.app, 'case', created.id);
      expect(audit.at(-1)).toMatchObject({ actor_id: clerk.user.id, before: { status: 'PENDING' }, after: { status: 'REJECTED', reason: REASON } });

      const events = (await outboxFor(citizen.user.id)).filter((event) => event.kind === 'case-status' && event.caseId === created.id);
      expect(events).toEqual([
        { kind: 'case-status', caseId: created.id, status: 'REJECTED', reason: REASON, caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: 'KR 4711A', reference: `C-${created.id}` },
      ]);
      const email = await renderEmail({ event: events[0]!, language: 'en', firstName: 'Zofia', link: 'https://portal.test/createCase', settingsLink: null });
      expect(email.text).toContain(`Reason: ${REASON}`);
      expect(email.subject).toBe(`Case status changed (C-${created.id}: Vehicle registration - KR 4711A)`);
      const polish = await renderEmail({ event: events[0]!, language: 'pl', firstName: 'Zofia', link: 'https://portal.test/createCase', settingsLink: null });
      expect(polish.text).toContain(`Uzasadnienie: ${REASON}`);
      expect(polish.subject).toBe(`Zmiana statusu wniosku (C-${created.id}: Rejestracja pojazdu - KR 4711A)`);
    });

    it('is absent when the spec\u2019s call sends no body, with or without the JSON content type', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      expect((await updateStatus(created.id, 'IN_PROGRESS')).statusCode).toBe(200);
      const withType = await updateStatus(created.id, 'RESOLVED', '', { 'content-type': 'application/json' });
      expect(withType.statusCode, withType.body).toBe(200);
      const history = (await details(citizen, created.id)).statusHistory;
      expect(history.map((entry) => [entry.status, entry.reason])).toEqual([
        ['PENDING', null],
        ['IN_PROGRESS', null],
        ['RESOLVED', null],
      ]);
      // A blank message is no message.
      expect((await updateStatus(created.id, 'PENDING', { reason: ' \u200b ' })).statusCode).toBe(200);
      expect((await details(citizen, created.id)).statusHistory.at(-1)).toMatchObject({ status: 'PENDING', reason: null });
    });

    it('refuses a body that breaks the contract with a field error, and changes nothing', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      const tooLong = expectApiError(await updateStatus(created.id, 'REJECTED', { reason: 'x'.repeat(CASE_DECISION_REASON_MAX + 1) }), 400);
      expect(tooLong.fields?.reason).toBe(caseApiMessages.reasonTooLong);
      const notText = expectApiError(await updateStatus(created.id, 'REJECTED', { reason: 42 }), 400);
      expect(notText.fields?.reason).toBe(caseApiMessages.reasonTooLong);
      const hidden = expectApiError(await updateStatus(created.id, 'REJECTED', { reason: 'Approved\u202e' }), 400);
      expect(hidden.fields?.reason).toBeDefined();
      for (const payload of ['[]', '"no"', '{"reason":']) {
        const response = await updateStatus(created.id, 'REJECTED', payload, { 'content-type': 'application/json' });
        expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
      }
      const found = await details(citizen, created.id);
      expect(found.caseResolutionDTO.status).toBe('PENDING');
      expect(found.statusHistory).toHaveLength(1);
    });

    it('is not the citizen\u2019s to give: their change is refused and no history is written', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/case-resolution/${created.id}/update-status/RESOLVED`,
        headers: citizen.headers,
        payload: { reason: 'I approve my own case' },
      });
      expect(response.statusCode).toBe(403);
      await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
      expect((await details(citizen, created.id)).statusHistory.map((entry) => entry.reason)).toEqual([null, null]);
    });
  });

  describe('who applied, and finding a case', () => {
    it('names the applicant and the plate in the list and the details', async () => {
      const created = await createVehicleCase(ctx.app, citizen, { vehicleNumberPlate: 'WA 9876' });
      const applicant = { firstName: 'Zofia', lastName: 'Wiśniewska', username: citizen.user.username };
      expect(created).toMatchObject({ vehicleNumberPlate: 'WA 9876', applicant });
      expect((await list(clerk)).find((item) => item.id === created.id)).toMatchObject({ applicant, vehicleNumberPlate: 'WA 9876' });
      expect((await details(clerk, created.id)).caseResolutionDTO.applicant).toEqual(applicant);
    });

    it('searches the staff list by the applicant, the plate, the type in either language and the number', async () => {
      const other = await createCitizen(ctx.app, { firstName: 'Kacper', lastName: 'Lis' });
      const mine = await createVehicleCase(ctx.app, citizen, { vehicleNumberPlate: 'GD 55555' });
      const theirs = await createVehicleCase(ctx.app, other, { vehicleNumberPlate: 'PO 12121' });
      const ids = async (q: string) => (await list(clerk, `?q=${encodeURIComponent(q)}`)).map((item) => item.id);

      expect(await ids('zofia wiś')).toContain(mine.id);
      expect(await ids('zofia wiś')).not.toContain(theirs.id);
      expect(await ids(other.user.username.toUpperCase())).toEqual([theirs.id]);
      expect(await ids('gd 555')).toEqual([mine.id]);
      expect(await ids(`#${theirs.id}`)).toEqual([theirs.id]);
      expect(await ids('Rejestracja')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect(await ids('vehicle registration')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      // LIKE's wildcards are plain characters here.
      expect(await ids('%')).toEqual([]);
      expect(await ids('_')).toEqual([]);
      // A citizen's search stays within their own cases.
      expect((await list(other, `?q=${encodeURIComponent('GD 55555')}`)).map((item) => item.id)).toEqual([]);

      const tooLong = expectApiError(await ctx.app.inject({ url: `/api/case-resolution/status/PENDING?q=${'a'.repeat(101)}`, headers: clerk.headers }), 400);
      expect(tooLong.fields?.q).toBe(caseApiMessages.searchTooLong);
    });
  });
});
