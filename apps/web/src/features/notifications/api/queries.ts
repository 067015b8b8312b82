import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchNotificationList, fetchNotificationSettings } from './calls';
import { notificationListQueryKey, notificationSettingsQueryKey } from './query-keys';

/** The header's list; live events refresh it (see components/notification-bell.tsx). */
export const notificationListQuery = queryOptions({ queryKey: notificationListQueryKey, queryFn: fetchNotificationList });

export function useNotificationList(enabled: boolean) {
  return useQuery({ ...notificationListQuery, enabled });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: fetchNotificationSettings });
}
