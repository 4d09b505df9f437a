import type { QueryClient } from '@tanstack/react-query';
import { isAdmin, type Me } from '@wallet/contract';
import { preloadable } from '../../lib/preloadable';
import type { prefetchDashboard as PrefetchDashboard } from './api/prefetch';

/** The dashboards' code: DashboardPage renders it, the sign-in preloads it. */
export const adminDashboardCode = preloadable(() => import('./admin/AdminDashboard'));
export const memberDashboardCode = preloadable(() => import('./member/MemberDashboard'));
const prefetchCode = preloadable(() => import('./api/prefetch'));

/**
 * Starts fetching the dashboards' code (and the charts library they share) while the sign-in request is on its way,
 * so the dashboard after sign-in does not wait for it on a cold cache (ARCHITECTURE.md D10). A failure here is
 * harmless: the dashboard loads the code itself.
 */
export function preloadDashboards(): void {
  adminDashboardCode.load().catch(() => undefined);
  memberDashboardCode.load().catch(() => undefined);
  prefetchCode.load().catch(() => undefined);
}

/**
 * Starts the dashboard's calls as soon as the sign-in has answered and the user is known, while the signed-in frame
 * renders, instead of once the dashboard page has rendered (D10). The page's own prefetch then finds them under way.
 */
export function prefetchDashboardData(queryClient: QueryClient, me: Me): void {
  const prefetch = ({ prefetchDashboard }: { prefetchDashboard: typeof PrefetchDashboard }) =>
    prefetchDashboard(queryClient, isAdmin(me.roles), me.id);
  // Preloaded with the dashboards' code: then the calls go out now, before the navigation's render.
  const loaded = prefetchCode.loaded();
  if (loaded) prefetch(loaded);
  else prefetchCode.load().then(prefetch, () => undefined);
}
