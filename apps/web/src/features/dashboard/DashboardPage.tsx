import { Flex, Skeleton } from 'antd';
import { isAdmin } from '@wallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { lazyPreloadable } from '../../lib/preloadable';
import { useCurrentUser } from '../../lib/session';
import { QuickActions } from './admin/QuickActions';
import { prefetchDashboard } from './api/prefetch';
import { Greeting } from './Greeting';
import { adminDashboardCode, memberDashboardCode } from './preload';

// The charts library comes with the dashboards, not with the first screen.
const AdminDashboard = lazyPreloadable(adminDashboardCode, 'AdminDashboard');
const MemberDashboard = lazyPreloadable(memberDashboardCode, 'MemberDashboard');

function DashboardFallback() {
  return (
    <div role="status" aria-label="Loading the dashboard" style={{ minHeight: 720 }}>
      <Skeleton active paragraph={{ rows: 12 }} />
    </div>
  );
}

/**
 * False in the page's first render, true from its layout effect on, before anything is painted. The dashboards read
 * the query cache, which the sign-in's prefetch fills while the signed-in frame renders; rendered within that frame's
 * navigation (a router transition, rendered in slices), an answer arriving meanwhile makes React render everything
 * again, synchronously. Mounted from the layout effect, they render once, in a blocking update, with what has
 * arrived (ARCHITECTURE.md D10). Nothing shows in between: the update happens before the browser paints.
 */
function useMountedBeforePaint(): boolean {
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second, blocking render is the point (see above)
  useLayoutEffect(() => setMounted(true), []);
  return mounted;
}

/** / and /dashboard: the greeting, then the admin dashboard or the member's own. */
export function DashboardPage() {
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  const queryClient = useQueryClient();
  const mounted = useMountedBeforePaint();
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
      {mounted ? (
        <Suspense fallback={<DashboardFallback />}>{admin ? <AdminDashboard /> : <MemberDashboard />}</Suspense>
      ) : (
        // Never painted (replaced before the browser paints): its room only, not the skeleton and its styles.
        <div style={{ minHeight: 720 }} />
      )}
    </>
  );
}
