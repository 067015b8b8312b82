import multipart from '@fastify/multipart';
import {
  idParams,
  PDF_CONTENT_TYPE,
  RECEIPT_VERIFY_MAX_BYTES,
  receiptApiMessages as m,
  receiptIdParams,
  receiptListResponse,
  receiptVerifyResponse,
} from '@portal/contract';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest } from '../../plugins/api-error.js';
import { asUploadError, uploadedBytes } from '../../plugins/upload-stream.js';
import { errorResponses } from '../http-schemas.js';
import type { ReceiptsService } from './service.js';

export interface ReceiptsRoutesOptions {
  receipts: ReceiptsService;
}

export const RECEIPT_FILE_FIELD = 'file';
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const pdfBytes = z.string().meta({ format: 'binary', description: 'The signed receipt PDF exactly as issued' });

/** Bytes bypass the response schema (it describes them for OpenAPI only). */
const sendBytes = (reply: FastifyReply, bytes: Buffer) => reply.send(bytes);

const tooLarge = () => new ApiError(413, m.tooLarge, { [RECEIPT_FILE_FIELD]: m.tooLarge });
const invalidFile = (message: string) => badRequest(message, { [RECEIPT_FILE_FIELD]: message });

/** The uploaded receipt, whole (at most RECEIPT_VERIFY_MAX_BYTES), or a 4xx saying what is wrong with it. */
async function uploadedPdf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(415, m.fileRequired);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > RECEIPT_VERIFY_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  const part = await request.file().catch((error: unknown) => {
    throw asUploadError(error, RECEIPT_FILE_FIELD, request);
  });
  if (!part || part.fieldname !== RECEIPT_FILE_FIELD) throw invalidFile(m.fileRequired);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of uploadedBytes(part.file, RECEIPT_FILE_FIELD, request)) {
    size += chunk.length;
    if (size > RECEIPT_VERIFY_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const pdf = Buffer.concat(chunks);
  if (pdf.length === 0) throw invalidFile(m.empty);
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw invalidFile(m.notPdf);
  return pdf;
}

/** Receipts: the lists per conversation and case, the signed PDF, and the public check. */
export const receiptsRoutes: FastifyPluginAsyncZod<ReceiptsRoutesOptions> = async (app, { receipts }) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: RECEIPT_VERIFY_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 20 },
  });

  app.get(
    '/api/receipts/conversation/:id',
    {
      schema: {
        tags: ['receipts'],
        summary: 'The receipts of a conversation (the letter sent, its resolution), oldest first; a citizen gets 403 for another\'s and for an unknown id alike, staff 404 for an unknown id',
        params: idParams,
        response: { 200: receiptListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.list('conversation', request.params.id),
  );

  app.get(
    '/api/receipts/case/:id',
    {
      schema: {
        tags: ['receipts'],
        summary: 'The receipts of a case (submitted, each document, each status change), oldest first; a citizen gets 403 for another\'s and for an unknown id alike, staff 404 for an unknown id',
        params: idParams,
        response: { 200: receiptListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => receipts.list('case', request.params.id),
  );

  app.get(
    '/api/receipts/:id',
    {
      schema: {
        tags: ['receipts'],
        summary: 'A receipt: the PDF sealed by the office, exactly as issued',
        params: receiptIdParams,
        produces: [PDF_CONTENT_TYPE],
        response: { 200: pdfBytes, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await receipts.pdf(request.params.id);
      reply
        .type(PDF_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }))
        .header('cache-control', 'private, no-store');
      return sendBytes(reply, bytes);
    },
  );

  app.post(
    '/api/receipts/verify',
    {
      schema: {
        tags: ['receipts'],
        summary: `Check a receipt PDF (multipart, a "${RECEIPT_FILE_FIELD}" part of at most 1 MB): the office's signature, unchanged, in the records`,
        consumes: ['multipart/form-data'],
        multipartParts: { [RECEIPT_FILE_FIELD]: { description: 'The receipt PDF as the portal issued it' } },
        response: { 200: receiptVerifyResponse, ...errorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      try {
        return await receipts.verify(await uploadedPdf(request));
      } catch (error) {
        // The answer is decided: the rest of a refused upload is not read.
        if (!request.raw.complete) {
          request.raw.unpipe();
          request.raw.pause();
          reply.header('connection', 'close');
        }
        throw error;
      }
    },
  );
};
