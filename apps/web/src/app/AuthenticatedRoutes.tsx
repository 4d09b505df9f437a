import { isAdmin } from '@wallet/contract';
import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { userProfilePattern } from '../features/user-profile/paths';
import { routePatterns } from '../paths';

const AccountSettingsPage = lazy(() =>
  import('../features/account-settings/AccountSettingsPage').then((m) => ({ default: m.AccountSettingsPage })),
);
const CardDetailPage = lazy(() =>
  import('../features/cards/CardDetailPage').then((m) => ({ default: m.CardDetailPage })),
);
const CardsPage = lazy(() => import('../features/cards/CardsPage').then((m) => ({ default: m.CardsPage })));
const HelpAndSupportPage = lazy(() =>
  import('../features/help-and-support/HelpAndSupportPage').then((m) => ({ default: m.HelpAndSupportPage })),
);
const MyCardsPage = lazy(() => import('../features/my-cards/MyCardsPage').then((m) => ({ default: m.MyCardsPage })));
const NotificationsPage = lazy(() =>
  import('../features/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const ReceiptInboxPage = lazy(() =>
  import('../features/receipts/ReceiptInboxPage').then((m) => ({ default: m.ReceiptInboxPage })),
);
const ReportsAndInsightsPage = lazy(() =>
  import('../features/reports-and-insights/ReportsAndInsightsPage').then((m) => ({
    default: m.ReportsAndInsightsPage,
  })),
);
const RequestsPage = lazy(() => import('../features/requests/RequestsPage').then((m) => ({ default: m.RequestsPage })));
const TeamDetailPage = lazy(() =>
  import('../features/teams/team-detail/TeamDetailPage').then((m) => ({ default: m.TeamDetailPage })),
);
const TeamsPage = lazy(() => import('../features/teams/TeamsPage').then((m) => ({ default: m.TeamsPage })));
const UserProfilePage = lazy(() =>
  import('../features/user-profile/UserProfilePage').then((m) => ({ default: m.UserProfilePage })),
);

const everyonesRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: routePatterns.dashboard, element: <DashboardPage /> },
  { path: routePatterns.accountSettings, element: <AccountSettingsPage /> },
  { path: routePatterns.card, element: <CardDetailPage /> },
  { path: routePatterns.myCards, element: <MyCardsPage /> },
  { path: routePatterns.requests, element: <RequestsPage /> },
  { path: routePatterns.helpAndSupport, element: <HelpAndSupportPage /> },
  { path: routePatterns.notifications, element: <NotificationsPage /> },
  { path: routePatterns.receipts, element: <ReceiptInboxPage /> },
];

const notFound: RouteObject = { path: '*', element: <NotFoundPage /> };

/** PRODUCT.md §2 route table for admin roles. */
export const adminRoutes: RouteObject[] = [
  ...everyonesRoutes,
  { path: routePatterns.cards, element: <CardsPage /> },
  { path: routePatterns.reportsAndInsights, element: <ReportsAndInsightsPage /> },
  { path: routePatterns.teams, element: <TeamsPage /> },
  { path: routePatterns.team, element: <TeamDetailPage /> },
  { path: userProfilePattern, element: <UserProfilePage /> },
  notFound,
];

/** PRODUCT.md §2 route table for everyone else: admin pages do not exist for them. */
export const memberRoutes: RouteObject[] = [...everyonesRoutes, notFound];

export function AuthenticatedRoutes({ roles }: { roles: readonly string[] }) {
  return useRoutes(isAdmin(roles) ? adminRoutes : memberRoutes);
}
