import type { QueryClient } from '@tanstack/react-query';
import { isAdmin, type Me } from '@wallet/contract';

/**
 * Starts fetching the dashboards' code (and the charts library they share) while the sign-in request is on its way,
 * so the dashboard after sign-in does not wait for it on a cold cache (ARCHITECTURE.md D10). A failure here is
 * harmless: the dashboard loads the code itself.
 */
export function preloadDashboards(): void {
  void import('./admin/AdminDashboard').catch(() => undefined);
  void import('./member/MemberDashboard').catch(() => undefined);
}

/**
 * Starts the dashboard's calls as soon as the sign-in has answered and the user is known, while the signed-in frame
 * renders, instead of once the dashboard page has rendered (D10). The page's own prefetch then finds them under way.
 */
export function prefetchDashboardData(queryClient: QueryClient, me: Me): void {
  void import('./api/prefetch')
    .then(({ prefetchDashboard }) => prefetchDashboard(queryClient, isAdmin(me.roles), me.id))
    .catch(() => undefined);
}
