// Notifications (issue 18): the account's language, email categories a person may switch off.

/** The languages the portal and its emails speak. */
export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Email categories a person may switch off; account notices (employee accounts) always go. */
export const NOTIFICATION_CATEGORIES = ['replies', 'status', 'obligations'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const notificationApiMessages = {
  languageInvalid: 'Language must be en or pl',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
export const NOTIFICATION_LIST_SIZE = 50;
