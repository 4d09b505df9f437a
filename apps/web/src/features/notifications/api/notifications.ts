import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_FULL_PAGE_SIZE, type ListMeta, type NotificationItem } from '@wallet/contract';
import { http } from '../../../lib/http';
import { notificationKeys } from '../../../lib/query-keys';

export interface NotificationsPage {
  data: NotificationItem[];
  meta: ListMeta & { unread: number };
}

/** GET /api/notifications: the latest page and the unread count (the bell). */
export function useLatestNotifications() {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => http.get<NotificationsPage>('/api/notifications', { signal }),
    // A passive badge in the header: a failed load shows in its panel, never as a notice over the page.
    meta: { silent: true },
  });
}

/** POST /api/notifications/read: some, or all, of mine. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: number[] } | { all: true }) =>
      http.post<{ data: { unread: number }; message: string }>('/api/notifications/read', which),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** GET /api/notifications?page[number]&page[size]: one page of the full list at /notifications. */
export function useNotificationsPage(page: number) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }) =>
      http.get<NotificationsPage>('/api/notifications', {
        signal,
        query: { 'page[number]': page, 'page[size]': NOTIFICATIONS_FULL_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}
