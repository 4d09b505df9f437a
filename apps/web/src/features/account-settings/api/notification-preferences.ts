import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationCentreKind, NotificationSwitch, NotificationSwitches } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { notificationPreferencesKeys } from './keys';

/** GET /api/users/{id}/notification-preferences: every kind's switches, in the bell and by mail. */
export async function getNotificationSwitches(userId: number, signal?: AbortSignal): Promise<NotificationSwitches> {
  const { data } = await http.get<DataEnvelope<NotificationSwitches>>(`/api/users/${userId}/notification-preferences`, {
    signal,
  });
  return data;
}

export interface SwitchChange {
  userId: number;
  kind: NotificationCentreKind;
  channel: keyof NotificationSwitch;
  on: boolean;
}

/** PUT /api/users/{id}/notification-preferences with the one switch that changed (the others stay as saved). */
export async function saveNotificationSwitch({ userId, kind, channel, on }: SwitchChange) {
  const { data } = await http.put<DataEnvelope<NotificationSwitches>>(`/api/users/${userId}/notification-preferences`, {
    [kind]: { [channel]: on },
  });
  return data;
}

export function notificationSwitchesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationPreferencesKeys.ofUser(userId),
    queryFn: ({ signal }) => getNotificationSwitches(userId, signal),
  });
}

export function useNotificationSwitches(userId: number) {
  return useQuery(notificationSwitchesQueryOptions(userId));
}

/** Saves at once; the switch shows the new state while saving and flips back if saving fails. */
export function useSaveNotificationSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSwitch,
    onMutate: async ({ userId, kind, channel, on }) => {
      const key = notificationPreferencesKeys.ofUser(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSwitches>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, [kind]: { ...previous[kind], [channel]: on } });
      return { previous };
    },
    onError: (_error, { userId }, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesKeys.ofUser(userId), context.previous);
    },
    onSuccess: (saved, { userId }) => queryClient.setQueryData(notificationPreferencesKeys.ofUser(userId), saved),
  });
}
