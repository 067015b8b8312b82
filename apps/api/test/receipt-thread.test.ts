import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transportMessages } from '@portal/contract';
import { afterAll, expect, it } from 'vitest';
import { renderSignedReceipt } from '../src/modules/receipts/pdf.js';
import { renderOnThread } from '../src/modules/receipts/render-pool.js';
import { loadSigningKey } from '../src/modules/receipts/signing-key.js';
import { toErrorAnswer } from '../src/plugins/errors.js';
import { oneRowReceipt, pdfsigVerdict, pdfText } from './helpers/receipts.js';

/*
 * Receipts are laid out and signed on a thread beside the API's (render-pool.ts), so the other
 * requests of the process do not wait for one. The key crosses to that thread as a KeyObject and
 * the certificate's DER; the office's name has Polish letters, which the certificate must keep for
 * verifiers to find the signer.
 */
const keysDir = mkdtempSync(join(tmpdir(), 'receipt-thread-test-'));
afterAll(() => rmSync(keysDir, { recursive: true, force: true }));
const key = loadSigningKey({ officeName: 'Urząd Miasta Łódź', signingP12: null, keysDir });

const layout = (subject: string) => oneRowReceipt(subject, 'pl', 'Urząd Miasta Łódź');

it('makes on its thread the same signed bytes the process itself makes', async () => {
  const onThread = await renderOnThread(layout('Źle oznakowane przejście'), key);
  expect(onThread.equals(await renderSignedReceipt(layout('Źle oznakowane przejście'), key))).toBe(true);
  expect(pdfsigVerdict(onThread)).toMatchObject({ valid: true, wholeFile: true });
  expect(pdfText(onThread)).toContain('Źle oznakowane przejście');
});

it('keeps receipts asked for at once apart, each with its own text', async () => {
  const subjects = ['Zebra na Zielonej', 'Żółw na Żelaznej', 'Latarnia na Oślej', 'Dziura na Ścieżce'];
  const pdfs = await Promise.all(subjects.map((subject) => renderOnThread(layout(subject), key)));
  pdfs.forEach((pdf, i) => expect(pdfText(pdf)).toContain(subjects[i]));
});

it('fails only the receipt that cannot be made, and makes the next one', async () => {
  const unreadable = { ...key, certificateDer: Buffer.from('not a certificate') };
  await expect(renderOnThread(layout('Zły certyfikat'), unreadable)).rejects.toThrow(/receipt not rendered/);
  expect(pdfText(await renderOnThread(layout('Po błędzie'), key))).toContain('Po błędzie');
});

it('fails a receipt that outlasts its deadline, ends the stuck thread and makes the next receipt on a new one', async () => {
  // 1 ms is far below any receipt's time: this one stands for a layout that never finishes.
  const late = await renderOnThread(layout('Zbyt długo'), key, 1).then(() => null, (error: unknown) => error);
  expect(late).toMatchObject({ reason: expect.stringMatching(/within 1 ms/) });
  // The request that waited for it is answered 503 "try again" (a busy machine), not 500; the reason stays in the log.
  expect(toErrorAnswer(late)).toEqual({ status: 503, body: { error: 'ServiceUnavailable', message: transportMessages.serviceUnavailable } });
  const next = await renderOnThread(layout('Nowy wątek'), key);
  expect(pdfText(next)).toContain('Nowy wątek');
  expect(pdfsigVerdict(next)).toMatchObject({ valid: true, wholeFile: true });
});
