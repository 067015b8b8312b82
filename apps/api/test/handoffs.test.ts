import type { CaseResolutionResponse, ConversationHandoffsResponse, ConversationListItem, ConversationResponse, DeskSettings, StaleAssignment } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { createVehicleCase } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, takenConversation } from './helpers/letters.js';

/*
 * Issue 33 points 6-7 and issue 32 point 8 through the API: a clerk hands a letter to another
 * department or a colleague (the term stays), an admin reassigns and releases, the admins' stale
 * list, and a citizen reopening a resolved letter within the admin's window, at most three times.
 * Times are moved in the database to known instants (the server's clock is today's).
 */
const REASON = 'The bench is in a park: the Parks department looks after it.';
const DAY = 86_400_000;

const entriesOf = async (app: FastifyInstance, userId: number, kind: string) =>
  app.db.selectFrom('notifications').select(['payload_json']).where('user_id', '=', userId).where('kind', '=', kind).execute();
const outboxOf = async (app: FastifyInstance, userId: number, kind: string) =>
  app.db.selectFrom('notification_outbox').select(['id']).where('user_id', '=', userId).where('kind', '=', kind).execute();
const handoffRows = async (app: FastifyInstance, conversationId: number) =>
  app.db.selectFrom('conversation_handoffs').selectAll().where('conversation_id', '=', conversationId).execute();

