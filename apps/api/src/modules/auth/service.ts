import { apiMessages, type LoginRequest, type RegisterRequest, type Role } from '@portal/contract';
import { forbidden, unauthorized } from '../../plugins/api-error.js';
import { argon2Verifier, type PasswordVerifier, type SessionToken, type TokenService } from '../../plugins/auth/index.js';
import type { SessionClient, SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Revocations } from './revocations.js';

export interface AuthServiceDeps {
  users: UsersService;
  tokens: TokenService;
  throttle: LoginThrottle;
  revocations: Revocations;
  /** Issue 21: every token issued here gets its session row (sessions module). */
  sessions: SessionsService;
  passwords?: PasswordVerifier;
}

export function createAuthService({ users, tokens, throttle, revocations, sessions, passwords = argon2Verifier }: AuthServiceDeps) {
  /**
   * Issue 21: THE one place a sign-in becomes a token: signs it and records its session row
   * ("Your sessions", the staff idle time-out). Any further sign-in step (two-factor) calls this too.
   */
  async function issueToken(user: { id: number; role: Role }, tokenGeneration: number, client: SessionClient): Promise<string> {
    const token = await tokens.sign(user, tokenGeneration);
    const verified = await tokens.verify(token);
    if (!verified) throw new Error('A token just signed did not verify');
    await sessions.record(verified, client);
    return token;
  }

  return {
    issueToken,
    /**
     * Reserves the attempt first (refused or slowed down before any password is checked, however
     * many arrive at once), then checks the password, and only then reveals that an account is
     * disabled.
     */
    async login({ username, password }: LoginRequest, client: SessionClient): Promise<string> {
      const clientIp = client.address;
      const attempt = await throttle.reserve(username, clientIp);
      const found = await users.findLoginAccount(username);
      const passwordMatches = found ? await passwords.verify(found.passwordHash, password) : await passwords.verifyAgainstDummy(password);
      if (!found || !passwordMatches) throw unauthorized(apiMessages.badCredentials);
      await attempt.succeeded();
      if (!found.user.enabled) throw forbidden(apiMessages.accountDisabled);
      return issueToken(found.user, found.tokenGeneration, client);
    },

    /** Citizens register themselves; the role is always USER whatever the body says. */
    async register(input: RegisterRequest, client: SessionClient): Promise<string> {
      const user = await users.createAccount(input, 'USER');
      return issueToken(user, 0, client);
    },

    /** Ends the session of this token on every API process (its jti is refused from now on). */
    async logout(session: SessionToken): Promise<void> {
      await revocations.revoke(session.jti, session.expiresAtMs);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
