import { authApiMessages, type LoginRequest, type RegisterRequest } from '@portal/contract';
import { forbidden, unauthorized } from '../../plugins/api-error.js';
import { argon2Verifier, type AuthUser, type PasswordVerifier, type SessionToken } from '../../plugins/auth/index.js';
import type { SessionClient, SessionsPort } from '../../ports/sessions.js';
import type { IssueToken } from './token-issuer.js';
import type { UsersPort } from '../../ports/users.js';
import type { LoginThrottle } from './login-throttle.js';
import type { LoginAnswer, TwoFactorService } from './two-factor/index.js';

export interface AuthServiceDeps {
  users: UsersPort;
  throttle: LoginThrottle;
  /** Logout ends the session through its owner (an event: the sockets close after the commit). */
  sessions: Pick<SessionsPort, 'signOut'>;
  /** Issue 21: signs a token and records its session row (token-issuer.ts). */
  issueToken: IssueToken;
  passwords?: PasswordVerifier;
  /** Two-factor sign-in (issue 21): decides what a right password answers. */
  secondFactor: Pick<TwoFactorService, 'afterPassword'>;
}

export function createAuthService({ users, throttle, sessions, issueToken, secondFactor, passwords = argon2Verifier }: AuthServiceDeps) {
  return {
    /**
     * Reserves the attempt first (refused or slowed down before any password is checked, however
     * many arrive at once), then checks the password, and only then reveals that an account is
     * disabled. An account with a second factor gets a challenge instead of the token (issue 21).
     */
    async login({ username, password }: LoginRequest, client: SessionClient): Promise<LoginAnswer> {
      const clientIp = client.address;
      const attempt = await throttle.reserve(username, clientIp);
      const found = await users.findLoginAccount(username);
      const passwordMatches = found ? await passwords.verify(found.passwordHash, password) : await passwords.verifyAgainstDummy(password);
      if (!found || !passwordMatches) throw unauthorized(authApiMessages.badCredentials);
      await attempt.succeeded();
      if (!found.user.enabled) throw forbidden(authApiMessages.accountDisabled);
      return secondFactor.afterPassword(found.user, found.tokenGeneration, client);
    },

    /** Citizens register themselves; the role is always USER whatever the body says. */
    async register(input: RegisterRequest, client: SessionClient): Promise<string> {
      const user = await users.createAccount(input, 'USER');
      return issueToken(user, 0, client);
    },

    /** Ends the session of this token on every API process (its jti is refused from now on), its sockets too. */
    async logout(user: AuthUser, session: SessionToken): Promise<void> {
      await sessions.signOut(user, session);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
