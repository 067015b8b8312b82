import type { ConversationResponse, PerformanceDashboardResponse, PerformanceUnitFigures, PublicPerformanceResponse } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillPerformanceSamples } from '../src/db/migrations/0065-performance-samples.js';
import { termDueDate } from '../src/plugins/legal-clock/terms.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, createLetter, letterBody, messageBody } from './helpers/letters.js';

/*
 * Issue 33 points 8 and 9 through the API: the admins' dashboard and the public open data, counted
 * by SQL on both engines against a hand-counted set of letters and cases whose times are set in the
 * database, with the clock at Wednesday 18 March 2026, 11:00 in Warsaw. Its weeks start on Mondays
 * in Warsaw: week 11 (the current one) on 16 March (from 15 March 23:00 UTC), week 10 on 9 March,
 * week 5 on 2 February, week 0 on 29 December 2025.
 */
const NOW = Date.parse('2026-03-18T10:00:00.000Z');

describeEachEngine('the office\u2019s performance', (engine) => {
  let clock = NOW;
  const ctx = useTestApp(engine, {}, { performance: { now: () => new Date(clock) } });
  let admin: CreatedUser;
  let clerk: CreatedUser;
  let citizen: CreatedUser;

  /** A letter with its times: arrival, the clerk's first reply, its resolution (null: none). */
  async function letter(recipient: string, createdAt: string, firstReplyAt: string | null, resolvedAt: string | null) {
    // The suite's first letter starts the receipt thread: on a loaded machine its receipt may miss
    // the deadline (503 with Retry-After, nothing written); the letter is then sent again.
    let response = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { recipient }));
    for (let attempt = 1; response.statusCode === 503 && attempt < 3; attempt += 1) {
      response = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen, { recipient }));
    }
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json() as ConversationResponse;
    await ctx.app.db
      .updateTable('conversations')
      // With the due date the server stores for that arrival (the overdue count reads it).
      .set({ created_at: createdAt, due_date: termDueDate({ startedAt: createdAt, months: 1 }), first_reply_at: firstReplyAt, ...(resolvedAt ? { status: 'RESOLVED', resolved_date: resolvedAt } : {}) })
      .where('id', '=', sent.id)
      .execute();
    return sent;
  }
  async function decidedCase(submittedAt: string, firstActionAt: string | null, decidedAt: string | null, status: 'PENDING' | 'RESOLVED' | 'REJECTED') {
    const created = await createVehicleCase(ctx.app, citizen);
    if (status !== 'PENDING') await setStatus(ctx.app, clerk, created.id, status);
    await ctx.app.db
      .updateTable('case_resolutions')
      .set({ submission_date: submittedAt, due_date: termDueDate({ startedAt: submittedAt, months: 1 }) ?? '', first_action_at: firstActionAt, decided_at: decidedAt })
      .where('id', '=', created.id)
      .execute();
  }
  const dashboard = async (who: CreatedUser) => {
    const response = await call(ctx.app, who, 'GET', '/api/admin/performance');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PerformanceDashboardResponse;
  };
  const unitOf = (answer: PerformanceDashboardResponse, unit: string) => answer.units.find((entry) => entry.unit === unit) as PerformanceUnitFigures;
  /** The public answer is kept for 5 minutes: each read moves the clock past that. */
  const publicAnswer = async (path = '/api/public/performance') => {
    clock += 10 * 60_000;
    const response = await call(ctx.app, null, 'GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
    clerk = await createEmployee(ctx.app);
    citizen = await createCitizen(ctx.app);
    // City Administration: three arrive in week 10 (first replies after 2, 4 and 6 hours); one is
    // resolved after a day (week 10), one after six days (week 11); one from January is still open and overdue.
    await letter('City Administration', '2026-03-09T08:00:00.000Z', '2026-03-09T10:00:00.000Z', '2026-03-10T08:00:00.000Z');
    await letter('City Administration', '2026-03-10T08:00:00.000Z', '2026-03-10T12:00:00.000Z', '2026-03-16T08:00:00.000Z');
    await letter('City Administration', '2026-03-11T08:00:00.000Z', '2026-03-11T14:00:00.000Z', null);
    await letter('City Administration', '2026-01-05T08:00:00.000Z', null, null);
    // Public Works: 00:30 on Monday 16 March in Warsaw is week 11, 23:30 on Sunday 15 March week 10;
    // both resolved on 18 March at 00:30 (48 and 49 hours); eight more arrive on 2 February, resolved in two days.
    await letter('Public Works Department', '2026-03-15T23:30:00.000Z', null, '2026-03-17T23:30:00.000Z');
    await letter('Public Works Department', '2026-03-15T22:30:00.000Z', null, '2026-03-17T23:30:00.000Z');
    for (let i = 0; i < 8; i += 1) await letter('Public Works Department', '2026-02-02T08:00:00.000Z', null, '2026-02-04T08:00:00.000Z');
    // Parks: one open letter of this week, not yet due; one from before the public page's 12 months.
    await letter('Parks and Recreation Department', '2026-03-17T08:00:00.000Z', null, null);
    await letter('Parks and Recreation Department', '2025-03-01T08:00:00.000Z', null, '2025-03-02T08:00:00.000Z');
    // Cases: taken after 1 hour and resolved after 48; rejected after 12 hours; one pending since January (overdue).
    await decidedCase('2026-03-09T08:00:00.000Z', '2026-03-09T09:00:00.000Z', '2026-03-11T08:00:00.000Z', 'RESOLVED');
    await decidedCase('2026-03-12T08:00:00.000Z', '2026-03-12T20:00:00.000Z', '2026-03-12T20:00:00.000Z', 'REJECTED');
    await decidedCase('2026-01-02T08:00:00.000Z', null, null, 'PENDING');
    // The times above were set in the letters' and cases' own rows, after their events: the
    // dashboard's rows are made from them as migration 0065 makes them for the matters already
    // there (performance-samples.test.ts shows the rows the events write).
    await fillPerformanceSamples(ctx.app.db);
  });

  describe('the admins\u2019 dashboard', () => {
    it('counts each department by Warsaw week: received, resolved, medians, open and overdue now', async () => {
      const answer = await dashboard(admin);
      expect(answer.units.map((unit) => unit.unit)).toEqual([
        'City Administration',
        'Public Works Department',
        'Parks and Recreation Department',
        'Case Resolutions',
      ]);
      const city = unitOf(answer, 'City Administration');
      expect(city.weeks).toHaveLength(12);
      expect(city.weeks[0]?.weekStart).toBe('2025-12-29');
      expect(city.weeks[11]?.weekStart).toBe('2026-03-16');
      expect(city.weeks[1]).toMatchObject({ weekStart: '2026-01-05', received: 1, resolved: 0, medianHoursToFirstReply: null });
      expect(city.weeks[10]).toEqual({ weekStart: '2026-03-09', received: 3, resolved: 1, medianHoursToFirstReply: 4, medianHoursToDecision: 24 });
      expect(city.weeks[11]).toEqual({ weekStart: '2026-03-16', received: 0, resolved: 1, medianHoursToFirstReply: null, medianHoursToDecision: 144 });
      expect(city).toMatchObject({ openNow: 2, overdueNow: 1, ratings: null });

      const works = unitOf(answer, 'Public Works Department');
      expect(works.weeks[5]).toMatchObject({ received: 8, resolved: 8, medianHoursToDecision: 48 });
      expect(works.weeks[10]).toMatchObject({ received: 1, resolved: 0 });
      // Even count: the mean of the two middle values, 48 and 49 hours.
      expect(works.weeks[11]).toMatchObject({ received: 1, resolved: 2, medianHoursToDecision: 48.5 });
      expect(works).toMatchObject({ openNow: 0, overdueNow: 0 });

      expect(unitOf(answer, 'Parks and Recreation Department')).toMatchObject({ openNow: 1, overdueNow: 0 });
      const cases = unitOf(answer, 'Case Resolutions');
      expect(cases.weeks[10]).toEqual({ weekStart: '2026-03-09', received: 2, resolved: 2, medianHoursToFirstReply: 6.5, medianHoursToDecision: 30 });
      expect(cases).toMatchObject({ openNow: 1, overdueNow: 1 });
    });

    it('serves the same figures as CSV, one line per unit and week', async () => {
      const response = await call(ctx.app, admin, 'GET', '/api/admin/performance.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('unit,week_start,received,resolved,median_hours_to_first_reply,median_hours_to_decision,open_now,overdue_now,ratings_helpful,ratings_not_helpful');
      expect(lines).toHaveLength(1 + 4 * 12);
      expect(lines).toContain('City Administration,2026-03-09,3,1,4,24,2,1,,');
    });

    it('is the admins\u2019 only: a clerk and a citizen get 403, nobody signed in 401', async () => {
      for (const path of ['/api/admin/performance', '/api/admin/performance.csv']) {
        expect((await call(ctx.app, clerk, 'GET', path)).statusCode).toBe(403);
        expect((await call(ctx.app, citizen, 'GET', path)).statusCode).toBe(403);
        expect((await call(ctx.app, null, 'GET', path)).statusCode).toBe(401);
      }
    });

    it('keeps the moment of a clerk\u2019s first reply and of a case\u2019s first action and decision as they happen', async () => {
      const sent = await createLetter(ctx.app, citizen);
      await call(ctx.app, citizen, 'POST', `/api/conversations/${sent.id}/messages/send`, messageBody(sent.id, citizen));
      const firstReply = async () =>
        (await ctx.app.db.selectFrom('conversations').select('first_reply_at').where('id', '=', sent.id).executeTakeFirstOrThrow()).first_reply_at;
      expect(await firstReply()).toBeNull();
      expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${sent.id}/take`)).statusCode).toBe(200);
      expect((await call(ctx.app, clerk, 'POST', `/api/conversations/${sent.id}/messages/send`, messageBody(sent.id, clerk))).statusCode).toBe(201);
      const first = await firstReply();
      expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await call(ctx.app, clerk, 'POST', `/api/conversations/${sent.id}/messages/send`, messageBody(sent.id, clerk, 'And another thing.'));
      expect(await firstReply()).toBe(first);

      const created = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, clerk, created.id, 'IN_PROGRESS');
      await setStatus(ctx.app, clerk, created.id, 'REJECTED');
      await setStatus(ctx.app, clerk, created.id, 'RESOLVED');
      const row = await ctx.app.db.selectFrom('case_resolutions').select(['first_action_at', 'decided_at', 'status_changed_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row.first_action_at).not.toBeNull();
      expect(row.decided_at).not.toBeNull();
      expect(row.first_action_at! <= row.decided_at!).toBe(true);
      expect(row.decided_at! <= row.status_changed_at).toBe(true);
      // Leave the hand-counted figures as they were.
      await ctx.app.db.updateTable('conversations').set({ created_at: '2020-01-01T00:00:00.000Z', first_reply_at: '2020-01-01T01:00:00.000Z' }).where('id', '=', sent.id).execute();
      await ctx.app.db.updateTable('case_resolutions').set({ submission_date: '2020-01-01T00:00:00.000Z', first_action_at: '2020-01-01T00:00:00.000Z', decided_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', created.id).execute();
    });
  });

  describe('the public open data', () => {
    it('shows a figure only with at least 10 matters behind it, for the 12 months up to today', async () => {
      const response = await publicAnswer();
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const answer = response.json() as PublicPerformanceResponse;
      expect(answer).toMatchObject({ from: '2025-03-19', to: '2026-03-18', minimumMatters: 10 });
      expect(answer.units).toEqual([
        { unit: 'City Administration', received: null, resolved: null, medianDaysToAnswer: null },
        // Ten resolved: eight after 2 days, one after 2 days exactly, one after 2 days and an hour.
        { unit: 'Public Works Department', received: 10, resolved: 10, medianDaysToAnswer: 2 },
        { unit: 'Parks and Recreation Department', received: null, resolved: null, medianDaysToAnswer: null },
        { unit: 'Case Resolutions', received: null, resolved: null, medianDaysToAnswer: null },
      ]);
    });

    it('offers the same as CSV, with empty cells where there is not enough data', async () => {
      const response = await publicAnswer('/api/public/performance.csv');
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines).toEqual([
        'unit,from,to,received,resolved,median_days_to_answer',
        'City Administration,2025-03-19,2026-03-18,,,',
        'Public Works Department,2025-03-19,2026-03-18,10,10,2',
        'Parks and Recreation Department,2025-03-19,2026-03-18,,,',
        'Case Resolutions,2025-03-19,2026-03-18,,,',
      ]);
    });

    it('names no person: no username, name or email of anyone in the database in the JSON or the CSV', async () => {
      const json = (await publicAnswer()).body;
      const csv = (await publicAnswer('/api/public/performance.csv')).body;
      const people = await ctx.app.db.selectFrom('users').select(['username', 'first_name', 'last_name', 'email']).execute();
      expect(people.length).toBeGreaterThan(2);
      for (const person of people) {
        for (const value of [person.username, person.first_name, person.last_name, person.email]) {
          expect(json).not.toContain(value);
          expect(csv).not.toContain(value);
        }
      }
    });
  });
});
