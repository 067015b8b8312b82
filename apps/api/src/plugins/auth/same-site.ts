import type { FastifyRequest } from 'fastify';

/** The origin of the page that sent the request: Origin, else the Referer's origin, else none. */
function senderOrigin(request: FastifyRequest): string | undefined | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : null;
}

/**
 * True when the request came from one of our own pages (same host as the request, as the
 * WebSocket handshake check reads it) or a listed origin, or names no page at all (a client
 * outside a browser). `Origin: null` (sandboxed frames, file: pages) is foreign.
 */
export function isSameSite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = senderOrigin(request);
  if (origin === undefined) return true;
  if (origin === null || origin === 'null') return false;
  if (allowedOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  const page = new URL(origin);
  // The request's Host, read with the page's scheme so an explicit default port (`:443`) matches.
  const base = `${page.protocol}//${request.host}`;
  return URL.canParse(base) && new URL(base).host === page.host;
}
