import type { ReceiptSummary, TimelineResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { addPdf, createVehicleCase } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, createLetter, messageBody } from './helpers/letters.js';

/*
 * Issue 32 point 2: a matter's timeline, in order, with who did what and the receipt of each step
 * that earned one; staff's internal notes only in staff's timeline; another citizen learns nothing.
 */
const NOTE = 'Called the garage: the certificate is genuine (timeline note).';
const REASON = 'Please upload a contract signed by both parties.';

describeEachEngine('a matter\u2019s timeline', (engine) => {
  const ctx = useTestApp(engine);
  const timelineOf = async (who: CreatedUser, url: string) => {
    const response = await call(ctx.app, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TimelineResponse;
  };

  async function walkedLetter() {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app, { firstName: 'Ewa', lastName: 'Lis' });
    const sent = await createLetter(ctx.app, citizen);
    expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${sent.id}/take?employeeId=${clerk.user.id}`)).statusCode).toBe(200);
    for (const [who, text] of [[clerk, 'We are on it.'], [clerk, 'The crew comes on Monday.'], [citizen, 'Thank you!']] as const) {
      const response = await call(ctx.app, who, 'POST', `/api/conversations/${sent.id}/messages/send`, messageBody(sent.id, who, text));
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    expect((await call(ctx.app, clerk, 'POST', `/api/conversations/${sent.id}/notes`, { body: NOTE })).statusCode).toBe(201);
    expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${sent.id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);
    return { citizen, clerk, sent };
  }

  it('tells a letter\u2019s story in order: sent, taken by the clerk, messages collapsed per side, resolved, with receipts', async () => {
    const { citizen, sent } = await walkedLetter();
    const timeline = await timelineOf(citizen, `/api/timeline/letters/${sent.letterId}`);
    expect(timeline.reference).toBe(`L-${sent.letterId}`);
    expect(timeline.entries.map((entry) => entry.type)).toEqual(['letter-sent', 'conversation-taken', 'message-sent', 'message-sent', 'conversation-resolved']);
    const [submitted, taken, fromOffice, fromCitizen, resolved] = timeline.entries;
    expect(submitted?.actor).toEqual({ role: 'citizen', name: null });
    expect(taken?.actor).toEqual({ role: 'office', name: 'Ewa Lis' });
    expect(fromOffice?.facts).toMatchObject({ from: 'office', count: 2 });
    expect(fromCitizen?.facts).toMatchObject({ from: 'citizen', count: 1 });
    const receipts = (await call(ctx.app, citizen, 'GET', `/api/receipts/conversation/${sent.id}`)).json() as ReceiptSummary[];
    expect(submitted?.receiptId).toBe(receipts.find((receipt) => receipt.kind === 'letter-sent')?.id);
    expect(resolved?.receiptId).toBe(receipts.find((receipt) => receipt.kind === 'conversation-resolved')?.id);
    expect(taken?.receiptId).toBeNull();
    const times = timeline.entries.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
  });

  it('never shows the citizen an internal note; staff see it with its author', async () => {
    const { citizen, clerk, sent } = await walkedLetter();
    const own = await timelineOf(citizen, `/api/timeline/letters/${sent.letterId}`);
    expect(JSON.stringify(own)).not.toContain('note');
    expect(JSON.stringify(own)).not.toContain(NOTE);
    const staff = await timelineOf(clerk, `/api/timeline/letters/${sent.letterId}`);
    const note = staff.entries.find((entry) => entry.type === 'conversation-note-added');
    expect(note).toMatchObject({ actor: { role: 'office', name: 'Ewa Lis' }, facts: { body: NOTE } });
  });

  it('tells a case\u2019s story: submitted, document, taken, rejected with the reason and its receipt', async () => {
    const citizen = await createCitizen(ctx.app);
    const clerk = await createEmployee(ctx.app);
    const created = await createVehicleCase(ctx.app, citizen);
    await addPdf(ctx.app, citizen, created.id, undefined, 'contract.pdf');
    expect((await call(ctx.app, clerk, 'PUT', `/api/case-resolution/${created.id}/update-status/IN_PROGRESS`)).statusCode).toBe(200);
    expect((await call(ctx.app, clerk, 'POST', `/api/case-resolution/${created.id}/notes`, { body: NOTE })).statusCode).toBe(201);
    expect((await call(ctx.app, clerk, 'PUT', `/api/case-resolution/${created.id}/update-status/REJECTED`, { reason: REASON })).statusCode).toBe(200);
    const timeline = await timelineOf(citizen, `/api/timeline/cases/${created.id}`);
    expect(timeline.reference).toBe(`C-${created.id}`);
    expect(timeline.entries.map((entry) => entry.type)).toEqual(['case-submitted', 'document-added', 'case-status-changed', 'case-status-changed']);
    expect(timeline.entries[1]?.facts).toMatchObject({ name: 'contract.pdf' });
    expect(timeline.entries[3]?.facts).toEqual({ before: 'IN_PROGRESS', after: 'REJECTED', reason: REASON });
    expect(timeline.entries[3]?.receiptId).toEqual(expect.any(Number));
    expect(JSON.stringify(timeline)).not.toContain(NOTE);
    const staff = await timelineOf(clerk, `/api/timeline/cases/${created.id}`);
    expect(staff.entries.map((entry) => entry.type)).toContain('case-note-added');
  });

  it('refuses another citizen with the same answer for an existing and a missing matter; staff and admins read any', async () => {
    const { sent } = await walkedLetter();
    const stranger = await createCitizen(ctx.app);
    const other = expectApiError(await call(ctx.app, stranger, 'GET', `/api/timeline/letters/${sent.letterId}`), 403);
    const missing = expectApiError(await call(ctx.app, stranger, 'GET', '/api/timeline/letters/99999999'), 403);
    expect(other.message).toBe(missing.message);
    expectApiError(await call(ctx.app, stranger, 'GET', '/api/timeline/cases/99999999'), 403);
    expectApiError(await call(ctx.app, null, 'GET', `/api/timeline/letters/${sent.letterId}`), 401);
    expect((await call(ctx.app, await createAdmin(ctx.app), 'GET', `/api/timeline/letters/${sent.letterId}`)).statusCode).toBe(200);
    expectApiError(await call(ctx.app, await createEmployee(ctx.app), 'GET', '/api/timeline/cases/99999999'), 404);
  });

  it('shows an event type it has no words for as a neutral entry, and leaves out matters of no one', async () => {
    const citizen = await createCitizen(ctx.app);
    const created = await createVehicleCase(ctx.app, citizen);
    // A type another helper adds (a decision delivered): the subscriber stores it with its plain facts.
    await ctx.app.db
      .insertInto('timeline_entries')
      .values({ matter: 'case', matter_id: created.id, owner_id: citizen.user.id, event_type: 'decision-delivered', at: '2999-01-01T00:00:00.000Z', actor_id: null, facts: '{"deliveredAt":"2999-01-01"}', staff_only: 0 })
      .execute();
    const timeline = await timelineOf(citizen, `/api/timeline/cases/${created.id}`);
    expect(timeline.entries.at(-1)).toMatchObject({ type: 'decision-delivered', facts: { deliveredAt: '2999-01-01' }, receiptId: null });
  });
});

describe('the timeline\u2019s rows', () => {
  it('keeps any event type that names a matter, with its plain facts and none of its free text', async () => {
    const { timelineEntryOf } = await import('../src/modules/timeline/entry-of.js');
    const event = { type: 'appeal-lodged', at: '2026-01-05T10:00:00.000Z', actorId: 7, actorLanguage: 'pl', caseId: 4, ownerId: 7, caseType: 'VEHICLE_REGISTRATION', vehicleNumberPlate: null, deadline: '2026-02-05', content: 'my long appeal' };
    expect(timelineEntryOf(event as never)).toEqual({
      matter: 'case', matterId: 4, ownerId: 7, eventType: 'appeal-lodged', at: event.at, actorId: 7, facts: { deadline: '2026-02-05' }, staffOnly: false,
    });
    expect(timelineEntryOf({ ...event, type: 'case-note-edited' } as never)?.staffOnly).toBe(true);
    expect(timelineEntryOf({ type: 'password-changed', at: event.at, actorId: 7, actorLanguage: 'en', userId: 7, how: 'changed', keepSession: null })).toBeNull();
  });
});