describeEachEngine('handing work on and reopening', (engine) => {
  const ctx = useTestApp(engine);
  const put = (who: CreatedUser, url: string, payload: object) => call(ctx.app, who, 'PUT', url, payload);
  const resolve = async (clerk: CreatedUser, id: number) => expect((await put(clerk, `/api/conversations/${id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);
  const resolvedAt = (id: number, at: Date) => ctx.app.db.updateTable('conversations').set({ resolved_date: at.toISOString() }).where('id', '=', id).execute();

  describe('a transfer', () => {
    it('sends a letter to another department: open there, the reason in its history, the due date unchanged, audited, told', async () => {
      const [citizen, clerk, parks] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createEmployee(ctx.app)];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      const response = await put(clerk, `/api/conversations/${taken.id}/transfer`, { department: 'Parks and Recreation Department', reason: REASON });
      expect(response.statusCode, response.body).toBe(200);
      const moved = response.json() as ConversationResponse;
      expect(moved).toMatchObject({ status: 'OPEN', employeeId: null, recipient: 'Parks and Recreation Department', dueDate: taken.dueDate, termMonths: taken.termMonths });
      // A colleague finds it in the open queue; the citizen reads the new department and the reason.
      const queue = (await call(ctx.app, parks, 'GET', '/api/conversations?status=OPEN')).json() as ConversationListItem[];
      expect(queue.map((item) => item.id)).toContain(taken.id);
      const history = (await call(ctx.app, citizen, 'GET', `/api/conversations/${taken.id}/handoffs`)).json() as ConversationHandoffsResponse;
      expect(history.items).toEqual([
        expect.objectContaining({ kind: 'transfer', fromDepartment: 'Public Works Department', toDepartment: 'Parks and Recreation Department', reason: REASON, toEmployeeName: null }),
      ]);
      const [audit] = await auditRowsFor(ctx.app, 'conversation', taken.id).then((rows) => rows.filter((row) => row.action === 'conversation.transfer'));
      expect(audit).toMatchObject({
        actor_id: clerk.user.id,
        before: { department: 'Public Works Department', employeeId: clerk.user.id, status: 'IN_PROGRESS' },
        after: { department: 'Parks and Recreation Department', employeeId: null, status: 'OPEN', reason: REASON },
      });
      expect(await entriesOf(ctx.app, citizen.user.id, 'conversation-transferred')).toHaveLength(1);
      expect(await outboxOf(ctx.app, citizen.user.id, 'conversation-transferred')).toHaveLength(1);
      // The former clerk may no longer resolve it.
      expectApiError(await put(clerk, `/api/conversations/${taken.id}/status`, { status: 'RESOLVED' }), 409);
    });

    it('hands a letter to a colleague, who is told by entry and email and may then resolve it', async () => {
      const [citizen, clerk, colleague] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createEmployee(ctx.app)];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      const moved = (await put(clerk, `/api/conversations/${taken.id}/transfer`, { employeeId: colleague.user.id, reason: REASON })).json() as ConversationResponse;
      expect(moved).toMatchObject({ status: 'IN_PROGRESS', employeeId: colleague.user.id, recipient: taken.recipient, dueDate: taken.dueDate });
      expect(await entriesOf(ctx.app, colleague.user.id, 'conversation-transferred')).toHaveLength(1);
      expect(await outboxOf(ctx.app, colleague.user.id, 'conversation-transferred')).toHaveLength(1);
      const mine = (await call(ctx.app, colleague, 'GET', '/api/conversations?status=IN_PROGRESS')).json() as ConversationListItem[];
      expect(mine.map((item) => item.id)).toContain(taken.id);
      // The former clerk's access went with it, at once.
      expect((await call(ctx.app, clerk, 'POST', `/api/conversations/${taken.id}/messages/send`, { conversationId: taken.id, senderId: clerk.user.id, content: 'Still here?' })).statusCode).toBe(403);
      await resolve(colleague, taken.id);
    });

    it('refuses bad input and wrong states with nothing written', async () => {
      const [citizen, clerk, inactive] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createEmployee(ctx.app, { enabled: false })];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      const url = `/api/conversations/${taken.id}/transfer`;
      expect(expectApiError(await put(clerk, url, { department: 'Parks and Recreation Department', reason: '   ' }), 400).fields).toHaveProperty('reason');
      expect(expectApiError(await put(clerk, url, { department: 'Parks and Recreation Department', reason: 'x'.repeat(1001) }), 400).fields).toHaveProperty('reason');
      expect(expectApiError(await put(clerk, url, { reason: REASON }), 400).fields).toHaveProperty('department');
      expect(expectApiError(await put(clerk, url, { department: 'Parks and Recreation Department', employeeId: clerk.user.id, reason: REASON }), 400).fields).toHaveProperty('department');
      expect(expectApiError(await put(clerk, url, { employeeId: inactive.user.id, reason: REASON }), 400).fields).toHaveProperty('employeeId');
      expect(expectApiError(await put(clerk, url, { employeeId: citizen.user.id, reason: REASON }), 400).fields).toHaveProperty('employeeId');
      expectApiError(await put(clerk, url, { department: taken.recipient, reason: REASON }), 409);
      expectApiError(await put(clerk, url, { employeeId: clerk.user.id, reason: REASON }), 409);
      expect((await put(clerk, url, { department: 'Parks and Recreation Department', reason: 'x'.repeat(20_000) })).statusCode).toBe(413);
      expect(await handoffRows(ctx.app, taken.id)).toHaveLength(0);
      await resolve(clerk, taken.id);
      expect(expectApiError(await put(clerk, url, { department: 'Parks and Recreation Department', reason: REASON }), 409).message).toBe('A resolved letter cannot be transferred.');
    });

    it('lets an admin reassign a case in progress; the citizen and the new handler are told; decided cases refuse', async () => {
      const [citizen, clerk, colleague, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const created = await createVehicleCase(ctx.app, citizen);
      const url = `/api/case-resolution/${created.id}/reassign`;
      expectApiError(await put(admin, url, { employeeId: colleague.user.id, reason: REASON }), 409);
      await call(ctx.app, clerk, 'PUT', `/api/case-resolution/${created.id}/update-status/IN_PROGRESS`);
      expect(expectApiError(await put(admin, url, { employeeId: citizen.user.id, reason: REASON }), 400).fields).toHaveProperty('employeeId');
      const response = await put(admin, url, { employeeId: colleague.user.id, reason: REASON });
      expect(response.statusCode, response.body).toBe(200);
      const moved = response.json() as CaseResolutionResponse;
      expect(moved).toMatchObject({ status: 'IN_PROGRESS', handlerName: `${colleague.user.firstName} ${colleague.user.lastName}`, dueDate: created.dueDate });
      const [audit] = (await auditRowsFor(ctx.app, 'case', created.id)).filter((row) => row.action === 'case.reassign');
      expect(audit).toMatchObject({ before: { handlerId: clerk.user.id }, after: { handlerId: colleague.user.id, reason: REASON } });
      expect(await entriesOf(ctx.app, colleague.user.id, 'case-reassigned')).toHaveLength(1);
      expect(await entriesOf(ctx.app, citizen.user.id, 'case-reassigned')).toHaveLength(1);
      expectApiError(await put(admin, url, { employeeId: colleague.user.id, reason: REASON }), 409);
    });
  });

  describe('stale assignments', () => {
    it('lists a letter and a case nobody touched for 5 working days, not a fresh one, and releases them with the former clerk told', async () => {
      const [citizen, clerk, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const old = new Date(Date.now() - 20 * DAY).toISOString();
      const stale = await takenConversation(ctx.app, citizen, clerk);
      const fresh = await takenConversation(ctx.app, citizen, clerk);
      await ctx.app.db.updateTable('conversations').set({ taken_at: old }).where('id', '=', stale.id).execute();
      const created = await createVehicleCase(ctx.app, citizen);
      await call(ctx.app, clerk, 'PUT', `/api/case-resolution/${created.id}/update-status/IN_PROGRESS`);
      await ctx.app.db.updateTable('case_resolutions').set({ status_changed_at: old }).where('id', '=', created.id).execute();
      const list = (await call(ctx.app, admin, 'GET', '/api/stale-assignments')).json() as StaleAssignment[];
      const ids = list.map((item) => `${item.kind}:${item.id}`);
      expect(ids).toContain(`letter:${stale.id}`);
      expect(ids).toContain(`case:${created.id}`);
      expect(ids).not.toContain(`letter:${fresh.id}`);
      expect(list.find((item) => item.id === stale.id && item.kind === 'letter')).toMatchObject({ reference: `L-${stale.letterId}`, handlerId: clerk.user.id, lastActionAt: old });
      expect(list.find((item) => item.kind === 'letter' && item.id === stale.id)?.idleWorkingDays).toBeGreaterThanOrEqual(12);

      const released = (await put(admin, `/api/conversations/${stale.id}/release`, { reason: 'No answer for three weeks.' })).json() as ConversationResponse;
      expect(released).toMatchObject({ status: 'OPEN', employeeId: null, dueDate: stale.dueDate });
      expect(await entriesOf(ctx.app, clerk.user.id, 'conversation-released')).toHaveLength(1);
      expect(await outboxOf(ctx.app, clerk.user.id, 'conversation-released')).toHaveLength(1);
      const releasedCase = (await put(admin, `/api/case-resolution/${created.id}/release`, { reason: 'No answer for three weeks.' })).json() as CaseResolutionResponse;
      expect(releasedCase).toMatchObject({ status: 'PENDING', handlerName: null });
      expect(await entriesOf(ctx.app, clerk.user.id, 'case-released')).toHaveLength(1);
      expect((await auditRowsFor(ctx.app, 'case', created.id)).map((row) => row.action)).toContain('case.release');
      const after = (await call(ctx.app, admin, 'GET', '/api/stale-assignments')).json() as StaleAssignment[];
      expect(after.map((item) => `${item.kind}:${item.id}`)).not.toContain(`letter:${stale.id}`);
      // Released twice: nothing in progress any more.
      expectApiError(await put(admin, `/api/conversations/${stale.id}/release`, { reason: 'Again.' }), 409);
      expectApiError(await put(admin, `/api/case-resolution/${created.id}/release`, { reason: 'Again.' }), 409);
    });

    it('counts a clerk\u2019s message as an action, and follows the admin\u2019s number of days (bounded, audited)', async () => {
      const [citizen, clerk, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      await ctx.app.db.updateTable('conversations').set({ taken_at: new Date(Date.now() - 20 * DAY).toISOString() }).where('id', '=', taken.id).execute();
      await call(ctx.app, clerk, 'POST', `/api/conversations/${taken.id}/messages/send`, { conversationId: taken.id, senderId: clerk.user.id, content: 'Checking.' });
      const listed = async () => ((await call(ctx.app, admin, 'GET', '/api/stale-assignments')).json() as StaleAssignment[]).some((item) => item.kind === 'letter' && item.id === taken.id);
      expect(await listed()).toBe(false);
      expect(expectApiError(await put(admin, '/api/desk-settings', { staleWorkingDays: 0, reopenWindowDays: 14 }), 400).fields).toHaveProperty('staleWorkingDays');
      expect(expectApiError(await put(admin, '/api/desk-settings', { staleWorkingDays: 5, reopenWindowDays: 91 }), 400).fields).toHaveProperty('reopenWindowDays');
      const saved = (await put(admin, '/api/desk-settings', { staleWorkingDays: 3, reopenWindowDays: 10 })).json() as DeskSettings;
      expect(saved).toEqual({ staleWorkingDays: 3, reopenWindowDays: 10 });
      expect((await auditRowsFor(ctx.app, 'terms', 'desk')).at(-1)).toMatchObject({ action: 'desk-settings.update', after: { staleWorkingDays: 3, reopenWindowDays: 10 } });
      await put(admin, '/api/desk-settings', { staleWorkingDays: 5, reopenWindowDays: 14 });
    });
  });

  describe('a citizen reopening a resolved letter', () => {
    it('returns it to its clerk\u2019s list with the reason, tells the clerk, and audits it', async () => {
      const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      expectApiError(await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: 'Too early.' }), 409);
      await resolve(clerk, taken.id);
      const before = (await call(ctx.app, citizen, 'GET', `/api/conversations/${taken.id}/handoffs`)).json() as ConversationHandoffsResponse;
      expect(before.reopen).toMatchObject({ remaining: 3, allowed: true });
      expect(expectApiError(await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: '' }), 400).fields).toHaveProperty('reason');
      const response = await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: 'The lamp went dark again.' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'IN_PROGRESS', employeeId: clerk.user.id, resolvedDate: null, dueDate: taken.dueDate });
      const mine = (await call(ctx.app, clerk, 'GET', '/api/conversations?status=IN_PROGRESS')).json() as ConversationListItem[];
      expect(mine.map((item) => item.id)).toContain(taken.id);
      expect(await entriesOf(ctx.app, clerk.user.id, 'conversation-reopened')).toHaveLength(1);
      expect(await outboxOf(ctx.app, clerk.user.id, 'conversation-reopened')).toHaveLength(1);
      expect((await auditRowsFor(ctx.app, 'conversation', taken.id)).at(-1)).toMatchObject({ action: 'conversation.reopen', actor_id: citizen.user.id, after: { reopening: 1, reason: 'The lamp went dark again.' } });
    });

    it('goes to the open queue when its clerk was deactivated', async () => {
      const [citizen, clerk, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      await resolve(clerk, taken.id);
      expect((await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${clerk.user.id}`)).statusCode).toBe(200);
      expect((await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: 'Still broken.' })).json()).toMatchObject({ status: 'OPEN', employeeId: null });
    });

    it('refuses after the window with the day it ended (English and Polish), and after three reopenings', async () => {
      const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
      const taken = await takenConversation(ctx.app, citizen, clerk);
      await resolve(clerk, taken.id);
      // Resolved 15 days ago at noon in Warsaw: the 14-day window ended yesterday.
      const resolved = new Date(Date.now() - 15 * DAY);
      await resolvedAt(taken.id, resolved);
      const lastDay = new Date(resolved.getTime() + 14 * DAY).toLocaleDateString('en-CA', { timeZone: 'Europe/Warsaw' });
      const english = expectApiError(await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: 'Late.' }), 409);
      const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
      expect(english.message).toContain(`${day} ${new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`);
      const polish = await ctx.app.inject({ method: 'PUT', url: `/api/conversations/${taken.id}/reopen`, payload: { reason: 'Późno.' }, headers: { ...citizen.headers, 'accept-language': 'pl' } });
      expect(polish.statusCode).toBe(409);
      expect((polish.json() as { message: string }).message).toMatch(/^Pismo można było wznowić do \d+ \S+ \d{4} r\.; ten termin minął\.$/);
      expect(await handoffRows(ctx.app, taken.id)).toHaveLength(0);
      // Within the window again: three reopenings, then 409.
      for (let round = 1; round <= 3; round += 1) {
        await resolvedAt(taken.id, new Date(Date.now() - DAY));
        expect((await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: `Round ${round}.` })).statusCode).toBe(200);
        await resolve(clerk, taken.id);
      }
      await resolvedAt(taken.id, new Date(Date.now() - DAY));
      expect(expectApiError(await put(citizen, `/api/conversations/${taken.id}/reopen`, { reason: 'Fourth.' }), 409).message).toBe('A letter can be reopened at most 3 times.');
      const history = (await call(ctx.app, citizen, 'GET', `/api/conversations/${taken.id}/handoffs`)).json() as ConversationHandoffsResponse;
      expect(history.reopen).toMatchObject({ remaining: 0, allowed: false });
    });
  });
});
