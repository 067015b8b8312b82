// Every query key of the notifications feature, defined once.

/** The header's list (newest entries and the unread count) of the signed-in person. */
export const notificationListQueryKey = ['notifications', 'list'] as const;
export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;
