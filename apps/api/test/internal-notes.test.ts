import type { AddressInfo } from 'node:net';
import { type InternalNoteResponse, myDataPaths, type ReceiptSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { CASE_NOTE, CONVERSATION_NOTE, walkEveryEvent, type Walked } from './helpers/every-event.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, takenConversation } from './helpers/letters.js';
import { connectLive, type LiveClient } from './helpers/live-client.js';
import { downloadReceipt, pdfText } from './helpers/receipts.js';
import { startSmtpSink } from './helpers/smtp-sink.js';
import { unzip } from './helpers/unzip.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };
/** Words of both notes that no other text of the walk holds. */
const NOTE_WORDS = ['council\'s list since March', 'forged before'];
const holdsNoNote = (text: string, where: string) => {
  for (const words of NOTE_WORDS) expect(text.includes(words), `${where} holds a note`).toBe(false);
};

// Issue 33, point 5: internal notes on conversations and cases, staff only.
describeEachEngine('internal notes', (engine) => {
  let clock = new Date('2026-03-02T08:00:00.000Z');
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (worker = created) } });
  let citizen: CreatedUser;
  let clerk: CreatedUser;
  let walked: Walked;
  let citizenLive: LiveClient;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app, { firstName: 'Jan', lastName: 'Lis' })];
    citizenLive = await connectLive(baseUrl, citizen.token);
    // Every change of the portal, a note on the letter and one on the case among them.
    walked = await walkEveryEvent(ctx.app, { citizen, clerk, admin: await createAdmin(ctx.app) });
    // One more change the citizen hears of live: pushed in commit order, so every earlier push has arrived once it has.
    await setStatus(ctx.app, clerk, walked.caseId, 'RESOLVED');
    await citizenLive.waitFor((event) => event.type === 'case-status' && event.caseId === walked.caseId && event.status === 'RESOLVED');
    clock = new Date(clock.getTime() + 60 * 60_000);
    await worker?.runOnce();
  });
  afterAll(async () => citizenLive?.close());

  const notesOf = async (who: CreatedUser, url: string) => {
    const response = await call(ctx.app, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InternalNoteResponse[];
  };

  it('are shown to staff with author and time, oldest first, and audited', async () => {
    const colleague = await createEmployee(ctx.app);
    for (const [url, body, entity, id, action] of [
      [`/api/conversations/${walked.conversation.id}/notes`, CONVERSATION_NOTE, 'conversation', walked.conversation.id, 'conversation.note.add'],
      [`/api/case-resolution/${walked.caseId}/notes`, CASE_NOTE, 'case', walked.caseId, 'case.note.add'],
    ] as const) {
      const notes = await notesOf(colleague, url);
      expect(notes).toEqual([{ id: expect.any(Number), body, createdAt: expect.any(String), author: { id: clerk.user.id, firstName: 'Jan', lastName: 'Lis' } }]);
      const rows = (await auditRowsFor(ctx.app, entity, id)).filter((row) => row.action === action);
      expect(rows).toEqual([expect.objectContaining({ actor_id: clerk.user.id, before: null, after: { noteId: notes[0]!.id, note: body } })]);
    }
  });

  it('are refused to the citizen whose matter it is (403), reading or writing', async () => {
    for (const url of [`/api/conversations/${walked.conversation.id}/notes`, `/api/case-resolution/${walked.caseId}/notes`]) {
      expectApiError(await call(ctx.app, citizen, 'GET', url), 403);
      expectApiError(await call(ctx.app, citizen, 'POST', url, { body: 'Let me in' }), 403);
      expectApiError(await call(ctx.app, null, 'GET', url), 401);
    }
  });

  describe('never reach the citizen', () => {
    it('through any route that answers a conversation or a case', async () => {
      const { conversation, caseId } = walked;
      const urls = [
        `/api/conversations/user/${citizen.user.id}`,
        `/api/conversations/${conversation.id}/messages`,
        `/api/case-resolution/user/${citizen.user.id}`,
        `/api/case-resolution/details/${caseId}`,
        ...['PENDING', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'].map((status) => `/api/case-resolution/status/${status}`),
        '/api/notifications',
        `/api/receipts/conversation/${conversation.id}`,
        `/api/receipts/case/${caseId}`,
      ];
      for (const url of urls) {
        const response = await call(ctx.app, citizen, 'GET', url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        holdsNoNote(response.body, url);
      }
    });

    it('in the receipts, the emails, the own-data export or the live events', async () => {
      for (const subject of ['conversation', 'case'] as const) {
        const id = subject === 'case' ? walked.caseId : walked.conversation.id;
        const receipts = (await call(ctx.app, citizen, 'GET', `/api/receipts/${subject}/${id}`)).json() as ReceiptSummary[];
        expect(receipts.length).toBeGreaterThan(0);
        for (const receipt of receipts) holdsNoNote(pdfText(await downloadReceipt(ctx.app, citizen, receipt.id)), `receipt ${receipt.kind}`);
      }
      const emails = sink.received.filter((received) => received.to.includes(citizen.user.email));
      expect(emails.length).toBeGreaterThan(0);
      for (const email of emails) holdsNoNote(`${email.mail.subject ?? ''} ${email.mail.text ?? ''} ${String(email.mail.html)}`, `email ${email.mail.subject}`);

      const exported = await call(ctx.app, citizen, 'GET', myDataPaths.export);
      expect(exported.statusCode).toBe(200);
      for (const [name, bytes] of unzip(exported.rawPayload)) holdsNoNote(bytes.toString('utf8'), `export ${name}`);

      expect(citizenLive.events.length).toBeGreaterThan(0);
      holdsNoNote(JSON.stringify(citizenLive.events), 'live events');
    });
  });

  it('over the limit are refused (400 naming the field), not cut; blank ones too; nothing is written', async () => {
    const conversation = await takenConversation(ctx.app, citizen, clerk);
    const url = `/api/conversations/${conversation.id}/notes`;
    const tooLong = expectApiError(await call(ctx.app, clerk, 'POST', url, { body: 'x'.repeat(2001) }), 400);
    expect(tooLong.fields).toEqual({ body: 'A note must be at most 2000 characters.' });
    const blank = expectApiError(await call(ctx.app, clerk, 'POST', url, { body: '   ' }), 400);
    expect(blank.fields).toEqual({ body: 'Write the note.' });
    expect(await notesOf(clerk, url)).toEqual([]);
    // Exactly at the limit is kept whole.
    expect((await call(ctx.app, clerk, 'POST', url, { body: 'y'.repeat(2000) })).statusCode).toBe(201);
    expect((await notesOf(clerk, url)).map((note) => note.body.length)).toEqual([2000]);
  });

  it('on a matter that does not exist answer 404 to staff', async () => {
    const admin = await createAdmin(ctx.app);
    expectApiError(await call(ctx.app, admin, 'POST', '/api/case-resolution/999999/notes', { body: 'Lost?' }), 404);
    expectApiError(await call(ctx.app, clerk, 'GET', '/api/conversations/999999/notes'), 404);
    const created = await createVehicleCase(ctx.app, citizen);
    expect(await notesOf(admin, `/api/case-resolution/${created.id}/notes`)).toEqual([]);
  });
});
