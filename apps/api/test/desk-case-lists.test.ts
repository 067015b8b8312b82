import type { CaseDetailsResponse, StaffCaseListResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser, uniqueTag } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 33, point 1: staff's case lists beside the spec's pending list, and the case's handler.
describeEachEngine('staff case lists and handlers', (engine) => {
  const ctx = useTestApp(engine);

  const staffList = async (who: CreatedUser, view: string, query = '') => {
    const response = await call(ctx.app, who, 'GET', `/api/case-resolution/staff/${view}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffCaseListResponse;
  };
  const details = async (who: CreatedUser, id: number) => (await call(ctx.app, who, 'GET', `/api/case-resolution/details/${id}`)).json() as CaseDetailsResponse;
  /** A citizen with a last name no other test's applicant has: the search finds only their cases. */
  const applicant = async () => {
    const lastName = `Wrona${uniqueTag().replace(/\d/g, 'x')}`;
    return { citizen: await createCitizen(ctx.app, { firstName: 'Ewa', lastName }), lastName };
  };

  it('makes the clerk who sets a case IN_PROGRESS its handler: the citizen reads "Handled by", the clerk finds it under Mine', async () => {
    const { citizen, lastName } = await applicant();
    const [clerk, colleague] = [await createEmployee(ctx.app, { firstName: 'Jan', lastName: 'Lis' }), await createEmployee(ctx.app)];
    const created = await createVehicleCase(ctx.app, citizen);
    expect(created.handlerName).toBeNull();

    const updated = await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
    expect(updated.handlerName).toBe('Jan Lis');
    expect((await details(citizen, created.id)).caseResolutionDTO.handlerName).toBe('Jan Lis');

    const mine = await staffList(clerk, 'mine');
    expect(mine.items.map((item) => item.id)).toContain(created.id);
    expect((await staffList(colleague, 'mine')).items.map((item) => item.id)).not.toContain(created.id);
    const inProgress = await staffList(colleague, 'in-progress', `?q=${lastName}`);
    expect(inProgress.items).toEqual([
      expect.objectContaining({ id: created.id, status: 'IN_PROGRESS', handler: { id: clerk.user.id, firstName: 'Jan', lastName: 'Lis' }, decidedAt: null }),
    ]);
    // The handler is part of the status change's audit row.
    const rows = await auditRowsFor(ctx.app, 'case', created.id);
    expect(rows.map((row) => [row.action, row.before, row.after])).toEqual([
      ['case.status.update', { status: 'PENDING', handlerId: null }, { status: 'IN_PROGRESS', handlerId: clerk.user.id }],
    ]);
  });

  it('keeps the handler with the decision and lists the case under Decided with its date; back to PENDING it has none', async () => {
    const { citizen, lastName } = await applicant();
    const clerk = await createEmployee(ctx.app, { firstName: 'Ola', lastName: 'Mak' });
    const [decided, returned] = [await createVehicleCase(ctx.app, citizen), await createVehicleCase(ctx.app, citizen)];
    await setStatus(ctx.app, clerk, decided.id, 'IN_PROGRESS');
    const resolved = await setStatus(ctx.app, clerk, decided.id, 'RESOLVED');
    expect(resolved.handlerName).toBe('Ola Mak');
    await setStatus(ctx.app, clerk, returned.id, 'IN_PROGRESS');
    expect((await setStatus(ctx.app, clerk, returned.id, 'PENDING')).handlerName).toBeNull();

    const list = await staffList(clerk, 'decided', `?q=${lastName}`);
    expect(list.items).toEqual([expect.objectContaining({ id: decided.id, status: 'RESOLVED', decidedAt: resolved.statusChangedAt })]);
    expect((await staffList(clerk, 'mine')).items.map((item) => item.id)).not.toContain(returned.id);
    expect((await staffList(clerk, 'in-progress', `?q=${lastName}`)).items).toEqual([]);
  });

  it('searches by reference C-n, applicant and case name, oldest submission first, a page at a time with the total', async () => {
    const { citizen, lastName } = await applicant();
    const admin = await createAdmin(ctx.app);
    const cases = [];
    for (let i = 0; i < 3; i += 1) cases.push(await createVehicleCase(ctx.app, citizen));
    // Set in progress newest first: the list still leads with the oldest submission.
    for (const found of [...cases].reverse()) await setStatus(ctx.app, admin, found.id, 'IN_PROGRESS');

    const first = await staffList(admin, 'in-progress', `?q=${encodeURIComponent(`Ewa ${lastName}`)}&pageSize=2`);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.id)).toEqual([cases[0]!.id, cases[1]!.id]);
    const second = await staffList(admin, 'in-progress', `?q=${lastName}&pageSize=2&page=2`);
    expect(second.items.map((item) => item.id)).toEqual([cases[2]!.id]);

    const byReference = await staffList(admin, 'in-progress', `?q=C-${cases[1]!.id}`);
    expect(byReference.items.map((item) => item.id)).toEqual([cases[1]!.id]);
    // The case's name: its type in English or Polish, and its plate.
    const byName = await staffList(admin, 'mine', `?q=${encodeURIComponent('Rejestracja pojazdu')}&pageSize=100`);
    expect(byName.items.map((item) => item.id)).toEqual(expect.arrayContaining(cases.map((found) => found.id)));
  });

  it('refuses citizens (403) and answers bad views, pages and searches with 400 and field errors', async () => {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app);
    for (const view of ['in-progress', 'mine', 'decided']) expectApiError(await call(ctx.app, citizen, 'GET', `/api/case-resolution/staff/${view}`), 403);
    expectApiError(await call(ctx.app, null, 'GET', '/api/case-resolution/staff/mine'), 401);
    expectApiError(await call(ctx.app, clerk, 'GET', '/api/case-resolution/staff/everything'), 400);
    const badPage = expectApiError(await call(ctx.app, clerk, 'GET', '/api/case-resolution/staff/mine?pageSize=0'), 400);
    expect(Object.keys(badPage.fields ?? {})).toContain('pageSize');
    const long = expectApiError(await call(ctx.app, clerk, 'GET', `/api/case-resolution/staff/mine?q=${'x'.repeat(101)}`), 400);
    expect(long.fields).toEqual({ q: 'Search text must be at most 100 characters.' });
  });
});
