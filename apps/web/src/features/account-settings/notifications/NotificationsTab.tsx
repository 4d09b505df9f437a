import { Flex, List, Skeleton, Switch, Typography } from 'antd';
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type Me, type NotificationKind } from '@wallet/contract';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

/** Notifications: which mails this user gets; each switch saves at once. */
export function NotificationsTab({ me }: { me: Me }) {
  const preferences = useNotificationPreferences(me.id);
  const save = useSaveNotificationPreferences();

  const toggle = (kind: NotificationKind, checked: boolean) => {
    if (!preferences.data) return;
    save.mutate({ userId: me.id, preferences: { ...preferences.data, [kind]: checked } });
  };

  return (
    <div style={{ maxWidth: 640 }}>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        Email Notifications
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Choose which emails you get. Changes are saved right away.
      </Typography.Paragraph>
      <List
        bordered
        dataSource={[...NOTIFICATION_KINDS]}
        renderItem={(kind) => {
          const labelId = `notification-${kind}`;
          return (
            <List.Item>
              <Flex justify="space-between" align="center" gap={16} style={{ width: '100%' }}>
                <Typography.Text id={labelId}>{NOTIFICATION_LABELS[kind]}</Typography.Text>
                {preferences.data ? (
                  <Switch
                    aria-labelledby={labelId}
                    checked={preferences.data[kind]}
                    onChange={(checked) => toggle(kind, checked)}
                  />
                ) : (
                  <Skeleton.Button active size="small" style={{ width: 44 }} />
                )}
              </Flex>
            </List.Item>
          );
        }}
      />
    </div>
  );
}
