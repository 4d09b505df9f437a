import { Flex, Skeleton } from 'antd';
import { isAdmin } from '@wallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useCurrentUser } from '../../lib/session';
import { QuickActions } from './admin/QuickActions';
import { prefetchDashboard } from './api/prefetch';
import { Greeting } from './Greeting';

// The charts library comes with the dashboards, not with the first screen.
const AdminDashboard = lazy(() => import('./admin/AdminDashboard').then((m) => ({ default: m.AdminDashboard })));
const MemberDashboard = lazy(() => import('./member/MemberDashboard').then((m) => ({ default: m.MemberDashboard })));

function DashboardFallback() {
  return (
    <div role="status" aria-label="Loading the dashboard" style={{ minHeight: 720 }}>
      <Skeleton active paragraph={{ rows: 12 }} />
    </div>
  );
}

/** / and /dashboard: the greeting, then the admin dashboard or the member's own. */
export function DashboardPage() {
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  const queryClient = useQueryClient();
  useEffect(() => prefetchDashboard(queryClient, admin, me.id), [queryClient, admin, me.id]);
  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Greeting firstName={me.first_name} organizationName={me.organization.name} />
        {admin && (
          <div style={{ paddingTop: 4, marginBottom: 16 }}>
            <QuickActions />
          </div>
        )}
      </Flex>
      <Suspense fallback={<DashboardFallback />}>{admin ? <AdminDashboard /> : <MemberDashboard />}</Suspense>
    </>
  );
}
