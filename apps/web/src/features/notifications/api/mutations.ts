import type { NotificationListResponse, NotificationSettings } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markNotificationsRead, saveNotificationSettings } from './calls';
import { notificationListQueryKey, notificationSettingsQueryKey } from './query-keys';

/** Marks one entry (or, with no id, all) read; the count drops at once, the server's answer confirms. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | undefined) => markNotificationsRead(id),
    onMutate: (id) => {
      const previous = queryClient.getQueryData<NotificationListResponse>(notificationListQueryKey);
      if (previous) {
        const readAt = new Date().toISOString();
        const items = previous.items.map((item) => (item.readAt === null && (id === undefined || item.id === id) ? { ...item, readAt } : item));
        const newlyRead = previous.items.filter((item, index) => item.readAt === null && items[index]?.readAt !== null).length;
        queryClient.setQueryData(notificationListQueryKey, { items, unreadCount: Math.max(0, previous.unreadCount - newlyRead) });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationListQueryKey, context.previous);
    },
    onSuccess: (list) => queryClient.setQueryData(notificationListQueryKey, list),
  });
}

/** Saves one switch; the box shows the choice at once and a refused save puts it back. */
export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    // A disabled form would take the keyboard focus away, so the choice shows before the answer.
    onMutate: async (change) => {
      // A load still under way (after a reload, say) would answer the old choice over this one.
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      const previous = queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey);
      if (previous) queryClient.setQueryData(notificationSettingsQueryKey, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(notificationSettingsQueryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
