import {
  languageResponse,
  listUsersQuery,
  setLanguageRequest,
  userLabelsQuery,
  userLabelsResponse,
  userResponse,
  userSummaryListResponse,
} from '@portal/contract';
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
        summary: 'The accounts the caller may find, or one page of a search by username (employees and admins)',
        description:
          'Without parameters: every account the caller may find (spec section 7): an employee finds citizens only, an admin every ' +
          'account. With any of q (substring), prefix, role, limit (default 50, at most 100) or after (the lower-cased username ' +
          'ending the previous page): one page in username order, ignoring case. Each row holds id, username, first and last name ' +
          'and role only; the full record is the owner\'s (/api/users/me) and, for employees, the admin\'s employee list.',
        querystring: listUsersQuery,
        response: { 200: userSummaryListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.findUsers(request.query, callerOf(request).role),
  );

  app.get(
    '/api/users/labels',
    {
      schema: {
        tags: ['users'],
        summary: 'The distinct labels of usernames (first two letters, upper case), sorted',
        querystring: userLabelsQuery,
        response: { 200: userLabelsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.labels(request.query.role, callerOf(request).role),
  );

  app.put(
    '/api/users/me/language',
    {
      schema: {
        tags: ['users'],
        summary: 'Remember the language of the signed-in person (their emails are written in it)',
        body: setLanguageRequest,
        response: { 200: languageResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await users.setLanguage(callerOf(request).id, request.body.language);
      return { language: request.body.language };
    },
  );
};
