import type { FastifyRequest } from 'fastify';
import type { SessionClient } from './service.js';

/** Where a request came from, as "Your sessions" shows it: the browser's own words and the address (TRUST_PROXY decides which). */
export const clientOf = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});
