import type { FastifyInstance } from 'fastify';

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
