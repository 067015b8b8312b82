import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  addDocumentResponse,
  caseApiMessages as m,
  DOCUMENT_FILE_FIELD,
  documentContentResponse,
  documentParams,
  documentsForCaseRequest,
  documentUuidListResponse,
  idParams,
  PDF_CONTENT_TYPE,
} from '@portal/contract';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest } from '../../../plugins/api-error.js';
import { callerOf } from '../../../plugins/auth/index.js';
import { asUploadError, uploadedBytes } from '../../../plugins/upload-stream.js';
import { errorResponses } from '../../http-schemas.js';
import type { DocumentsService } from './service.js';
import { fileTooLarge } from './pdf-intake.js';
import { requestLanguageOf } from '../../../plugins/request-language.js';

export interface DocumentsRoutesOptions {
  documents: DocumentsService;
}

/** Room for the multipart framing around the file (boundaries, part headers, a long file name). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The raw bytes of a document, for OpenAPI (the route streams them). */
const pdfBytes = z.string().meta({ format: 'binary', description: 'The PDF exactly as uploaded' });

/**
 * An ASCII stand-in for browsers that ignore `filename*`: Polish letters lose their marks
 * ('Dowód' -> 'Dowod'), anything else outside printable ASCII becomes '_'.
 */
export function asciiFileName(name: string): string {
  return name
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266) for any stored name. */
export const attachmentHeader = (name: string): string => contentDisposition(name, { type: 'attachment', fallback: asciiFileName(name) });

/** Streams bypass the response schema (Fastify serialises objects only), so they go out untyped. */
const sendStream = (reply: FastifyReply, stream: Readable) => reply.send(stream);

/**
 * Stops taking in a request whose answer is already decided (a refused upload): the rest of its
 * body is not read, and the connection closes after the answer instead of being drained.
 */
function stopReading(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  request.raw.unpipe();
  request.raw.pause();
  reply.header('connection', 'close');
}

/**
 * Documents of cases (spec section 7): the multipart upload, the UUID list, the base64 JSON the
 * spec names, and the raw download. Roles and ownership live in src/access-policy.ts.
 */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, { documents }) => {
  const maxBytes = documents.maxBytes;
  // Only this scope parses multipart: every other route still answers 415 to it.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // One byte over the limit lets the intake notice the overflow itself and stop reading there.
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
  });

  app.post(
    '/api/case-resolution/:id/add-document',
    {
      schema: {
        tags: ['documents'],
        summary: `Add one PDF to a case: multipart with a "${DOCUMENT_FILE_FIELD}" part; judged by its %PDF- signature; 413 past the size limit`,
        consumes: ['multipart/form-data'],
        multipartParts: { [DOCUMENT_FILE_FIELD]: { description: 'The PDF (starts with %PDF-), at most the size limit' } },
        params: idParams,
        response: { 201: addDocumentResponse, ...errorResponses(400, 401, 403, 404, 408, 409, 413, 415, 429) },
      },
      config: { bodyDeadline: 'upload' },
    },
    async (request, reply) => {
      try {
        if (!request.isMultipart()) throw new ApiError(415, m.notMultipart);
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(maxBytes);
        const part = await request.file().catch((error: unknown) => {
          throw asUploadError(error, DOCUMENT_FILE_FIELD, request);
        });
        if (!part || part.fieldname !== DOCUMENT_FILE_FIELD) throw badRequest(m.fileMissing, { [DOCUMENT_FILE_FIELD]: m.fileMissing });
        const stream = uploadedBytes(part.file, DOCUMENT_FILE_FIELD, request);
        const stored = await documents.upload(callerOf(request), request.params.id, { filename: part.filename, stream }, requestLanguageOf(request));
        return await reply.code(201).send(stored);
      } catch (error) {
        stopReading(request, reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/documents/case',
    {
      schema: {
        tags: ['documents'],
        summary: 'The document UUIDs of a case (the body is the case object; only its id is read)',
        body: documentsForCaseRequest,
        response: { 200: documentUuidListResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => documents.listUuids(request.body.id),
  );

  app.get(
    '/api/documents/:uuid',
    {
      schema: {
        tags: ['documents'],
        summary: 'A document as a base64 data URL with its name (streamed, never held whole)',
        params: documentParams,
        response: { 200: documentContentResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const document = await documents.open(request.params.uuid);
      reply.type('application/json; charset=utf-8').header('cache-control', 'private, no-store');
      return sendStream(reply, Readable.from(documents.contentJson(document)));
    },
  );

  app.get(
    '/api/documents/:uuid/download',
    {
      schema: {
        tags: ['documents'],
        summary: 'The PDF exactly as uploaded, streamed, with its name in Content-Disposition (RFC 6266)',
        params: documentParams,
        produces: [PDF_CONTENT_TYPE],
        response: { 200: pdfBytes, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const document = await documents.open(request.params.uuid);
      reply
        .type(PDF_CONTENT_TYPE)
        .header('content-length', document.size)
        .header('content-disposition', attachmentHeader(document.documentName))
        .header('cache-control', 'private, no-store');
      if (document.sha256) reply.header('etag', `"${document.sha256}"`);
      return sendStream(reply, Readable.from(documents.chunksOf(document)));
    },
  );
};
