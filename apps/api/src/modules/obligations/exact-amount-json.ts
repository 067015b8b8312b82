import type { FastifyInstance } from 'fastify';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';

/**
 * The spec's client sends `amount` as a JSON number. JSON.parse would turn it into a float first
 * ("0.10000000000000000001" becomes 0.1, "1e309" Infinity) and the exact text would be lost. In
 * the routes this is registered on, a numeric `amount` at the top of the body is replaced by the
 * number's own text before validation, so the contract reads the amount exactly as it was sent.
 * Everything else (syntax errors, __proto__ poisoning, size limits) is Fastify's JSON parser.
 */
export function parseAmountFromJsonText(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      done(null, withAmountText(body as string, value));
    });
  });
}

function withAmountText(text: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  if (typeof body.amount !== 'number') return value;
  try {
    const exact = parseLossless(text) as Record<string, unknown>;
    if (isLosslessNumber(exact.amount)) body.amount = exact.amount.value;
  } catch {
    // lossless-json refuses duplicate keys that JSON.parse accepts: keep the parsed number then.
  }
  return value;
}
