import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { loadSigningKey } from '../src/modules/receipts/signing-key.js';
import { oneRowReceipt, pdfText } from './helpers/receipts.js';

/*
 * The receipts' fonts are parsed once per process and shared by every document. A receipt whose
 * only "Z" is inside "Ż" once left the glyph "Z" without text in every later receipt ("Zebra" read
 * "ebra"). Whether that shows depends on what the process drew first, so this test loads the
 * receipt module afresh (its own parsed fonts, whatever other test files in this worker drew) and
 * draws the "Ż" receipt first. receipt-text-layer.test.ts walks the same through the API.
 */
const keysDir = mkdtempSync(join(tmpdir(), 'receipt-fonts-test-'));
afterAll(() => rmSync(keysDir, { recursive: true, force: true }));

const layout = (subject: string) => oneRowReceipt(subject, 'en', 'Urząd Miasta Testowo');

it('keeps each receipt\u2019s text its own when an earlier one of the process had "Ż" and no "Z"', async () => {
  vi.resetModules();
  const { renderSignedReceipt } = await import('../src/modules/receipts/pdf.js');
  const key = loadSigningKey({ officeName: 'Urząd Miasta Testowo', signingP12: null, keysDir });
  const first = pdfText(await renderSignedReceipt(layout('Źle oznakowane przejście, Żółw'), key));
  expect(first).toContain('Źle oznakowane przejście, Żółw');
  for (const subject of ['Zebra crossing on Zielona', 'Streetlight out, QUIZ']) {
    expect(pdfText(await renderSignedReceipt(layout(subject), key))).toContain(subject);
  }
});
