import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { notificationPreferencesKeys } from './keys';

/** GET /api/users/{id}/notification-preferences. */
export async function getNotificationPreferences(
  userId: number,
  signal?: AbortSignal,
): Promise<NotificationPreferences> {
  const { data } = await http.get<DataEnvelope<NotificationPreferences>>(
    `/api/users/${userId}/notification-preferences`,
    { signal },
  );
  return data;
}

/** PUT /api/users/{id}/notification-preferences with all three switches. */
export async function saveNotificationPreferences({
  userId,
  preferences,
}: {
  userId: number;
  preferences: NotificationPreferences;
}) {
  const { data } = await http.put<DataEnvelope<NotificationPreferences>>(
    `/api/users/${userId}/notification-preferences`,
    preferences,
  );
  return data;
}

export function notificationPreferencesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationPreferencesKeys.ofUser(userId),
    queryFn: ({ signal }) => getNotificationPreferences(userId, signal),
  });
}

export function useNotificationPreferences(userId: number) {
  return useQuery(notificationPreferencesQueryOptions(userId));
}

/** Saves at once; the switch shows the new state while saving and flips back if saving fails. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async ({ userId, preferences }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKeys.ofUser(userId) });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesKeys.ofUser(userId));
      queryClient.setQueryData(notificationPreferencesKeys.ofUser(userId), preferences);
      return { previous };
    },
    onError: (_error, { userId }, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesKeys.ofUser(userId), context.previous);
    },
    onSuccess: (saved, { userId }) => queryClient.setQueryData(notificationPreferencesKeys.ofUser(userId), saved),
  });
}
