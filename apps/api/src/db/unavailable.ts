/** Socket errors of a database connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs of a server that is going or not there yet: admin/crash shutdown, cannot connect now. */
const SERVER_GOING = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres throws, without a code, when the connection dies or the pool cannot get one. */
const CLIENT_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^Client has encountered a connection error/];

/**
 * The database is down or restarting (not a fault of the request or of our code): the request is
 * answered 503 and the caller may try again, as /readyz tells the proxy.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GOING.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}
