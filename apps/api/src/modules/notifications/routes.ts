import {
  failedNotificationList,
  idParams,
  notificationListResponse,
  notificationSettings,
  unsubscribeParams,
  unsubscribeResponse,
  updateNotificationSettingsRequest,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { unsubscribeConfirmPage, unsubscribeDonePage, unsubscribeInvalidPage } from './content/unsubscribe-page.js';
import type { NotificationsRepository } from './repository.js';
import type { NotificationsService } from './service.js';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  repository: NotificationsRepository;
}

const htmlPage = z.string().meta({ description: 'An HTML page (English and Polish)', 'x-content-type': 'text/html' });

const wantsHtml = (accept: string | undefined) => accept !== undefined && /\btext\/html\b/i.test(accept);

/** HTML bypasses the response schema (it describes the page for OpenAPI only). */
const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(Buffer.from(html));
const FAILED_LIST_SIZE = 100;

/** Roles for each route live in src/access-policy.ts. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { notifications, repository }) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller\'s newest notifications (every event, also the replies not emailed) and the unread count',
        response: { 200: notificationListResponse, ...errorResponses(401) },
      },
    },
    async (request) => notifications.listFor(callerOf(request)),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the caller\'s notifications read; answers the list',
        params: idParams,
        response: { 200: notificationListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => notifications.markRead(callerOf(request), request.params.id),
  );

  app.put(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all of the caller\'s notifications read; answers the list',
        response: { 200: notificationListResponse, ...errorResponses(401) },
      },
    },
    async (request) => notifications.markRead(callerOf(request)),
  );

  app.get(
    '/api/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller\'s email settings per category (account notices always go)',
        response: { 200: notificationSettings, ...errorResponses(401) },
      },
    },
    async (request) => notifications.settingsOf(callerOf(request).id),
  );

  app.put(
    '/api/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Switch email categories on or off (the ones sent; the others keep their value)',
        body: updateNotificationSettingsRequest,
        response: { 200: notificationSettings, ...errorResponses(400, 401, 415) },
      },
    },
    async (request) => notifications.updateSettings(callerOf(request).id, request.body),
  );

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form; its content is fixed
  // and meaningless to us (the token in the address says everything), so it is read and ignored.
  // Only this route takes a form: in a scope of its own, so every other route still answers 415 to one.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/notifications/unsubscribe/:token',
      {
        schema: {
          tags: ['notifications'],
          summary: 'One-click unsubscribe (RFC 8058) with the signed token of an email; no sign-in',
          params: unsubscribeParams,
          response: { 200: unsubscribeResponse, ...errorResponses(400, 403) },
        },
      },
      async (request, reply) => {
        const done = await notifications.unsubscribe(request.params.token);
        // The button of the GET page posts here from a browser: it gets a page back. A mail
        // client's one-click POST asks for no HTML and gets the JSON it always got.
        if (!wantsHtml(request.headers.accept)) return done;
        return sendHtml(reply, 200, unsubscribeDonePage(done.category));
      },
    );
  });

  // A browser opening the List-Unsubscribe address (issue 34 point 11): a page that says what the
  // button does; opening it changes nothing, since mail scanners open every link of an email.
  app.get(
    '/api/notifications/unsubscribe/:token',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The page of an email\'s unsubscribe link: says what it will switch off, with a button that POSTs to this address; changes nothing itself',
        params: unsubscribeParams,
        produces: ['text/html'],
        response: { 200: htmlPage, 403: htmlPage, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const category = notifications.unsubscribeCategory(request.params.token);
      if (category === null) return sendHtml(reply, 403, unsubscribeInvalidPage());
      return sendHtml(reply, 200, unsubscribeConfirmPage(category, `/api/notifications/unsubscribe/${request.params.token}`));
    },
  );

  app.get(
    '/api/notifications/failed',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Emails that failed for good, newest first, with the reason (admins)',
        response: { 200: failedNotificationList, ...errorResponses(401, 403) },
      },
    },
    async () =>
      (await repository.listFailed(FAILED_LIST_SIZE)).map((row) => ({
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        attempts: row.attempts,
        reason: row.last_error,
        createdAt: row.created_at,
      })),
  );
};
