import type { ReceiptVerifyResponse } from '@portal/contract';
import { beforeAll, expect, it } from 'vitest';
import { TEST_RECEIPT_KEYS_DIR, useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { letterBody } from './helpers/letters.js';
import { downloadReceipt, pdfsigVerdict, receiptsOf, verifyReceipt } from './helpers/receipts.js';

// Issue 34 point 12: the README named pdfsig as a way to check a receipt, but pdfsig calls a
// receipt changed by an incremental update "Signature is Valid"; only /verify says it changed.

/**
 * The receipt with an incremental update appended, as any PDF editor saves one: a new Info
 * dictionary, a cross-reference section for it and a trailer pointing back at the signed file's.
 */
function withIncrementalUpdate(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const root = [...text.matchAll(/\/Root (\d+) 0 R/g)].at(-1)?.[1];
  const size = Number([...text.matchAll(/\/Size (\d+)/g)].at(-1)?.[1]);
  if (!Number.isSafeInteger(prev) || !root || !Number.isSafeInteger(size)) throw new Error('not a PDF this test can update');
  const object = `\n${size} 0 obj\n<< /Producer (changed afterwards) >>\nendobj\n`;
  const xrefAt = pdf.length + Buffer.byteLength(object, 'latin1');
  const objectAt = pdf.length + 1;
  const update =
    `${object}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} 0 R /Info ${size} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

describeEachEngine('a receipt changed by an incremental update', (engine) => {
  const ctx = useTestApp(engine, { receipts: { officeName: 'Urząd Miasta Testowo', signingP12: null, keysDir: TEST_RECEIPT_KEYS_DIR } });
  let citizen: CreatedUser;
  beforeAll(async () => {
    citizen = await createCitizen(ctx.app);
  });

  it('passes pdfsig\u2019s signature check (only the whole-file line is missing), while /verify says it changed', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/letters', headers: citizen.headers, payload: letterBody(citizen) });
    expect(response.statusCode, response.body).toBe(201);
    const [receipt] = await receiptsOf(ctx.app, citizen, 'conversation', (response.json() as { id: number }).id);
    const pdf = await downloadReceipt(ctx.app, citizen, receipt!.id);
    const updated = withIncrementalUpdate(pdf);

    expect(pdfsigVerdict(pdf)).toMatchObject({ valid: true, wholeFile: true });
    expect(pdfsigVerdict(updated)).toMatchObject({ valid: true, wholeFile: false });
    expect(await verifyReceipt(ctx.app, updated)).toMatchObject<Partial<ReceiptVerifyResponse>>({ genuine: false, unchanged: false });
  });
});
