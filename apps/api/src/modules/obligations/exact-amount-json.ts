import type { FastifyInstance } from 'fastify';
import { parse as parseLossless } from 'lossless-json';

/** A JSON number as it was written, until the body's shape says what it is for. */
class NumberText {
  constructor(readonly text: string) {}
}

/** What Fastify's own JSON parser refuses (prototype poisoning), refused here the same way. */
function forbiddenKey(): SyntaxError {
  return Object.assign(new SyntaxError('Object contains forbidden prototype property'), { statusCode: 400 });
}

/**
 * Numbers become JavaScript numbers (as JSON.parse makes them), except a numeric `amount` at the
 * top of the body, which keeps its text. One walk over a body that is a few hundred bytes.
 */
function settle(value: unknown, isTop: boolean): unknown {
  if (value instanceof NumberText) return Number(value.text);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = settle(value[i], false);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (key === '__proto__') throw forbiddenKey();
    const item = object[key];
    if (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype')) throw forbiddenKey();
    object[key] = isTop && key === 'amount' && item instanceof NumberText ? item.text : settle(item, false);
  }
  return object;
}

/**
 * A body in which some number may carry more digits than a double keeps: a run of 16 or more
 * digits and dots (a number with up to 15 significant digits survives the trip through a double
 * and back, IEEE 754's DBL_DIG), or an exponent. Strings are scanned too, which only sends a
 * body to the exact (slower) path without need.
 */
const MAY_LOSE_DIGITS = /[\d.]{16}|\d[eE]/;

/** After JSON.parse of a body that passed MAY_LOSE_DIGITS: the double's shortest text IS the amount's value. */
function amountAsText(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  if (typeof body.amount === 'number') body.amount = String(body.amount);
  return value;
}

/**
 * The spec's client sends `amount` as a JSON number. JSON.parse would turn it into a float first
 * ("0.10000000000000000001" becomes 0.1, "1e309" Infinity) and the exact text would be lost. In
 * the routes this is registered on, a numeric `amount` at the top of the body reaches the contract
 * as text, so it reads the amount exactly as it was sent. Every body is parsed ONCE:
 * - almost every body holds no number a double could round (MAY_LOSE_DIGITS): Fastify's JSON
 *   parser, and the amount is the double's shortest text, which has the value that was written;
 * - any other body: lossless-json, which hands every number over as its text (3-5x the CPU of
 *   JSON.parse, so not for every body). JSON.parse's reviver `context.source` would do this
 *   natively, but Node 20 does not have it.
 * Duplicate keys keep the last value and `__proto__` is refused on both paths, as Fastify's
 * parser does; an empty body is no body, as everywhere in the API (plugins/json-body.ts).
 */
export function parseAmountFromJsonText(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    if (raw === '') {
      done(null, undefined);
      return;
    }
    if (!MAY_LOSE_DIGITS.test(raw)) {
      parseJson(request, raw, (error, value) => (error ? done(error, undefined) : done(null, amountAsText(value))));
      return;
    }
    // A leading byte order mark is skipped, as Fastify's JSON parser does.
    const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    let parsed: unknown;
    try {
      parsed = settle(
        parseLossless(text, null, {
          parseNumber: (numberText) => new NumberText(numberText),
          onDuplicateKey: ({ newValue }) => newValue,
        }),
        true,
      );
    } catch (error) {
      done(Object.assign(error instanceof Error ? error : new SyntaxError(String(error)), { statusCode: 400 }), undefined);
      return;
    }
    done(null, parsed);
  });
}
