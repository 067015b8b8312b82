import { apiMessages, type LoginRequest, type RegisterRequest } from '@portal/contract';
import { ApiError, forbidden, unauthorized } from '../../plugins/api-error.js';
import { type TokenService, verifyAgainstDummy, verifyPassword } from '../../plugins/auth/index.js';
import type { UsersService } from '../users/index.js';
import type { LoginLock } from './login-lock.js';

export interface AuthServiceDeps {
  users: UsersService;
  tokens: TokenService;
  loginLock: LoginLock;
}

const accountLocked = () => new ApiError(429, apiMessages.accountLocked, undefined, 'AccountLocked');

export function createAuthService({ users, tokens, loginLock }: AuthServiceDeps) {
  return {
    /**
     * Checks the lock first (a locked username is refused even with the right password), then
     * the password, and only then reveals that an account is disabled.
     */
    async login({ username, password }: LoginRequest): Promise<string> {
      if ((await loginLock.lockedFor(username)) > 0) throw accountLocked();
      const found = await users.findLoginAccount(username);
      const passwordMatches = found ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDummy(password);
      if (!found || !passwordMatches) {
        await loginLock.recordFailure(username);
        throw unauthorized(apiMessages.badCredentials);
      }
      await loginLock.reset(username);
      if (!found.user.enabled) throw forbidden(apiMessages.accountDisabled);
      return tokens.sign(found.user);
    },

    /** Citizens register themselves; the role is always USER whatever the body says. */
    async register(input: RegisterRequest): Promise<string> {
      const user = await users.createAccount(input, 'USER');
      return tokens.sign(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
