import {
  CreditCardOutlined,
  DollarOutlined,
  DownOutlined,
  FileTextOutlined,
  ThunderboltOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { Link, useNavigate } from 'react-router';

/** PRODUCT.md §2 quick-action targets. */
export const QUICK_ACTIONS = [
  {
    key: 'addUser',
    label: 'Add New User',
    to: '/teams?tab=users&action=addUser',
    icon: <UserAddOutlined aria-hidden />,
  },
  {
    key: 'addFunds',
    label: 'Add Funds',
    to: '/account-settings?tab=accountFunding&action=addFunds',
    icon: <DollarOutlined aria-hidden />,
  },
  { key: 'addCard', label: 'Add New Card', to: '/cards?action=addCard', icon: <CreditCardOutlined aria-hidden /> },
  {
    key: 'viewStatements',
    label: 'View Statements',
    to: '/account-settings?tab=accountFunding&action=viewStatements',
    icon: <FileTextOutlined aria-hidden />,
  },
] as const;

/**
 * The Quick Actions menu. Each entry is a real link (a click follows it, it opens in a new tab); chosen with the
 * keyboard (Enter on the focused entry) the menu navigates itself.
 */
export function QuickActions() {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      placement="bottomRight"
      menu={{
        items: QUICK_ACTIONS.map((action) => ({
          key: action.key,
          icon: action.icon,
          label: <Link to={action.to}>{action.label}</Link>,
        })),
        onClick: ({ key, domEvent }) => {
          if (domEvent.type !== 'keydown') return;
          const action = QUICK_ACTIONS.find((candidate) => candidate.key === key);
          if (action) void navigate(action.to);
        },
      }}
    >
      <Button type="primary" icon={<ThunderboltOutlined aria-hidden />}>
        Quick Actions <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
