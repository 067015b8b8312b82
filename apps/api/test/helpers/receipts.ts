import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReceiptSummary, ReceiptVerifyResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ReceiptLayout } from '../../src/modules/receipts/pdf.js';
import { expect } from 'vitest';
import { multipartBody, multipartHeaders } from './cases.js';
import type { CreatedUser } from './factories.js';

const RECEIPT_WORDING = {
  en: { title: 'Receipt', intro: 'The office received your letter.', label: 'Subject', footer: 'Signed by the office.' },
  pl: { title: 'Potwierdzenie', intro: 'Urząd otrzymał Twoje pismo.', label: 'Temat', footer: 'Podpisane przez urząd.' },
} as const;

/** A receipt laid out directly (not through the API) whose one row is `subject`, for the renderer's own tests. */
export function oneRowReceipt(subject: string, language: 'en' | 'pl', officeName: string): ReceiptLayout {
  const { title, intro, label, footer } = RECEIPT_WORDING[language];
  return {
    language,
    officeName,
    title,
    intro,
    rows: [{ label, value: subject }],
    groups: [],
    footer,
    issuedAt: new Date('2026-11-24T10:00:00Z'),
    signatureReason: title,
  };
}

/** Runs a poppler tool (pdfsig, pdftotext) on `pdf`, written to a temp file; answers its output. */
export function poppler(tool: 'pdfsig' | 'pdftotext', pdf: Buffer, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
  try {
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    const result = spawnSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
    if (result.error) throw result.error;
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What pdfsig says of a file: the signature's validation line and whether it covers the whole file. */
export function pdfsigVerdict(pdf: Buffer): { valid: boolean; wholeFile: boolean; output: string } {
  const output = poppler('pdfsig', pdf);
  return { valid: output.includes('Signature Validation: Signature is Valid.'), wholeFile: output.includes('Total document signed'), output };
}

/** The text of a PDF as pdftotext reads it, with its line breaks turned into spaces. */
export const pdfText = (pdf: Buffer): string => poppler('pdftotext', pdf, ['-enc', 'UTF-8']).replace(/\s+/g, ' ');

export async function receiptsOf(app: FastifyInstance, who: CreatedUser, subject: 'conversation' | 'case', id: number): Promise<ReceiptSummary[]> {
  const response = await app.inject({ url: `/api/receipts/${subject}/${id}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReceiptSummary[];
}

export async function downloadReceipt(app: FastifyInstance, who: CreatedUser, id: number): Promise<Buffer> {
  const response = await app.inject({ url: `/api/receipts/${id}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

export function verifyUpload(app: FastifyInstance, pdf: Buffer, options?: Parameters<typeof multipartBody>[1]) {
  return app.inject({ method: 'POST', url: '/api/receipts/verify', headers: multipartHeaders(null), payload: multipartBody(pdf, options) });
}

export async function verifyReceipt(app: FastifyInstance, pdf: Buffer): Promise<ReceiptVerifyResponse> {
  const response = await verifyUpload(app, pdf);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReceiptVerifyResponse;
}

/** The same file with one byte of its text (outside the signature) changed. */
export function withOneByteChanged(pdf: Buffer): Buffer {
  const changed = Buffer.from(pdf);
  const at = pdf.indexOf('/Producer');
  changed[at + 2] = (changed[at + 2] ?? 0) ^ 0x01;
  return changed;
}
