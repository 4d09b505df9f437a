import { Card, Tabs } from 'antd';
import { AUDIT_TEXTS, isAdmin } from '@wallet/contract';
import { Suspense, lazy, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { StillBuilding } from '../../components/StillBuilding';
import { TabPanelFallback } from '../../components/TabPanelFallback';
import { useCurrentUser } from '../../lib/session';
import './account-settings.css';

// Each tab loads when first shown, so the page itself is quick to open.
const ProfileTab = lazy(() => import('./profile/ProfileTab').then((m) => ({ default: m.ProfileTab })));
const SecurityTab = lazy(() => import('./security/SecurityTab').then((m) => ({ default: m.SecurityTab })));
const NotificationsTab = lazy(() =>
  import('./notifications/NotificationsTab').then((m) => ({ default: m.NotificationsTab })),
);
const AccountFundingTab = lazy(() =>
  import('./funding/AccountFundingTab').then((m) => ({ default: m.AccountFundingTab })),
);
const OrganizationTab = lazy(() =>
  import('./organization/OrganizationTab').then((m) => ({ default: m.OrganizationTab })),
);
const CardSettingsTab = lazy(() =>
  import('./card-settings/CardSettingsTab').then((m) => ({ default: m.CardSettingsTab })),
);
const AuditLogTab = lazy(() => import('./audit-log/AuditLogTab').then((m) => ({ default: m.AuditLogTab })));

const panel = (content: ReactNode) => (
  <Card styles={{ body: { paddingTop: 16 } }}>
    <Suspense fallback={<TabPanelFallback />}>{content}</Suspense>
  </Card>
);

const DEFAULT_TAB = 'profile';

/** /account-settings: `tab` picks the tab (default profile); admins get three more (PRODUCT.md §2) and Organization (the logo). */
export function AccountSettingsPage() {
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  const [searchParams, setSearchParams] = useSearchParams();

  const items = [
    { key: 'profile', label: 'Personal Information', children: panel(<ProfileTab me={me} />) },
    { key: 'security', label: 'Password & Security', children: panel(<SecurityTab />) },
    { key: 'notifications', label: 'Notifications', children: panel(<NotificationsTab me={me} />) },
    ...(admin
      ? [
          { key: 'accountFunding', label: 'Account Funding', children: panel(<AccountFundingTab />) },
          { key: 'billing', label: 'Billing & Plan', children: panel(<StillBuilding />) },
          { key: 'cardSettings', label: 'Card Settings', children: panel(<CardSettingsTab />) },
          { key: 'organization', label: 'Organization', children: panel(<OrganizationTab />) },
          { key: 'auditLog', label: AUDIT_TEXTS.tab, children: panel(<AuditLogTab />) },
        ]
      : []),
  ];
  const asked = searchParams.get('tab');
  const activeKey = items.some((item) => item.key === asked) ? asked! : DEFAULT_TAB;

  const setTab = (key: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        next.delete('action');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle>Account Settings</PageTitle>
      {/*
        The tab bar on the page and each tab's content in a card: the eight tabs of an admin fit on one line at
        1280 px (app/global.css wraps them where they can't, as on phones).
      */}
      <Tabs className="account-settings-tabs" activeKey={activeKey} onChange={setTab} items={items} destroyOnHidden />
    </>
  );
}
