import { EMAIL_CHANGE_PAGE } from '@wallet/contract';

/** Every route path of the SPA in one place (PRODUCT.md §2). Builders take ids; patterns are for route tables. */
export const paths = {
  home: '/',
  login: '/login',
  loginTwoFactor: '/login/two-factor',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  signUp: '/sign-up',
  register: '/register',
  passThrough: '/auth-check/pass-through',
  organizationNotFound: '/organization/not-found',
  ssoRefused: '/sso/refused',
  ssoConfirm: '/sso/confirm',
  dashboard: '/dashboard',
  accountSettings: '/account-settings',
  profile: '/account-settings?tab=profile',
  helpAndSupport: '/help-and-support',
  cards: '/cards',
  card: (cardId: string | number) => `/cards/${cardId}`,
  myCards: '/my-cards',
  reportsAndInsights: '/reports-and-insights',
  requests: '/requests',
  approvalsDone: '/purchase-requests/approvals/done',
  approvalsError: '/purchase-requests/approvals/error',
  approvalsExpired: '/purchase-request/approvals/expired',
  registrationRequested: '/registration-requested',
  registrationApprovalStatus: '/registration-approval-status',
  accessPending: '/access-pending',
  emailChange: EMAIL_CHANGE_PAGE,
  teams: '/teams',
  team: (teamId: string | number) => `/teams/${teamId}`,
  notifications: '/notifications',
  receipts: '/receipts',
} as const;

/** Route patterns, relative to '/', for the authenticated route tables. */
export const routePatterns = {
  dashboard: 'dashboard',
  accountSettings: 'account-settings',
  cards: 'cards',
  card: 'cards/:cardId',
  myCards: 'my-cards',
  reportsAndInsights: 'reports-and-insights',
  requests: 'requests',
  teams: 'teams',
  team: 'teams/:teamId',
  helpAndSupport: 'help-and-support',
  notifications: 'notifications',
  receipts: 'receipts',
} as const;

/** Server endpoints reached by full navigation rather than fetch. */
export const serverPaths = {
  googleSignIn: '/oauth/google/redirect',
} as const;
