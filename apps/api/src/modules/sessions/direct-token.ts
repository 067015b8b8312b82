import type { Role } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { createSessionsRepository } from './repository.js';

/**
 * A token for an account with its session row, as a sign-in issues it (auth/token-issuer.ts), for
 * tools that make accounts without signing in (tests, bench): a token without its row is refused.
 */
export async function issueDirectToken(app: FastifyInstance, user: { id: number; role: Role }, tokenGeneration = 0): Promise<string> {
  const token = await app.auth.tokens.sign(user, tokenGeneration);
  const verified = await app.auth.tokens.verify(token);
  if (!verified) throw new Error('A token just signed did not verify');
  const at = new Date().toISOString();
  await createSessionsRepository(app.db).insert({
    jti: verified.jti,
    userId: user.id,
    startedAt: at,
    lastActiveAt: at,
    expiresAt: new Date(verified.expiresAtMs).toISOString(),
    userAgent: 'direct',
    address: '127.0.0.1',
  });
  return token;
}
