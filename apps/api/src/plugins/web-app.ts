import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './api-error.js';
import { sendError } from './errors.js';

export interface WebAppOptions {
  /** Absolute path of the built app (apps/web/dist); null or missing folder = API only. */
  root: string | null;
  /** Paths that are API even for GET: never answered with index.html. */
  apiPrefixes?: readonly string[];
}

const DEFAULT_API_PREFIXES = ['/api', '/healthz', '/readyz'];

export function hasWebApp(root: string | null): root is string {
  return root !== null && existsSync(join(root, 'index.html'));
}

/**
 * Serves the built web app and owns the not-found answer: a GET for a page (/login, /admin, ...)
 * that is no file gets index.html so the client router can draw it; anything else gets a JSON 404.
 * POST /login is the API and GET /login the page: they never meet because routes are per method.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, options) => {
    const prefixes = options.apiPrefixes ?? DEFAULT_API_PREFIXES;
    const serving = hasWebApp(options.root);
    if (serving) {
      await app.register(fastifyStatic, {
        root: options.root as string,
        wildcard: true,
        index: 'index.html',
        cacheControl: false,
        // The build writes file.br and file.gz beside each compressible file (apps/web/build-plugins/
        // precompress.ts): the one the browser accepts goes out as it is, brotli first.
        preCompressed: true,
        setHeaders(res, path) {
          // Vite fingerprints everything under assets/; index.html must always be revalidated.
          res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The body depends on Accept-Encoding: a shared cache must not hand brotli to a browser without it.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    const isPageRequest = (request: FastifyRequest): boolean => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0] ?? '/';
      if (prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
      // A missing /assets/app.js must stay a 404, not become HTML the browser tries to run.
      return extname(path) === '';
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (serving && isPageRequest(request)) {
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      }
      return sendError(request, reply, notFound());
    });
  },
  { name: 'web-app' },
);
