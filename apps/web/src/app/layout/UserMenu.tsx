import { CustomerServiceOutlined, DownOutlined, LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { roleLabel, type Me } from '@wallet/contract';
import { useRef, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useGivingSso } from '../../features/sso/use-giving-sso';
import { UserAvatar } from '../../components/UserAvatar';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { paths } from '../../paths';

/** Avatar and name in the header; opens Profile, Help & Support, SSO to the giving product and Logout. */
export function UserMenu({ me, compact }: { me: Me; compact: boolean }) {
  const navigate = useNavigate();
  const sso = useGivingSso();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The menu is portalled, but its key events still bubble here: Escape gives focus back to the trigger.
  const returnFocusOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') triggerRef.current?.focus();
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: 'Profile', onClick: () => navigate(paths.profile) },
    {
      key: 'help',
      icon: <CustomerServiceOutlined />,
      label: 'Help & Support',
      onClick: () => navigate(paths.helpAndSupport),
    },
    {
      key: 'sso',
      icon: <LoginOutlined />,
      label: sso.label,
      disabled: sso.pending,
      onClick: sso.start,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: () => navigate(paths.logout) },
  ];

  return (
    <div onKeyDown={returnFocusOnEscape}>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" autoFocus>
        {/*
          Named by its content (WCAG 2.5.3, label in name): 'User menu for Alex Morgan, Admin', the visible name and
          role in it; the initials are decoration. On phones only the avatar shows and the name is read alone.
        */}
        <Button ref={triggerRef} type="text" style={{ height: 48, paddingInline: 8 }}>
          <Flex align="center" gap={10}>
            <VisuallyHidden>User menu for {compact ? me.name : ''}</VisuallyHidden>
            <UserAvatar name={me.name} src={me.avatar_url} />
            {!compact && (
              <Flex vertical align="flex-start" style={{ lineHeight: 1.25 }}>
                <Typography.Text strong>{me.name}</Typography.Text>
                <VisuallyHidden>, </VisuallyHidden>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {roleLabel(me.roles)}
                </Typography.Text>
              </Flex>
            )}
            <DownOutlined style={{ fontSize: 12 }} aria-hidden />
          </Flex>
        </Button>
      </Dropdown>
    </div>
  );
}
