import { randomBytes } from 'node:crypto';
import type { CaseResolutionResponse, CaseStatus, DocumentSummary } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import type { CreatedUser } from './factories.js';

export function vehicleBody(overrides: Record<string, unknown> = {}) {
  return {
    vehicleNumberPlate: 'KR 12345',
    vehicleMake: 'Skoda',
    vehicleModel: 'Octavia',
    vehicleYear: 2019,
    registrationDate: '2024-05-02',
    vehicleColor: 'Blue',
    vehicleVin: 'TMBJJ7NE8K0123456',
    vehicleType: 'SEDAN',
    ...overrides,
  };
}

export function vehicleCaseBody(owner: CreatedUser | null, vehicle: Record<string, unknown> = {}) {
  return {
    caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION', comments: 'First registration in Kraków', ...(owner ? { userId: owner.user.id } : {}) },
    vehicleRegistrationDTO: vehicleBody(vehicle),
  };
}

/** A vehicle registration case opened by `owner` through the API. */
export async function createVehicleCase(app: FastifyInstance, owner: CreatedUser, vehicle: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/case-resolution/create/VehicleRegistration',
    headers: owner.headers,
    payload: vehicleCaseBody(owner, vehicle),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CaseResolutionResponse;
}

/** A small, valid one-page PDF saying `text` (pdf-lib). */
export async function makePdf(text = 'Vehicle registration certificate'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 20, font });
  return Buffer.from(await document.save());
}

/** A PDF of exactly `bytes` bytes: a real PDF, then filler after its end (as incremental updates append). */
export async function pdfOfSize(bytes: number): Promise<Buffer> {
  const pdf = await makePdf('Large scan');
  return Buffer.concat([pdf, Buffer.from('\n%'), randomBytes(Math.max(0, bytes - pdf.length - 2))]).subarray(0, bytes);
}

/** The first bytes of a real PNG file, whatever its name says. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);

export const BOUNDARY = '----portal-test-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body with one file part (by default named `file`). */
export function multipartBody(
  content: Buffer,
  { filename = 'scan.pdf', field = 'file', contentType = 'application/pdf' }: { filename?: string; field?: string; contentType?: string } = {},
): Buffer {
  const head =
    `--${BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

export const multipartHeaders = (who: CreatedUser | null) => ({
  ...(who ? who.headers : {}),
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
});

export function uploadDocument(
  app: FastifyInstance,
  who: CreatedUser | null,
  caseId: number,
  content: Buffer,
  options?: Parameters<typeof multipartBody>[1],
) {
  return app.inject({
    method: 'POST',
    url: `/api/case-resolution/${caseId}/add-document`,
    headers: multipartHeaders(who),
    payload: multipartBody(content, options),
  });
}

/** Uploads a PDF and expects it stored; answers its summary. */
export async function addPdf(app: FastifyInstance, who: CreatedUser, caseId: number, content?: Buffer, filename = 'scan.pdf') {
  const response = await uploadDocument(app, who, caseId, content ?? (await makePdf()), { filename });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DocumentSummary;
}

export async function setStatus(app: FastifyInstance, staff: CreatedUser, caseId: number, status: CaseStatus) {
  const response = await app.inject({ method: 'PUT', url: `/api/case-resolution/${caseId}/update-status/${status}`, headers: staff.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CaseResolutionResponse;
}

type CaseTable = 'case_resolutions' | 'vehicle_registrations' | 'case_status_history' | 'documents' | 'document_chunks';

/** Rows of a table, for "nothing was written" checks inside one suite's own database. */
export async function countRows(app: FastifyInstance, table: CaseTable): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
