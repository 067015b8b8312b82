import type { FastifyRequest } from 'fastify';

/*
 * Tokens must never reach the log, in whatever form a client spelled them: `?token=`,
 * `?%74oken=` (the query parser decodes the key, so it authenticates), a matrix parameter
 * `/api/ws;token=`, a WebSocket upgrade to any route (the websocket plugin logs its `path`), or
 * a JWT anywhere else in a line. Two layers, both in the logger itself:
 * - serializers: the request URL (and `path`) is percent-decoded, every parameter whose decoded
 *   name is `token` is blanked, the path segment of a route's `:token` parameter (a signed link)
 *   too, and every JWT-shaped text in it is replaced;
 * - the stream hook: every finished log line is scanned for JWT-shaped text once more.
 * Scanning is linear in the length of the text (a long URL must not cost quadratic time).
 */

export const REDACTED = '[redacted]';

/** Runs of characters a JWT (possibly percent-encoded) is made of; the class is flat, so linear. */
const CANDIDATE_RUN = /[A-Za-z0-9_\-.%]+/g;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** Decodes %XX escapes (UTF-8), leaving malformed ones as they are; repeated for double encoding. */
export function percentDecode(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes('%'); round += 1) {
    const next = current.replace(PERCENT_RUN, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A base64url segment that decodes to a JSON object's start: a JWT's header and payload both do. */
function isJsonSegment(segment: string): boolean {
  if (segment.length < 4 || !BASE64URL.test(segment)) return false;
  return Buffer.from(segment.slice(0, 8), 'base64url').toString('latin1').trimStart().startsWith('{');
}

/** header.payload.signature (or more parts, as in a JWE) somewhere in the run. */
function containsJwt(run: string): boolean {
  const parts = (run.includes('%') ? percentDecode(run) : run).split('.');
  for (let i = 0; i + 2 < parts.length; i += 1) {
    if (isJsonSegment(parts[i] ?? '') && isJsonSegment(parts[i + 1] ?? '') && /^[A-Za-z0-9_-]*$/.test(parts[i + 2] ?? '')) {
      return true;
    }
  }
  return false;
}

/** `text` with every JWT-shaped run replaced. */
export function redactJwts(text: string): string {
  if (!text.includes('.') && !/%2e/i.test(text)) return text;
  return text.replace(CANDIDATE_RUN, (run) => (containsJwt(run) ? REDACTED : run));
}

const isTokenName = (name: string) => percentDecode(name.replace(/\+/g, ' ')).trim().toLowerCase() === 'token';

/** One `name=value` list (query or matrix parameters) with every token value blanked. */
function redactParameters(list: string, separator: RegExp): string {
  return list
    .split(separator)
    .map((part) => {
      if (/^[&;/]$/.test(part)) return part;
      const equals = part.indexOf('=');
      return equals !== -1 && isTokenName(part.slice(0, equals)) ? `${part.slice(0, equals)}=${REDACTED}` : part;
    })
    .join('');
}

/**
 * The request address as logs keep it: percent-decoded (what the router and the query parser
 * read), with the value of every `token` parameter, query or matrix, and every JWT replaced.
 */
export function redactUrl(url: string): string {
  const decoded = percentDecode(url);
  const queryAt = decoded.indexOf('?');
  const path = queryAt === -1 ? decoded : decoded.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : decoded.slice(queryAt + 1);
  const safePath = redactParameters(path, /([;/])/);
  const safeQuery = query === undefined ? '' : `?${redactParameters(query, /([&;])/)}`;
  return redactJwts(safePath + safeQuery);
}

/** A route parameter that is a secret when it stands in a path (a signed link's token). */
const isSecretParameter = (name: string) => /^:token$/i.test(name);

/**
 * `url` with each path segment blanked where the matched route's pattern has a secret parameter
 * (`/api/ratings/:token`, `/api/notifications/unsubscribe/:token`): a signed link's token sits in
 * the path, where no `token=` and no JWT shape gives it away. Any route named so later is covered.
 */
export function redactRouteSecrets(url: string, routePattern: string | undefined): string {
  if (routePattern === undefined || !routePattern.includes(':')) return url;
  const secretAt = routePattern.split('/').flatMap((segment, index) => (isSecretParameter(segment) ? [index] : []));
  if (secretAt.length === 0) return url;
  const queryAt = url.search(/[?;]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (const index of secretAt) if (index < segments.length) segments[index] = REDACTED;
  return segments.join('/') + (queryAt === -1 ? '' : url.slice(queryAt));
}

/** The logger's `req`, `path` and `url` serializers and its last look at every line. */
export const redactingLoggerOptions = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(redactRouteSecrets(request.url, request.routeOptions?.url)),
      host: request.host,
      remoteAddress: request.ip,
    }),
    // @fastify/websocket logs `{ path: rawRequest.url }` for an upgrade to a route without a socket.
    path: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
    url: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
  },
  hooks: { streamWrite: redactJwts },
};
