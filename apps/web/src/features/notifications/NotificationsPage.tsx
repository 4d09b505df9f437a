import { Button, Card, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { NOTIFICATION_TEXTS, NOTIFICATIONS_FULL_PAGE_SIZE, type NotificationItem } from '@wallet/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { PageTitle } from '../../components/PageTitle';
import { useMarkNotificationsRead, useNotificationsPage } from './api/notifications';
import { NotificationRow } from './NotificationRow';

/**
 * /notifications (issue 20 point 7): every notification of mine, newest first, a page at a time (?page=); unread ones
 * stand out, opening one marks it read and follows its link, and all can be marked read at once.
 */
export function NotificationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const notifications = useNotificationsPage(page);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = notifications.data?.meta.unread ?? 0;
  const items = notifications.data?.data ?? [];

  const open = (item: NotificationItem) => {
    if (!item.read_at) markRead.mutate({ ids: [item.id] });
    if (item.link) void navigate(item.link);
  };
  const goTo = (next: number) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('page', String(next));
        return params;
      },
      { replace: false },
    );

  return (
    <>
      <PageTitle>{NOTIFICATION_TEXTS.title}</PageTitle>
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" aria-live="polite">
            {notifications.data ? NOTIFICATION_TEXTS.unreadSummary(unread) : ''}
          </Typography.Text>
          <Button disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            {NOTIFICATION_TEXTS.markAllRead}
          </Button>
        </Flex>
        {notifications.isPending ? (
          <div role="status" aria-label="Loading notifications">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ) : notifications.isError ? (
          <LoadFailed height={200} what="your notifications" onRetry={() => void notifications.refetch()} />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTIFICATION_TEXTS.none} />
        ) : (
          <ul aria-label={NOTIFICATION_TEXTS.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={item.id}>
                <NotificationRow item={item} onOpen={() => open(item)} />
              </li>
            ))}
          </ul>
        )}
        {(notifications.data?.meta.last_page ?? 1) > 1 && (
          <nav aria-label={NOTIFICATION_TEXTS.pagination}>
            <Flex justify="center" style={{ marginTop: 16 }}>
              <Pagination
                current={page}
                pageSize={NOTIFICATIONS_FULL_PAGE_SIZE}
                total={notifications.data!.meta.total}
                showSizeChanger={false}
                onChange={goTo}
                size="small"
              />
            </Flex>
          </nav>
        )}
      </Card>
    </>
  );
}
