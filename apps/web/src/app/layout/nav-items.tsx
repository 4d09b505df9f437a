import {
  AppstoreOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  FileImageOutlined,
  FileTextOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { isAdmin, isWalletUser } from '@wallet/contract';
import type { ReactNode } from 'react';
import { paths } from '../../paths';

export interface NavItem {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
  visibleTo: (roles: readonly string[]) => boolean;
}

const everyone = () => true;

/** The sidebar of PRODUCT.md §2, in order, with who sees each entry (PRODUCT.md §6). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', to: paths.dashboard, icon: <AppstoreOutlined />, visibleTo: everyone },
  { key: 'requests', label: 'Request', to: paths.requests, icon: <FileTextOutlined />, visibleTo: everyone },
  { key: 'teams', label: 'Teams', to: paths.teams, icon: <TeamOutlined />, visibleTo: isAdmin },
  { key: 'cards', label: 'Cards', to: paths.cards, icon: <CreditCardOutlined />, visibleTo: isAdmin },
  { key: 'my-cards', label: 'My Cards', to: paths.myCards, icon: <WalletOutlined />, visibleTo: isWalletUser },
  { key: 'receipts', label: 'Receipts', to: paths.receipts, icon: <FileImageOutlined />, visibleTo: everyone },
  {
    key: 'reports-and-insights',
    label: 'Reports & Insights',
    to: paths.reportsAndInsights,
    icon: <BarChartOutlined />,
    visibleTo: isAdmin,
  },
  {
    key: 'account-settings',
    label: 'Account Settings',
    to: paths.accountSettings,
    icon: <SettingOutlined />,
    visibleTo: everyone,
  },
];

export function navItemsFor(roles: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => item.visibleTo(roles));
}

/** The entry to highlight for a path: '/' is the dashboard; sub-pages highlight their section. */
export function selectedNavKey(items: readonly NavItem[], pathname: string): string | undefined {
  if (pathname === paths.home) return 'dashboard';
  return items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.key;
}
