import { Flex, List, Skeleton, Switch, Typography } from 'antd';
import {
  ADMIN_NOTIFICATION_KINDS,
  isAdmin,
  NOTIFICATION_CENTRE_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_SWITCH_TEXTS,
  type Me,
  type NotificationCentreKind,
  type NotificationSwitch,
} from '@wallet/contract';
import { useNotificationSwitches, useSaveNotificationSwitch } from '../api/notification-preferences';

const CHANNELS: ReadonlyArray<keyof NotificationSwitch> = ['in_app', 'mail'];
const CHANNEL_NAMES = { in_app: NOTIFICATION_SWITCH_TEXTS.inApp, mail: NOTIFICATION_SWITCH_TEXTS.mail } as const;

/** Notifications: each kind on or off in the wallet (the bell) and by email; each switch saves at once. */
export function NotificationsTab({ me }: { me: Me }) {
  const switches = useNotificationSwitches(me.id);
  const save = useSaveNotificationSwitch();
  // Funds-low notices go to admins only, so members are not offered a switch that never fires.
  const kinds = NOTIFICATION_CENTRE_KINDS.filter(
    (kind) => isAdmin(me.roles) || !ADMIN_NOTIFICATION_KINDS.includes(kind),
  );

  const channelSwitch = (kind: NotificationCentreKind, channel: keyof NotificationSwitch) =>
    switches.data ? (
      <Flex align="center" gap={8} key={channel}>
        <Switch
          aria-label={NOTIFICATION_SWITCH_TEXTS.switchLabel(channel, kind)}
          checked={switches.data[kind][channel]}
          onChange={(on) => save.mutate({ userId: me.id, kind, channel, on })}
        />
        <Typography.Text type="secondary" aria-hidden>
          {CHANNEL_NAMES[channel]}
        </Typography.Text>
      </Flex>
    ) : (
      <Skeleton.Button active size="small" style={{ width: 96 }} key={channel} />
    );

  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {NOTIFICATION_SWITCH_TEXTS.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {NOTIFICATION_SWITCH_TEXTS.intro} Changes are saved right away.
      </Typography.Paragraph>
      {save.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {NOTIFICATION_SWITCH_TEXTS.saveFailed}
        </Typography.Paragraph>
      )}
      <List
        bordered
        dataSource={kinds}
        renderItem={(kind) => (
          <List.Item>
            <Flex justify="space-between" align="center" gap={16} wrap style={{ width: '100%' }}>
              <Typography.Text>{NOTIFICATION_KIND_LABELS[kind]}</Typography.Text>
              <Flex gap={24} wrap>
                {CHANNELS.map((channel) => channelSwitch(kind, channel))}
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </div>
  );
}
