import { defineModule } from '../../app-module.js';
import type { UsersService } from '../users/index.js';
import { createMemoryLoginLock, type LoginLock } from './login-lock.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';

export interface AuthModuleOptions {
  /** Replace the in-memory failed-login store (e.g. with a shared one). */
  loginLock?: LoginLock;
}

/** POST /login and POST /register. Its service signs tokens, so it is built once the auth plugin is. */
export const authModule = (options: AuthModuleOptions = {}) =>
  defineModule<{ users: UsersService }>()({
    name: 'auth',
    setup: ({ config }, { users }) => ({
      async register(app) {
        const auth = createAuthService({
          users,
          tokens: app.auth.tokens,
          loginLock:
            options.loginLock ??
            createMemoryLoginLock({ threshold: config.loginLock.threshold, lockMinutes: config.loginLock.minutes }),
        });
        await app.register(authRoutes, { auth, rateLimitPerMinute: config.authRateLimitPerMinute });
      },
    }),
  });
