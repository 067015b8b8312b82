import type { ConversationListItem, StaffCaseListResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { termDueDate, workingDaysWaited } from '../src/plugins/legal-clock/terms.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee, type CreatedUser, uniqueTag } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';

/*
 * Issue 33 points 1-2: the letter queue and staff's case lists by the date the answer is due,
 * overdue first and marked, with the working days waited; the archive by department and days.
 * Arrival times are set in the database (with the due date the server stores for them), so the
 * order is known: a letter of December 2024 and one of January 2025 are overdue whatever today is.
 */
describeEachEngine('the letter queue by due date', (engine) => {
  const ctx = useTestApp(engine);

  /** Moves a letter's arrival, with the due date the legal clock gives it (what the server stores). */
  const arrivedAt = async (conversationId: number, at: string) => {
    const due = termDueDate({ startedAt: at, months: 1 });
    await ctx.app.db.updateTable('conversations').set({ created_at: at, due_date: due }).where('id', '=', conversationId).execute();
  };
  const list = async (who: CreatedUser, query: string) => {
    const response = await call(ctx.app, who, 'GET', `/api/conversations?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ConversationListItem[];
  };

  it('stores each new letter\u2019s due date, the one its answers show', async () => {
    const citizen = await createCitizen(ctx.app);
    const sent = await createLetter(ctx.app, citizen);
    const row = await ctx.app.db.selectFrom('conversations').select('due_date').where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row.due_date).toBe(sent.dueDate);
  });

  it('lists the open queue by due date with order=due: overdue first and marked, with the working days waited', async () => {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app);
    const tag = `Queue ${uniqueTag()}`;
    const fresh = await createLetter(ctx.app, citizen, { subject: `${tag} fresh` });
    const january = await createLetter(ctx.app, citizen, { subject: `${tag} january` });
    const december = await createLetter(ctx.app, citizen, { subject: `${tag} december` });
    await arrivedAt(january.id, '2025-01-10T09:00:00.000Z');
    await arrivedAt(december.id, '2024-12-02T09:00:00.000Z');

    const byDue = await list(clerk, `status=OPEN&order=due&q=${encodeURIComponent(tag)}`);
    expect(byDue.map((item) => [item.id, item.dueDate, item.overdue])).toEqual([
      [december.id, '2025-01-02', true],
      [january.id, '2025-02-10', true],
      [fresh.id, fresh.dueDate, false],
    ]);
    expect(byDue[2]?.waitingWorkingDays).toBe(0);
    expect(byDue[0]?.waitingWorkingDays).toBe(workingDaysWaited('2024-12-02T09:00:00.000Z', new Date()));
    // 2024-12-02 to 2025-01-10: more working days than the January letter's, and at least 20 in that span alone.
    expect(byDue[0]!.waitingWorkingDays!).toBeGreaterThan(byDue[1]!.waitingWorkingDays! + 20);

    // The spec's call without the new parameters keeps its newest-first order.
    const spec = await list(clerk, `status=OPEN&q=${encodeURIComponent(tag)}`);
    expect(spec.map((item) => item.id)).toEqual([december.id, january.id, fresh.id].sort((a, b) => b - a));

    // limit: the first of the queue only.
    expect((await list(clerk, `status=OPEN&order=due&limit=1&q=${encodeURIComponent(tag)}`)).map((item) => item.id)).toEqual([december.id]);
  });

  it('lists the clerk\u2019s own conversations by due date with their unread counts', async () => {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app);
    const tag = `Mine ${uniqueTag()}`;
    const later = await createLetter(ctx.app, citizen, { subject: `${tag} later` });
    const earlier = await createLetter(ctx.app, citizen, { subject: `${tag} earlier` });
    await arrivedAt(earlier.id, '2025-01-10T09:00:00.000Z');
    for (const id of [later.id, earlier.id]) expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${id}/take?employeeId=${clerk.user.id}`)).statusCode).toBe(200);
    const sent = await call(ctx.app, citizen, 'POST', `/api/conversations/${later.id}/messages/send`, {
      conversationId: later.id,
      senderId: citizen.user.id,
      content: 'Any news?',
      sentAt: new Date().toISOString(),
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const mine = await list(clerk, `status=IN_PROGRESS&employeeId=${clerk.user.id}&order=due`);
    expect(mine.map((item) => [item.id, item.overdue, item.unreadCount])).toEqual([
      [earlier.id, true, 0],
      [later.id, false, 1],
    ]);
  });

  it('filters the archive by department and by the Warsaw days it was resolved, both days included', async () => {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app);
    const tag = `Archive ${uniqueTag()}`;
    const resolveAt = async (recipient: string, at: string) => {
      const sent = await createLetter(ctx.app, citizen, { subject: `${tag} ${at}`, recipient });
      expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${sent.id}/take?employeeId=${clerk.user.id}`)).statusCode).toBe(200);
      expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${sent.id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);
      await ctx.app.db.updateTable('conversations').set({ resolved_date: at }).where('id', '=', sent.id).execute();
      return sent.id;
    };
    // 22:30 UTC on 31 March 2025 is already 1 April in Warsaw; 21:59 UTC on 30 April is still 30 April there.
    const firstApril = await resolveAt('Parks and Recreation Department', '2025-03-31T22:30:00.000Z');
    const lastApril = await resolveAt('Parks and Recreation Department', '2025-04-30T21:59:00.000Z');
    const march = await resolveAt('Parks and Recreation Department', '2025-03-31T21:30:00.000Z');
    const otherDepartment = await resolveAt('City Administration', '2025-04-10T10:00:00.000Z');

    const q = `status=RESOLVED&employeeId=${clerk.user.id}&q=${encodeURIComponent(tag)}`;
    const april = await list(clerk, `${q}&department=${encodeURIComponent('Parks and Recreation Department')}&resolvedFrom=2025-04-01&resolvedTo=2025-04-30`);
    expect(april.map((item) => item.id).sort()).toEqual([firstApril, lastApril].sort());
    expect(april.every((item) => item.overdue === false)).toBe(true);
    const all = await list(clerk, q);
    expect(all.map((item) => item.id).sort()).toEqual([firstApril, lastApril, march, otherDepartment].sort());
    const city = await list(clerk, `${q}&department=${encodeURIComponent('City Administration')}`);
    expect(city.map((item) => item.id)).toEqual([otherDepartment]);
  });

  it('refuses a malformed date, a reversed range and a bad limit with the field named (400)', async () => {
    const clerk = await createEmployee(ctx.app);
    const bad = async (query: string, field: string) => {
      const error = expectApiError(await call(ctx.app, clerk, 'GET', `/api/conversations?status=RESOLVED&${query}`), 400);
      expect(Object.keys(error.fields ?? {})).toContain(field);
    };
    await bad('resolvedFrom=2025-02-30', 'resolvedFrom');
    await bad('resolvedFrom=2025-05-01&resolvedTo=2025-04-01', 'resolvedTo');
    await bad('limit=0', 'limit');
    await bad('order=newest', 'order');
    await bad('department=Nowhere', 'department');
  });

  it('orders staff\u2019s in-progress cases by due date, overdue first and marked, with the working days waited', async () => {
    const lastName = `Czapla${uniqueTag().replace(/\d/g, 'x')}`;
    const citizen = await createCitizen(ctx.app, { firstName: 'Ola', lastName });
    const clerk = await createEmployee(ctx.app);
    const fresh = await createVehicleCase(ctx.app, citizen);
    const old = await createVehicleCase(ctx.app, citizen);
    const at = '2025-01-10T09:00:00.000Z';
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: at, due_date: termDueDate({ startedAt: at, months: 1 }) }).where('id', '=', old.id).execute();
    for (const id of [fresh.id, old.id]) await setStatus(ctx.app, clerk, id, 'IN_PROGRESS');

    const response = await call(ctx.app, clerk, 'GET', `/api/case-resolution/staff/mine?q=${lastName}`);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as StaffCaseListResponse;
    expect(items.map((item) => [item.id, item.dueDate, item.overdue])).toEqual([
      [old.id, '2025-02-10', true],
      [fresh.id, fresh.dueDate, false],
    ]);
    expect(items[0]?.waitingWorkingDays).toBe(workingDaysWaited(at, new Date()));
    expect(items[1]?.waitingWorkingDays).toBe(0);
  });
});
