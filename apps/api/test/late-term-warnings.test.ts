import { expect, it } from 'vitest';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter } from './helpers/letters.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';

/*
 * Issue 32 point 5: the clerk is warned before a term runs out, once per threshold: at 75 % of the
 * term, on its last 3 working days, and once it is overdue. The schedule runs on the notification
 * worker's clock (moved here by hand), in Warsaw's days: across the spring DST change and a year
 * end with 24 December, New Year's Day and a weekend. The dates below are counted by hand.
 */
describeEachEngine('the clerk\u2019s warnings before a term runs out', (engine) => {
  let clock = new Date('2026-03-02T09:00:00.000Z');
  let worker: NotificationWorker | undefined;
  let second: NotificationWorker | undefined;
  const ctx = useTestApp(engine, {}, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (worker = created) } });

  const at = (iso: string) => (clock = new Date(iso));
  const arrived = (conversationId: number, iso: string) => ctx.app.db.updateTable('conversations').set({ created_at: iso }).where('id', '=', conversationId).execute();
  /** The warnings in `who`'s bell about the letter, in order: the threshold of each. */
  async function warningsOf(who: CreatedUser, letterId: number): Promise<string[]> {
    const rows = await ctx.app.db.selectFrom('notifications').select('payload_json').where('user_id', '=', who.user.id).where('kind', '=', 'deadline-warning').orderBy('id').execute();
    return rows.map((row) => JSON.parse(row.payload_json) as { warning: string; reference: string }).filter((entry) => entry.reference === `L-${letterId}`).map((entry) => entry.warning);
  }
  const emailsOfKind = async () => (await ctx.app.db.selectFrom('notification_outbox').select('id').where('kind', '=', 'deadline-warning').execute()).length;

  it('warns every clerk of an untaken letter at 75 %, then only its clerk on the last 3 working days and once overdue, across the DST change', async () => {
    const [citizen, clerk, colleague, admin] = [await createCitizen(ctx.app), await createEmployee(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
    // A second API process's worker on the same database runs the same schedule at the same moment
    // (on SQLite, one process only: its own worker twice at once).
    if (engine.name === 'postgres') await ctx.build({}, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (second = created) } });
    else second = worker;
    const letter = await createLetter(ctx.app, citizen);
    // 10:00 in Warsaw on Monday 2 March 2026: due Thursday 2 April; the term ends at midnight CEST (22:00 UTC).
    await arrived(letter.id, '2026-03-02T09:00:00.000Z');

    at('2026-03-26T00:40:00.000Z'); // 74.99 %: 31 days 13 hours of term, 75 % is 26 March 00:45 UTC
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual([]);

    at('2026-03-26T00:50:00.000Z');
    await Promise.all([worker!.runSchedule(), second!.runSchedule()]);
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['three-quarters']);
    expect(await warningsOf(colleague, letter.letterId)).toEqual(['three-quarters']);
    // Admins hear of a late matter when the citizen prompts, not from the clerks' queue.
    expect(await warningsOf(admin, letter.letterId)).toEqual([]);

    expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${letter.id}/take`)).statusCode).toBe(200);
    at('2026-03-30T21:30:00.000Z'); // 23:30 on Monday 30 March in Warsaw: three working days are still left after it
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['three-quarters']);
    at('2026-03-30T22:30:00.000Z'); // 00:30 on Tuesday 31 March (CEST since Sunday): 31 March, 1 and 2 April are the last three
    await Promise.all([worker!.runSchedule(), second!.runSchedule()]);
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['three-quarters', 'last-days']);
    expect(await warningsOf(colleague, letter.letterId)).toEqual(['three-quarters']);

    at('2026-04-02T21:59:00.000Z');
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['three-quarters', 'last-days']);
    at('2026-04-02T22:00:00.000Z');
    await Promise.all([worker!.runSchedule(), second!.runSchedule()]);
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['three-quarters', 'last-days', 'overdue']);
    // The bell only: no warning is ever emailed.
    expect(await emailsOfKind()).toBe(0);
  });

  it('over a year end counts 24 December, New Year\u2019s Day and the weekend out', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const early = await createLetter(ctx.app, citizen);
    // 1 December 2026 + 1 month = Friday 1 January 2027 (a holiday), so due Monday 4 January.
    await arrived(early.id, '2026-12-01T10:00:00.000Z');
    const due = (await call(ctx.app, citizen, 'GET', `/api/conversations/user/${citizen.user.id}`)).json() as { id: number; dueDate: string }[];
    expect(due.find((item) => item.id === early.id)?.dueDate).toBe('2027-01-04');

    at('2026-12-29T22:30:00.000Z'); // 23:30 on Tuesday 29 December: 30 and 31 December and 4 January are still ahead
    await worker!.runSchedule();
    expect(await warningsOf(clerk, early.letterId)).toEqual(['three-quarters']);
    at('2026-12-29T23:30:00.000Z'); // Wednesday 30 December in Warsaw (CET): the last three working days begin
    await worker!.runSchedule();
    expect(await warningsOf(clerk, early.letterId)).toEqual(['three-quarters', 'last-days']);

    at('2027-01-04T22:59:00.000Z');
    await worker!.runSchedule();
    expect(await warningsOf(clerk, early.letterId)).not.toContain('overdue');
    at('2027-01-04T23:00:00.000Z'); // midnight CET: 4 January is over
    await worker!.runSchedule();
    expect(await warningsOf(clerk, early.letterId)).toEqual(['three-quarters', 'last-days', 'overdue']);
  });

  it('a letter the schedule first finds overdue gets one warning: the highest threshold, not all three', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const letter = await createLetter(ctx.app, citizen);
    await arrived(letter.id, '2027-02-01T10:00:00.000Z'); // due Monday 1 March 2027
    at('2027-03-03T10:00:00.000Z');
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['overdue']);
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['overdue']);
  });

  it('keeps a warning to the office: the clerk\u2019s timeline shows it, the citizen\u2019s does not, and it does not move the letter on "My matters"', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    const letter = await createLetter(ctx.app, citizen);
    await arrived(letter.id, '2026-03-02T09:00:00.000Z');
    await ctx.app.db.updateTable('timeline_entries').set({ at: '2026-03-02T09:00:00.000Z' }).where('matter', '=', 'letter').where('matter_id', '=', letter.letterId).execute();
    at('2026-03-26T00:50:00.000Z');
    await worker!.runSchedule();
    expect(await warningsOf(clerk, letter.letterId)).toEqual(['three-quarters']);

    const typesFor = async (who: CreatedUser) =>
      ((await call(ctx.app, who, 'GET', `/api/timeline/letters/${letter.letterId}`)).json() as { entries: { type: string }[] }).entries.map((entry) => entry.type);
    expect(await typesFor(clerk)).toEqual(['letter-sent', 'matter-deadline-warning']);
    expect(await typesFor(citizen)).toEqual(['letter-sent']);
    const mine = (await call(ctx.app, citizen, 'GET', '/api/matters?kind=letter')).json() as { items: { lastActivityAt: string }[] };
    expect(mine.items.map((item) => item.lastActivityAt)).toEqual(['2026-03-02T09:00:00.000Z']);
  });

  /** The warnings in `who`'s bell about a matter by its reference, in order. */
  async function warningsAbout(who: CreatedUser, reference: string): Promise<string[]> {
    const rows = await ctx.app.db.selectFrom('notifications').select('payload_json').where('user_id', '=', who.user.id).where('kind', '=', 'deadline-warning').orderBy('id').execute();
    return rows.map((row) => JSON.parse(row.payload_json) as { warning: string; reference: string }).filter((entry) => entry.reference === reference).map((entry) => entry.warning);
  }

  it('counts a case’s pause and its appeal: no warning at 75 % of a term the office waited through, none for a term an appeal replaced', async () => {
    const [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    // Submitted Monday 2 March 2026 (due 2 April); the office waited from 5 to 25 March: 20 days, so due Wednesday 22 April.
    const paused = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, clerk, paused.id, 'IN_PROGRESS');
    expect((await call(ctx.app, clerk, 'POST', `/api/case-resolution/${paused.id}/supplement-requests`, { message: 'The signed contract, please.' })).statusCode).toBe(201);
    expect((await call(ctx.app, citizen, 'POST', `/api/case-resolution/${paused.id}/supplement-answer`, { answer: 'Attached.' })).statusCode).toBe(201);
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: '2026-03-02T09:00:00.000Z' }).where('id', '=', paused.id).execute();
    await ctx.app.db.updateTable('case_supplements').set({ requested_at: '2026-03-05T09:00:00.000Z', answered_at: '2026-03-25T09:00:00.000Z' }).where('case_id', '=', paused.id).execute();
    // Submitted in January and rejected; appealed on Friday 20 March: a new term to Monday 20 April.
    const appealed = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, clerk, appealed.id, 'IN_PROGRESS');
    await setStatus(ctx.app, clerk, appealed.id, 'REJECTED');
    expect((await call(ctx.app, citizen, 'POST', `/api/case-resolution/${appealed.id}/appeal`, { text: 'I disagree.' })).statusCode).toBe(201);
    await ctx.app.db.updateTable('case_resolutions').set({ submission_date: '2026-01-05T09:00:00.000Z' }).where('id', '=', appealed.id).execute();
    await ctx.app.db.updateTable('case_appeals').set({ appealed_at: '2026-03-20T09:00:00.000Z' }).where('case_id', '=', appealed.id).execute();

    // 75 % of the paused case's term without its pause; the appealed case's old term long missed.
    at('2026-03-26T00:50:00.000Z');
    await worker!.runSchedule();
    expect(await warningsAbout(clerk, `C-${paused.id}`)).toEqual([]);
    expect(await warningsAbout(clerk, `C-${appealed.id}`)).toEqual([]);
    // 75 % of the paused case's 51.5 days (2 March 10:00 to the end of 22 April) is 10 April, 01:40 in Warsaw.
    at('2026-04-10T09:00:00.000Z');
    await worker!.runSchedule();
    expect(await warningsAbout(clerk, `C-${paused.id}`)).toEqual(['three-quarters']);
    expect(await warningsAbout(clerk, `C-${appealed.id}`)).toEqual([]);
    // 22 April is the paused case's last day: its last three working days began on Monday 20 April, the appealed case's due day.
    at('2026-04-20T08:00:00.000Z');
    await worker!.runSchedule();
    expect(await warningsAbout(clerk, `C-${paused.id}`)).toEqual(['three-quarters', 'last-days']);
    at('2026-04-20T22:00:00.000Z'); // midnight CEST: 20 April is over
    await worker!.runSchedule();
    expect(await warningsAbout(clerk, `C-${appealed.id}`)).toContain('overdue');
  });
});
