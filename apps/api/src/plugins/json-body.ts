import { transportMessages } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

/**
 * JSON is the only body the API parses (and, per route, multipart). Spec section 7's client sends
 * `Content-Type: application/json` on every call, also on calls without a body, so an empty body
 * with that type is "no body" (undefined), never a JSON syntax error: a body-less route then works,
 * and a route that needs a body answers with its field errors. Anything else is parsed as Fastify
 * does by default (prototype-poisoning keys refused).
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * JSON is UTF-8 (RFC 8259 section 8.1), and the parsers read every body as UTF-8: a body declared
 * in another charset (`application/json; charset=utf-16`) would be read as different text than
 * its sender meant, so it is refused (415) before it is parsed, on every route.
 */
export function refuseJsonNotInUtf8(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const type = request.headers['content-type'];
    if (type === undefined || !/^\s*application\/json\s*(;|$)/i.test(type)) return payload;
    const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      throw new ApiError(415, transportMessages.jsonNotUtf8, undefined, 'UnsupportedMediaType');
    }
    return payload;
  });
}
