import type { FastifyRequest } from 'fastify';

/** Where a sign-in came from, as the request told it. */
export interface SessionClient {
  userAgent: string;
  address: string;
}

/** Where a request came from, as "Your sessions" shows it: the browser's own words and the address (TRUST_PROXY decides which). */
export const clientOf = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});
