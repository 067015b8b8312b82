import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { receiptApiMessages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSignedReceipt } from '../src/modules/receipts/pdf.js';
import { loadSigningKey } from '../src/modules/receipts/signing-key.js';
import { layoutOf } from '../src/modules/receipts/wording.js';
import { TEST_RECEIPT_KEYS_DIR, useTestApp } from './helpers/app.js';
import { addPdf, createVehicleCase, makePdf, PNG_BYTES, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, letterBody } from './helpers/letters.js';
import {
  downloadReceipt,
  pdfsigVerdict,
  pdfText,
  receiptsOf,
  verifyReceipt,
  verifyUpload,
  withOneByteChanged,
} from './helpers/receipts.js';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const polish = { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' };

describeEachEngine('signed receipts', (engine) => {
  const ctx = useTestApp(engine, { receipts: { officeName: 'Urząd Miasta Testowo', signingP12: null, keysDir: TEST_RECEIPT_KEYS_DIR } });
  let keysDir: string;
  let citizen: CreatedUser;
  let otherCitizen: CreatedUser;
  let clerk: CreatedUser;

  beforeAll(async () => {
    [citizen, otherCitizen, clerk] = await Promise.all([
      createCitizen(ctx.app, { firstName: 'Żaneta', lastName: 'Łęcka-Ślązak' }),
      createCitizen(ctx.app),
      createEmployee(ctx.app, { firstName: 'Jan', lastName: 'Urzędnik' }),
    ]);
  });
  afterAll(() => keysDir && rmSync(keysDir, { recursive: true, force: true }));

  /** The citizen's letter, sent in Polish; answers the conversation and its one receipt's PDF. */
  async function polishLetter() {
    const body = letterBody(citizen, { subject: 'Dziura w jezdni na ul. Źródlanej', content: 'Proszę o naprawę nawierzchni — ważne!' });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/letters', headers: { ...citizen.headers, ...polish }, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const conversation = response.json() as { id: number; letterId: number };
    const [receipt, ...more] = await receiptsOf(ctx.app, citizen, 'conversation', conversation.id);
    expect(more).toEqual([]);
    if (!receipt) throw new Error('no receipt');
    return { conversation, body, receipt, pdf: await downloadReceipt(ctx.app, citizen, receipt.id) };
  }

  describe('each kind of receipt, checked by pdfsig and pdftotext', () => {
    it('a letter sent: signed over the whole file, in Polish, with the reference, sender, subject and the text\u2019s SHA-256', async () => {
      const { conversation, body, receipt, pdf } = await polishLetter();
      expect(receipt).toMatchObject({ kind: 'letter-sent', reference: `L-${conversation.letterId}` });
      expect(pdfsigVerdict(pdf)).toMatchObject({ valid: true, wholeFile: true });
      const text = pdfText(pdf);
      expect(text).toContain('Urząd Miasta Testowo');
      expect(text).toContain('Potwierdzenie wysłania pisma');
      expect(text).toContain(`Numer L-${conversation.letterId}`);
      expect(text).toContain('Nadawca Żaneta Łęcka-Ślązak');
      expect(text).toContain('Temat Dziura w jezdni na ul. Źródlanej');
      expect(text).toContain('Wydział Wydział Robót Publicznych');
      expect(text.replace(/ /g, '')).toContain(sha256(body.content));
    });

    it('one byte changed: pdfsig no longer finds the signature valid', async () => {
      const { pdf } = await polishLetter();
      const verdict = pdfsigVerdict(withOneByteChanged(pdf));
      expect(verdict.valid).toBe(false);
      expect(verdict.output).toContain('Signature Validation: Digest Mismatch.');
    });

    it('a case submitted, a document added and a status change; a conversation resolved: each a valid receipt in English by default', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      const scan = await makePdf('Dowód rejestracyjny');
      await addPdf(ctx.app, citizen, created.id, scan, 'dowód-rejestracyjny.pdf');
      await setStatus(ctx.app, clerk, created.id, 'REJECTED');
      const caseReceipts = await receiptsOf(ctx.app, citizen, 'case', created.id);
      expect(caseReceipts.map((r) => [r.kind, r.reference])).toEqual([
        ['case-submitted', `C-${created.id}`],
        ['document-added', `C-${created.id} / dowód-rejestracyjny.pdf`],
        ['case-status-changed', `C-${created.id}`],
      ]);
      const texts: string[] = [];
      for (const receipt of caseReceipts) {
        const pdf = await downloadReceipt(ctx.app, citizen, receipt.id);
        expect(pdfsigVerdict(pdf), receipt.kind).toMatchObject({ valid: true, wholeFile: true });
        texts.push(pdfText(pdf));
      }
      const [submitted, document, decision] = texts as [string, string, string];
      expect(submitted).toContain('Receipt: case submitted');
      expect(submitted).toContain(`Reference C-${created.id}`);
      expect(submitted).toContain('Applicant Żaneta Łęcka-Ślązak');
      expect(submitted).toContain('Case type Vehicle registration');
      expect(submitted).toContain('Number plate KR 12345');
      expect(document).toContain('File name dowód-rejestracyjny.pdf');
      expect(document).toContain(`Size ${scan.length} bytes`);
      expect(document.replace(/ /g, '')).toContain(sha256(scan));
      expect(decision).toContain('Decision Rejected');
      expect(decision).toContain('Previous status Pending');
      expect(decision).toContain('Clerk Jan Urzędnik');

      const letter = await call(ctx.app, citizen, 'POST', '/api/letters', letterBody(citizen));
      const conversationId = (letter.json() as { id: number }).id;
      expect((await call(ctx.app, clerk, 'PUT', `/api/conversations/${conversationId}/take`)).statusCode).toBe(200);
      const resolved = await call(ctx.app, clerk, 'PUT', `/api/conversations/${conversationId}/status`, { status: 'RESOLVED' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const [, resolution] = await receiptsOf(ctx.app, citizen, 'conversation', conversationId);
      expect(resolution?.kind).toBe('conversation-resolved');
      const pdf = await downloadReceipt(ctx.app, citizen, resolution?.id ?? 0);
      expect(pdfsigVerdict(pdf)).toMatchObject({ valid: true, wholeFile: true });
      expect(pdfText(pdf)).toContain('Decision Resolved');
      expect(pdfText(pdf)).toContain('Clerk Jan Urzędnik');
    });

    it('writes the receipt\u2019s SHA-256 to the audit trail, with the event', async () => {
      const { receipt, pdf } = await polishLetter();
      const row = await ctx.app.db
        .selectFrom('audit_log')
        .select(['actor_id', 'after_json'])
        .where('action', '=', 'receipt.issue')
        .where('entity_id', '=', String(receipt.id))
        .executeTakeFirstOrThrow();
      expect(Number(row.actor_id)).toBe(citizen.user.id);
      expect(JSON.parse(row.after_json ?? '{}')).toMatchObject({ kind: 'letter-sent', sha256: sha256(pdf) });
    });
  });

  describe('downloads', () => {
    it('lets the person concerned and staff download a receipt, nobody else', async () => {
      const { conversation, receipt } = await polishLetter();
      expect((await call(ctx.app, clerk, 'GET', `/api/receipts/${receipt.id}`)).statusCode).toBe(200);
      expect((await call(ctx.app, otherCitizen, 'GET', `/api/receipts/${receipt.id}`)).statusCode).toBe(403);
      expect((await call(ctx.app, null, 'GET', `/api/receipts/${receipt.id}`)).statusCode).toBe(401);
      expect((await call(ctx.app, otherCitizen, 'GET', `/api/receipts/conversation/${conversation.id}`)).statusCode).toBe(403);
    });
  });

  describe('POST /api/receipts/verify', () => {
    it('accepts a genuine receipt and names only the reference and date it proves', async () => {
      const { conversation, pdf, receipt } = await polishLetter();
      const result = await verifyReceipt(ctx.app, pdf);
      expect(result).toEqual({
        genuine: true,
        signature: 'office',
        unchanged: true,
        inRecords: true,
        proves: { kind: 'letter-sent', reference: `L-${conversation.letterId}`, issuedAt: receipt.issuedAt },
        message: receiptApiMessages.genuine,
      });
      expect(JSON.stringify(result)).not.toContain('Łęcka');
    });

    it('refuses a changed receipt', async () => {
      const { pdf } = await polishLetter();
      const result = await verifyReceipt(ctx.app, withOneByteChanged(pdf));
      expect(result).toMatchObject({ genuine: false, unchanged: false, inRecords: false, proves: null, message: receiptApiMessages.changed });
    });

    it('refuses a receipt signed by another key, and a genuine one the records do not hold', async () => {
      keysDir = mkdtempSync(join(tmpdir(), 'other-office-'));
      const event = { kind: 'letter-sent', conversationId: 1, letterId: 1, ownerId: citizen.user.id, at: new Date().toISOString(), department: 'City Administration', subject: 'x', content: 'y' } as const;
      const layout = layoutOf(event, { owner: 'Żaneta Łęcka-Ślązak', clerk: null }, 'pl', 'Urząd Miasta Testowo', sha256('y'), 'serial-1');
      const forged = await renderSignedReceipt(layout, loadSigningKey({ officeName: 'Urząd Miasta Testowo', signingP12: null, keysDir }));
      expect(pdfsigVerdict(forged).valid).toBe(true); // a valid signature, just not the office's
      expect(await verifyReceipt(ctx.app, forged)).toMatchObject({ genuine: false, signature: 'other', inRecords: false, message: receiptApiMessages.otherSigner });

      const unrecorded = await renderSignedReceipt(layout, loadSigningKey(ctx.config.receipts));
      expect(await verifyReceipt(ctx.app, unrecorded)).toMatchObject({
        genuine: false,
        signature: 'office',
        unchanged: true,
        inRecords: false,
        proves: null,
        message: receiptApiMessages.unknown,
      });
    });

    it('says an unsigned PDF is no receipt', async () => {
      expect(await verifyReceipt(ctx.app, await makePdf())).toMatchObject({ genuine: false, signature: 'missing', message: receiptApiMessages.notSigned });
    });

    it('answers a bad upload with a 4xx and a message: not a PDF, empty, oversize, no file, not multipart', async () => {
      expect(expectApiError(await verifyUpload(ctx.app, PNG_BYTES, { filename: 'receipt.pdf' }), 400).message).toBe(receiptApiMessages.notPdf);
      expect(expectApiError(await verifyUpload(ctx.app, Buffer.alloc(0)), 400).message).toBe(receiptApiMessages.empty);
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024)]);
      expect(expectApiError(await verifyUpload(ctx.app, big), 413).message).toBe(receiptApiMessages.tooLarge);
      expect(expectApiError(await verifyUpload(ctx.app, await makePdf(), { field: 'other' }), 400).message).toBe(receiptApiMessages.fileRequired);
      const json = await ctx.app.inject({ method: 'POST', url: '/api/receipts/verify', payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
    });
  });
});

