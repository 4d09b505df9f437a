/*
 * The dashboard feature's public entry: what other features may import. Only light things belong here; the page
 * itself is loaded by the router (app/), and the dashboards' code stays in chunks of their own.
 */
export { prefetchDashboardData, preloadDashboards } from './preload';
export { SignInWarmUpHost, skipSignInWarmUp } from './warm-up/SignInWarmUpHost';
