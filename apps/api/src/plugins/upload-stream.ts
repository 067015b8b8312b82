import { transportMessages } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './api-error.js';
import { clientWentAway } from './errors.js';

/**
 * What reading a multipart body failed with, as the answer: the API's own refusals and
 * @fastify/multipart's limit errors keep their 4xx; anything else the parser throws (busboy's
 * plain `Error('Unexpected end of multipart data')`, a malformed part header) means the upload is
 * cut off or broken, which is the client's 400, not the server's 500. A client that hung up (or
 * whose body deadline passed) is left to the error handler, which knows those cases.
 */
export function asUploadError(error: unknown, field: string, request: FastifyRequest): unknown {
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  if (typeof status === 'number' && status < 500) return error;
  if (clientWentAway(request)) return error;
  return badRequest(transportMessages.malformedUpload, { [field]: transportMessages.malformedUpload });
}

/**
 * The file part's bytes as they arrive, with a read failure turned into asUploadError's answer.
 * Only reading is wrapped: what the consumer does with the bytes (a database write) fails as it is.
 */
export async function* uploadedBytes(source: AsyncIterable<Buffer>, field: string, request: FastifyRequest): AsyncGenerator<Buffer, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await iterator.next();
      } catch (error) {
        done = true;
        throw asUploadError(error, field, request);
      }
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // The consumer stopped early (a refusal): the stream is closed as a for-await over it would.
    if (!done) await iterator.return?.();
  }
}
