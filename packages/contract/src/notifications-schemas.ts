import { z } from 'zod/mini';
import { LANGUAGES, NOTIFICATION_CATEGORIES, notificationApiMessages } from './notifications.js';

// The notifications domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in notifications.ts, which the web's texts import without building these.

/** PUT /api/users/me/language: the language switch of a signed-in person. */
export const setLanguageRequest = z.object({
  language: z.enum(LANGUAGES, { error: notificationApiMessages.languageInvalid }),
});
export type SetLanguageRequest = z.infer<typeof setLanguageRequest>;
export const languageResponse = z.object({ language: z.enum(LANGUAGES) });

/** GET/PUT /api/notification-settings: email on or off per category. */
export const notificationSettings = z.object({
  replies: z.boolean(),
  status: z.boolean(),
  obligations: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const updateNotificationSettingsRequest = z.partial(notificationSettings);

/** POST /api/notifications/unsubscribe/{token}: RFC 8058 one-click unsubscribe, no sign-in. */
export const unsubscribeParams = z.object({ token: z.string().check(z.minLength(1), z.maxLength(512)) });
export const unsubscribeResponse = z.object({ category: z.enum(NOTIFICATION_CATEGORIES), email: z.literal(false) });

/** One entry of the portal's list: what happened (`kind`, its facts in `data`) and the screen it opens. */
export const notificationEntry = z.object({
  id: z.int(),
  kind: z.string(),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
  /** The web screen, relative (e.g. /user?conversation=12). */
  link: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type NotificationEntry = z.infer<typeof notificationEntry>;
/** GET /api/notifications: the newest entries and how many of all are unread. */
export const notificationListResponse = z.object({ items: z.array(notificationEntry), unreadCount: z.int() });
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** GET /api/notifications/failed (admins): emails that failed for good, with the reason. */
export const failedNotification = z.object({
  id: z.int(),
  userId: z.int(),
  kind: z.string(),
  attempts: z.int(),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
});
export const failedNotificationList = z.array(failedNotification);
