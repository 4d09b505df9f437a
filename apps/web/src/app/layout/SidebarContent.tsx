import { Flex, Menu, Tag, Typography, theme } from 'antd';
import { APP_VERSION_LABEL } from '@wallet/contract';
import { Link, useLocation } from 'react-router';
import { OrganizationLogo } from '../../components/OrganizationLogo';
import { navItemsFor, selectedNavKey } from './nav-items';

interface Props {
  organizationName: string;
  roles: readonly string[];
  /** Called after a navigation entry is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** Organisation logo and name on top, the role's navigation, and the version label at the bottom. */
export function SidebarContent({ organizationName, roles, onNavigate }: Props) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const items = navItemsFor(roles);
  const selected = selectedNavKey(items, pathname);

  return (
    <Flex vertical style={{ height: '100%' }}>
      {/* The whole name, wrapped over as many lines as it needs (a long name is not cut off). */}
      <Flex
        align="center"
        gap={12}
        style={{ minHeight: 64, padding: '12px 20px', borderBottom: `1px solid ${token.colorSplit}` }}
      >
        <OrganizationLogo size={36} />
        <Typography.Text strong style={{ fontSize: 16, lineHeight: 1.3, minWidth: 0, overflowWrap: 'break-word' }}>
          {organizationName}
        </Typography.Text>
      </Flex>
      <nav aria-label="Main" style={{ flex: 1, overflowY: 'auto', paddingTop: 12 }}>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          style={{ borderInlineEnd: 'none' }}
          items={items.map((item) => ({
            key: item.key,
            icon: item.icon,
            label: (
              <Link to={item.to} onClick={onNavigate}>
                {item.label}
              </Link>
            ),
          }))}
        />
      </nav>
      <Flex justify="center" style={{ padding: 16, borderTop: `1px solid ${token.colorSplit}` }}>
        <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
          {APP_VERSION_LABEL}
        </Tag>
      </Flex>
    </Flex>
  );
}
