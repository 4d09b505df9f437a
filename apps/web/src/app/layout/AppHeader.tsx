import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import type { Me } from '@wallet/contract';
import { NotificationBell } from '../../features/notifications';
import { UserMenu } from './UserMenu';

interface Props {
  me: Me;
  isMobile: boolean;
  onOpenNavigation: () => void;
}

export function AppHeader({ me, isMobile, onOpenNavigation }: Props) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        padding: isMobile ? '0 12px' : '0 32px',
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      {isMobile && (
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Button type="text" icon={<MenuOutlined />} aria-label="Open navigation" onClick={onOpenNavigation} />
          <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
            {me.organization.name}
          </Typography.Text>
        </Flex>
      )}
      <Flex align="center" gap={isMobile ? 4 : 12} style={{ marginInlineStart: 'auto', flex: 'none' }}>
        <NotificationBell />
        <UserMenu me={me} compact={isMobile} />
      </Flex>
    </Layout.Header>
  );
}
