import cors from '@fastify/cors';
import helmet from 'helmet';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  corsOrigins: readonly string[];
}

const HOST_SHAPE = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The page's own host for WebSocket connections. CSP Level 3 browsers accept same-origin ws(s)
 * under 'self'; naming the host explicitly keeps older engines working without allowing any host.
 */
function sameHostSockets(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST_SHAPE.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/** One year, as HSTS preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';
/** The built web app's files (plugins/web-app.ts) set their own caching. */
const STATIC_FILES_ROUTE = '/*';

/**
 * Security headers for a Vite-built React SPA served from this origin: scripts and styles come
 * from our own files (Vite emits no inline script); React sets inline style attributes, the case
 * screens embed PDFs from blob:/data: URLs, and the chat opens a WebSocket to this host. No page
 * of ours may be framed (clickjacking). Every API answer (tokens, personal data) is `no-store`.
 * HSTS only when the request came over TLS: directly, or through a trusted proxy
 * (TRUST_PROXY and X-Forwarded-Proto: https); on plain HTTP it would be meaningless.
 *
 * Registered before access control, so refusals (401, 403, 429) carry the headers too.
 */
export const securityHeadersPlugin = fp<SecurityOptions>(
  async (app, options) => {
    // helmet's middleware is built once here; @fastify/helmet rebuilt it on every request, which
    // cost an API call more than all of its response validation (bench/chat).
    const applySecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", (req) => sameHostSockets(req as IncomingMessage), ...options.corsOrigins],
          frameSrc: ["'self'", 'blob:', 'data:'],
          objectSrc: ["'self'", 'blob:', 'data:'],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Set below from the request's protocol.
      strictTransportSecurity: false,
      // A web app on another listed origin may embed our PDFs and images.
      crossOriginResourcePolicy: { policy: options.corsOrigins.length ? 'cross-origin' : 'same-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url !== STATIC_FILES_ROUTE) reply.header('cache-control', 'no-store');
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      applySecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error))),
      );
    });
  },
  { name: 'security-headers' },
);

/** CORS for the web app on another host (CORS_ORIGINS). */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    // Credentials are sent by the spec's client, so only the listed origins may read answers.
    await app.register(cors, {
      origin: options.corsOrigins.length ? [...options.corsOrigins] : false,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
