import { userListResponse, userResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import type { UsersService } from './service.js';

export interface UsersRoutesOptions {
  users: UsersService;
}

/** Roles for each route live in src/access-policy.ts. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  app.get(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The logged-in user',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: userResponse, ...errorResponses(401) },
      },
    },
    async (request) => callerOf(request),
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'All users (employees and admins)',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: userListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => users.listUsers(),
  );
};
