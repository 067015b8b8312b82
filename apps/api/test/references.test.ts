import { type AuditListResponse, caseReference, letterReference, myDataPaths, type NotificationListResponse } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { walkEveryEvent, type Walked } from './helpers/every-event.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { downloadReceipt, pdfText, receiptsOf } from './helpers/receipts.js';
import { type ReceivedMail, startSmtpSink } from './helpers/smtp-sink.js';
import { unzip } from './helpers/unzip.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };

const SUBJECT = 'Broken street lamp on Lipowa';
const CASE_NAME = 'Vehicle registration - KR 7781X';

/**
 * Issue 31: one reference per matter, the same on every channel. Every event is made once through
 * the API; then each channel that tells of a letter or a case is read as its reader gets it: the
 * portal entry, the email (subject and text), the receipt's text, the Audit Log's record and the
 * own-data export. A letter is `L-<its number>` beside its subject, a case `C-<its number>` beside its name.
 */
describeEachEngine('one reference per matter on every channel', (engine) => {
  let clock = new Date('2026-03-02T08:00:00.000Z');
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (worker = created) } });
  let citizen: CreatedUser;
  let admin: CreatedUser;
  let walked: Walked;
  let letter: string;
  let matter: string;

  beforeAll(async () => {
    citizen = await createCitizen(ctx.app);
    admin = await createAdmin(ctx.app);
    walked = await walkEveryEvent(ctx.app, { citizen, clerk: await createEmployee(ctx.app), admin }, undefined, () => worker!.runSchedule());
    // Every email due now, and the debounced ones after their quiet window.
    clock = new Date(clock.getTime() + 60 * 60_000);
    await worker?.runOnce();
    letter = letterReference(walked.conversation.letterId);
    matter = caseReference(walked.caseId);
  });

  const emailsTo = (who: CreatedUser): ReceivedMail[] => sink.received.filter((m) => m.to.includes(who.user.email));

  it('are made by the contract: L- and C- with the number', () => {
    expect(letter).toBe(`L-${walked.conversation.letterId}`);
    expect(matter).toBe(`C-${walked.caseId}`);
  });

  it('the portal entries of a letter taken, replied to and resolved, and of a case decided', async () => {
    const list = (await ctx.app.inject({ url: '/api/notifications', headers: citizen.headers })).json() as NotificationListResponse;
    const byKind = new Map(list.items.map((item) => [item.kind, item.data]));
    for (const kind of ['letter-taken', 'reply', 'conversation-resolved']) {
      expect(byKind.get(kind), kind).toMatchObject({ reference: letter, subject: SUBJECT });
    }
    expect(byKind.get('case-status')).toMatchObject({ reference: matter });
  });

  it('the emails\u2019 subjects and texts', () => {
    const emails = emailsTo(citizen);
    const subjects = emails.map((m) => m.mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `A clerk is handling your letter (${letter}: ${SUBJECT})`,
        `New reply (${letter}: ${SUBJECT})`,
        `Resolved (${letter}: ${SUBJECT})`,
        `Case status changed (${matter}: ${CASE_NAME})`,
      ]),
    );
    for (const email of emails.filter((m) => m.mail.subject?.includes(letter))) expect(email.mail.text).toContain(`Reference: ${letter}: ${SUBJECT}`);
    const decision = emails.find((m) => m.mail.subject?.startsWith('Case status changed'));
    expect(decision?.mail.text).toContain(`Reference: ${matter}: ${CASE_NAME}`);
  });

  it('the receipts\u2019 texts and the references they are listed under', async () => {
    const ofLetter = await receiptsOf(ctx.app, citizen, 'conversation', walked.conversation.id);
    expect(ofLetter.map((r) => [r.kind, r.reference])).toEqual([
      ['letter-sent', letter],
      ['conversation-resolved', letter],
    ]);
    const ofCase = await receiptsOf(ctx.app, citizen, 'case', walked.caseId);
    expect(ofCase.map((r) => [r.kind, r.reference])).toEqual([
      ['case-submitted', matter],
      ['document-added', `${matter} / scan.pdf`],
      // Issue 32: the delay notice, the citizen's prompt and the admin's answer (art. 36 and 37).
      ['delay-notice', matter],
      ['prompt-sent', matter],
      ['prompt-answered', matter],
      ['case-status-changed', matter],
    ]);
    for (const receipt of [...ofLetter, ...ofCase]) {
      const text = pdfText(await downloadReceipt(ctx.app, citizen, receipt.id));
      expect(text).toContain(`Reference ${receipt.reference.split(' ')[0]}`);
    }
  });

  it('the Audit Log\u2019s record of a staff action on the letter and on the case', async () => {
    const trail = (await ctx.app.inject({ url: '/api/audit?pageSize=100', headers: admin.headers })).json() as AuditListResponse;
    const take = trail.items.find((entry) => entry.action === 'conversation.take' && entry.entityId === String(walked.conversation.id));
    const resolve = trail.items.find((entry) => entry.action === 'conversation.resolve' && entry.entityId === String(walked.conversation.id));
    const decision = trail.items.find((entry) => entry.action === 'case.status.update' && entry.entityId === String(walked.caseId));
    expect(take?.record).toMatchObject({ reference: letter, name: SUBJECT });
    expect(resolve?.record).toMatchObject({ reference: letter, name: SUBJECT });
    expect(decision?.record).toMatchObject({ reference: matter, caseType: 'VEHICLE_REGISTRATION', name: 'KR 7781X' });
  });

  it('the Audit Log\u2019s records of the account events (a staff member\u2019s sessions ended, an account closed): by account, no matter\u2019s reference', async () => {
    const trail = (await ctx.app.inject({ url: '/api/audit?pageSize=100', headers: admin.headers })).json() as AuditListResponse;
    const rowOf = (action: string, userId: number) => trail.items.filter((entry) => entry.action === action && entry.entityId === String(userId));
    expect(rowOf('sessions.end-all', walked.employeeId)).toEqual([expect.objectContaining({ entityType: 'user', after: { sessions: 0 } })]);
    expect(rowOf('account.close', walked.closedUserId)).toEqual([
      expect.objectContaining({ entityType: 'user', before: { status: 'REQUESTED' }, after: { status: 'CLOSED', pseudonym: `closed-${walked.closedUserId}` } }),
    ]);
  });

  it('the citizen\u2019s own-data export', async () => {
    const response = await ctx.app.inject({ url: myDataPaths.export, headers: citizen.headers });
    expect(response.statusCode).toBe(200);
    const entries = unzip(response.rawPayload);
    const letters = JSON.parse(entries.get('letters.json')?.toString('utf8') ?? '[]') as { reference: string; subject: string }[];
    const cases = JSON.parse(entries.get('cases.json')?.toString('utf8') ?? '[]') as { reference: string }[];
    expect(letters).toEqual([expect.objectContaining({ reference: letter, subject: SUBJECT })]);
    expect(cases).toEqual([expect.objectContaining({ reference: matter })]);
  });
});
