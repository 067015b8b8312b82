import { type ApiErrorResponse, firstIssuePerField, httpMessages, transportMessages } from '@portal/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errorName, RetryLaterError } from './api-error.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { BodyTimeoutError, bodyTimedOut } from './body-deadlines.js';

interface ErrorAnswer {
  status: number;
  body: ApiErrorResponse;
}

function fieldsOf(validation: NonNullable<FastifyError['validation']>): Record<string, string> {
  return firstIssuePerField(
    validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? 'Invalid value',
    })),
  );
}

/** Every failure, from any layer, as one `{ error, message, fields? }` answer. 5xx details stay in the log. */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof ApiError) {
    const body: ApiErrorResponse = { error: error.error, message: error.message };
    if (error.fields && Object.keys(error.fields).length) body.fields = error.fields;
    return { status: error.statusCode, body };
  }
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    return {
      status: 400,
      body: { error: 'ValidationError', message: httpMessages.validation, fields: fieldsOf(fastifyError.validation) },
    };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { error: 'BadUrl', message: transportMessages.badUrl } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: { error: 'UriTooLong', message: transportMessages.urlTooLong } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { error: errorName(415), message: transportMessages.unsupportedMediaType } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { error: errorName(413), message: transportMessages.payloadTooLarge } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { error: 'InvalidJson', message: transportMessages.invalidJson } };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { error: errorName(503), message: transportMessages.serviceUnavailable } };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // The JSON parser reports syntax errors (and __proto__ keys) as a plain 400.
    const isJsonSyntax = error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return {
      status,
      body: {
        error: isJsonSyntax ? 'InvalidJson' : errorName(status),
        message: isJsonSyntax ? transportMessages.invalidJson : (fastifyError.message ?? errorName(status)),
      },
    };
  }
  return { status: 500, body: { error: errorName(500), message: httpMessages.internal } };
}

/**
 * The client hung up before the answer (a closed tab, a cancelled upload): its reader fails with
 * "Premature close" or ECONNRESET, which is nothing wrong with the server.
 */
export const clientWentAway = (request: FastifyRequest): boolean => request.raw.readableAborted || request.raw.socket?.destroyed === true;

export function sendError(request: FastifyRequest, reply: FastifyReply, caught: unknown) {
  // Whatever the body's reader failed with once its deadline passed (e.g. the multipart file's
  // "Premature close"), the cause is the deadline.
  const error = bodyTimedOut(request) ? new BodyTimeoutError() : caught;
  const { status, body } = toErrorAnswer(error);
  if (status >= 500 && clientWentAway(request)) {
    request.log.info({ err: caught }, 'client closed the connection before the answer');
  } else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ err: error, status }, 'request refused');
  if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  else if (status === 503) reply.header('retry-after', '5');
  // The rest of a late body is not waited for: the connection goes with the answer.
  if (error instanceof BodyTimeoutError) reply.header('connection', 'close');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  },
  { name: 'errors' },
);
