import { notificationListResponse, type NotificationListResponse, notificationSettings, type NotificationSettings } from '@portal/contract';
import { http } from '../../../lib/http';

export const fetchNotificationList = (): Promise<NotificationListResponse> => http.get('/api/notifications', notificationListResponse);

/** Marks one entry read (or, without an id, every entry); the server answers the list as it now is. */
export const markNotificationsRead = (id?: number): Promise<NotificationListResponse> =>
  http.put(id === undefined ? '/api/notifications/read-all' : `/api/notifications/${id}/read`, undefined, notificationListResponse);

export const fetchNotificationSettings = (): Promise<NotificationSettings> => http.get('/api/notification-settings', notificationSettings);

export const saveNotificationSettings = (change: Partial<NotificationSettings>): Promise<NotificationSettings> =>
  http.put('/api/notification-settings', change, notificationSettings);
