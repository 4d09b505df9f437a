/**
 * Starts fetching the dashboards' code (and the charts library they share) while the sign-in request is on its way,
 * so the dashboard after sign-in does not wait for it on a cold cache (ARCHITECTURE.md D10). A failure here is
 * harmless: the dashboard loads the code itself.
 */
export function preloadDashboards(): void {
  void import('./admin/AdminDashboard').catch(() => undefined);
  void import('./member/MemberDashboard').catch(() => undefined);
}
