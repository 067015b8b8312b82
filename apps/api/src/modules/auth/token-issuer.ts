import type { Role } from '@portal/contract';
import type { SignOptions, TokenService } from '../../plugins/auth/index.js';
import type { SessionClient, SessionsPort } from '../../ports/sessions.js';

/**
 * THE one place a sign-in becomes a token (issue 21): signs it and records its session row, so
 * every token (password, second factor, passkey, enrolment) is listed in "Your sessions" and
 * judged by the staff idle time-out. The password login and the two-factor steps both call it.
 */
export type IssueToken = (user: { id: number; role: Role }, tokenGeneration: number, client: SessionClient, options?: SignOptions) => Promise<string>;

export function createTokenIssuer(tokens: TokenService, sessions: SessionsPort): IssueToken {
  return async (user, tokenGeneration, client, options) => {
    const token = await tokens.sign(user, tokenGeneration, options);
    const verified = await tokens.verify(token);
    if (!verified) throw new Error('A token just signed did not verify');
    await sessions.record(verified, client);
    return token;
  };
}
