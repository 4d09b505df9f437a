import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Flex, Popover, Spin, Typography } from 'antd';
import { NOTIFICATION_TEXTS, type NotificationItem } from '@wallet/contract';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIsMobile } from '../../lib/use-media-query';
import { paths } from '../../paths';
import { useLatestNotifications, useMarkNotificationsRead } from './api/notifications';
import { NotificationRow } from './NotificationRow';

const PANEL_WIDTH = 340;

/**
 * The header's bell (issue 20 point 7): the unread count, and the latest notifications in a panel. Opening one marks
 * it read and goes where it points; live events refresh both while the app is open.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const unread = latest.data?.meta.unread ?? 0;

  const openNotification = (item: NotificationItem) => {
    if (!item.read_at) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    triggerRef.current?.focus();
    if (item.link) void navigate(item.link);
  };

  const markAll = (
    <Button
      type="link"
      size="small"
      disabled={unread === 0 || markRead.isPending}
      onClick={() => markRead.mutate({ all: true })}
    >
      {NOTIFICATION_TEXTS.markAllRead}
    </Button>
  );
  const list = latest.isPending ? (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin />
    </Flex>
  ) : latest.isError ? (
    <Typography.Text type="secondary">{NOTIFICATION_TEXTS.loadFailed}</Typography.Text>
  ) : (latest.data?.data.length ?? 0) === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTIFICATION_TEXTS.none} />
  ) : (
    <ul
      aria-label={NOTIFICATION_TEXTS.title}
      style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: isMobile ? undefined : 420, overflowY: 'auto' }}
    >
      {latest.data!.data.map((item) => (
        <li key={item.id}>
          <NotificationRow item={item} onOpen={() => openNotification(item)} />
        </li>
      ))}
    </ul>
  );
  // The full list (paged, every notification) is one click further.
  const seeAll = (
    <Flex justify="center" style={{ marginTop: 8 }}>
      <Link to={paths.notifications} onClick={() => setOpen(false)}>
        {NOTIFICATION_TEXTS.seeAll}
      </Link>
    </Flex>
  );
  const trigger = (
    <Badge count={unread} size="small" offset={[-4, 4]}>
      <Button
        ref={triggerRef}
        type="text"
        shape="circle"
        icon={<BellOutlined style={{ fontSize: 18 }} />}
        aria-label={NOTIFICATION_TEXTS.bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={isMobile ? () => setOpen(true) : undefined}
      />
    </Badge>
  );

  // On a phone the bell sits left of the user menu: a panel anchored to it would run off the screen, so the
  // notifications come down from the top, full width.
  if (isMobile)
    return (
      <>
        {trigger}
        <Drawer
          placement="top"
          size="auto"
          open={open}
          onClose={() => setOpen(false)}
          title={NOTIFICATION_TEXTS.title}
          extra={markAll}
          styles={{ body: { padding: 12, maxHeight: '70vh', overflowY: 'auto' } }}
        >
          {list}
          {seeAll}
        </Drawer>
      </>
    );

  const panel = (
    <div style={{ width: PANEL_WIDTH }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {NOTIFICATION_TEXTS.title}
        </Typography.Title>
        {markAll}
      </Flex>
      {list}
      {seeAll}
    </div>
  );

  return (
    <Popover content={panel} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      {trigger}
    </Popover>
  );
}
