/** PRODUCT.md §9 business constants. */
export const PAGE_SIZES = {
  table: 10,
  tableOptions: [5, 10, 20, 50, 100],
  teamMembers: 5,
  cards: 8,
  cardsOptions: [8, 16, 48, 96],
  cardExpenses: 5,
  userDropdown: 200,
  purchaseRequests: 10,
  dashboardPanel: 2,
  myCards: 10,
  topFive: 5,
} as const;

export const MAX_PAGE_SIZE = 200;
export const SEARCH_DEBOUNCE_MS = 800;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_NOTE_LENGTH = 255;

/** Session idle lifetime default (ARCHITECTURE.md D5), overridable by SESSION_IDLE_MINUTES. */
export const DEFAULT_SESSION_IDLE_MINUTES = 120;
/** Login throttle: 5 failures per email and IP within a minute. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_SECONDS = 60;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'wallet_session';

/**
 * The public page an email confirmation link lands on, `?status=` saying what opening it did. Here, not in users.ts:
 * the web app's paths import it on the first load, and users.ts's schemas would bring zod along.
 */
export const EMAIL_CHANGE_PAGE = '/email-change';

/** The companion giving product named in the user menu (PRODUCT.md §1). */
export const GIVING_PRODUCT_NAME = 'Demo';
export const APP_VERSION_LABEL = 'Beta v0.1.0';

/** The team colour palette of 12 (PRODUCT.md §5 New team). */
export const TEAM_COLORS = [
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#FAAD14',
  '#FA541C',
  '#F5222D',
  '#EB2F96',
  '#722ED1',
  '#2F54EB',
  '#A0D911',
  '#FA8C16',
  '#595959',
] as const;
