import { Typography, theme } from 'antd';
import type { NotificationItem } from '@wallet/contract';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatDateTime } from '../../lib/dates';

/** One notification as a button that opens it: unread ones stand out (and say so to screen readers). */
export function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { token } = theme.useToken();
  const unread = !item.read_at;
  return (
    <button
      type="button"
      onClick={onOpen}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'start',
        border: 0,
        borderRadius: token.borderRadius,
        padding: '8px 10px',
        marginBottom: 2,
        cursor: 'pointer',
        background: unread ? token.colorPrimaryBg : 'transparent',
        color: token.colorText,
        font: 'inherit',
      }}
    >
      <Typography.Text strong={unread} style={{ display: 'block' }}>
        {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
        {item.title}
      </Typography.Text>
      <Typography.Text style={{ display: 'block', fontSize: 13 }}>{item.body}</Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {formatDateTime(item.created_at)}
      </Typography.Text>
    </button>
  );
}
