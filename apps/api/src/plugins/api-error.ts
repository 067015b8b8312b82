import { httpMessages, transportMessages } from '@portal/contract';

/** Short machine-readable names for `error` in `{ error, message, fields? }`. */
export const ERROR_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  408: 'RequestTimeout',
  409: 'Conflict',
  411: 'LengthRequired',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  431: 'RequestHeaderFieldsTooLarge',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};

export const errorName = (status: number): string => ERROR_NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'BadRequest');

/**
 * Thrown by routes, services and plugins for every answer that is not a success. The error
 * handler turns it into `{ error, message, fields? }` with `statusCode`.
 */
export class ApiError extends Error {
  readonly error: string;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    error?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.error = error ?? errorName(statusCode);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, message, fields, fields ? 'ValidationError' : undefined);
export const unauthorized = (message: string = httpMessages.unauthenticated) => new ApiError(401, message);
export const forbidden = (message: string = httpMessages.forbidden) => new ApiError(403, message);
export const notFound = (message: string = httpMessages.notFound) => new ApiError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new ApiError(409, message, fields);
export const tooManyRequests = (message: string = httpMessages.tooManyRequests) => new ApiError(429, message);

/**
 * 503: the work could not be done in time now (a queue past its deadline on a loaded machine) and
 * nothing was written; the client may send it again (the error handler sends Retry-After).
 * `reason` is for the log only.
 */
export class UnavailableError extends ApiError {
  constructor(readonly reason: string) {
    super(503, transportMessages.serviceUnavailable);
  }
}

/** 429 that tells the client when to try again (the error handler sends Retry-After). */
export class RetryLaterError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    error = 'TooManyRequests',
  ) {
    super(429, message, undefined, error);
  }
}

/** 429 until `resetAtMs` (ms since the epoch), at least one second. */
export const retryLater = (message: string, resetAtMs: number, error?: string) =>
  new RetryLaterError(message, Math.max(1, Math.ceil((resetAtMs - Date.now()) / 1000)), error);
