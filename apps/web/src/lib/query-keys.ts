import type { QueryParams } from './http';

/*
 * Query keys of the data several features read. Each factory lists every key under its prefix, so invalidating
 * `xKeys.all` visibly refreshes all of them: a change made on one screen (a funding, a decision, a profile edit)
 * shows on the others. A key only one feature uses lives in that feature's api/keys.ts.
 */

/** The signed-in user (GET /api/me). */
export const sessionKeys = {
  me: ['me'] as const,
};

/** Bumped after an upload or removal of the organisation's logo so every logo on the page loads the new image. */
export const organizationLogoKeys = {
  version: ['organization-logo', 'version'] as const,
};

/** Cards: /cards, /cards/{id}, /my-cards, the dashboards, the request form and the user profile. */
export const cardKeys = {
  all: ['cards'] as const,
  list: (params: QueryParams) => ['cards', 'list', params] as const,
  ofUser: (userId: number, params: QueryParams) => ['cards', 'user', userId, params] as const,
  /** A user's cards as the profile pages them. */
  profileCards: (userId: number, page: number) => ['cards', 'user', userId, 'profile', page] as const,
  detail: (cardId: number) => ['cards', 'detail', cardId] as const,
  holds: (cardId: number) => ['cards', 'detail', cardId, 'holds'] as const,
  expenses: (cardId: number, params: QueryParams) => ['cards', 'detail', cardId, 'expenses', params] as const,
  /** The card's declined authorisations (its Declined list); purchases make them stale (card.activity). */
  declines: (cardId: number, page: number) => ['cards', 'detail', cardId, 'declines', page] as const,
  /** A person's latest declines across their cards (the member dashboard). */
  userDeclines: (userId: number) => ['cards', 'user', userId, 'declines'] as const,
  cardholder: (userId: number) => ['cards', 'cardholder', userId] as const,
  /** Only the holder's issuer_standing, as the card page reads it. */
  cardholderStanding: (userId: number) => ['cards', 'cardholder', userId, 'standing'] as const,
  /** Only the holder's issuer_standing (null when no cardholder), as the profile reads it. */
  profileStanding: (userId: number) => ['cards', 'cardholder', userId, 'profile-standing'] as const,
  /** The cards a purchase request may fund (the requester's own). */
  requestChoices: (userId: number) => ['cards', 'request-choices', userId] as const,
  recentlyUsed: (params: QueryParams) => ['cards', 'dashboard', 'recently-used', params] as const,
};

/** People: the users and teams screens, the card holder, the request form and the user profile. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: QueryParams) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  /** The holder of a card, as an admin reads them on the card page. */
  cardHolder: (id: number) => ['users', 'detail', id, 'holder'] as const,
  /** The teams a purchase request may be filed for (those the requester belongs to). */
  teamsOf: (id: number) => ['users', 'detail', id, 'teams'] as const,
  profile: (id: number) => ['users', 'detail', id, 'profile'] as const,
  profileSpend: (id: number) => ['users', 'detail', id, 'profile', 'spend-6-months'] as const,
};

/** Purchase requests: /requests and the dashboard panels. `scope` names the list (all, user:{id}, a panel). */
export const requestKeys = {
  all: ['purchase-requests'] as const,
  lists: ['purchase-requests', 'list'] as const,
  list: (scope: string, params: QueryParams) => ['purchase-requests', 'list', scope, params] as const,
  details: ['purchase-requests', 'detail'] as const,
  detail: (id: number) => ['purchase-requests', 'detail', id] as const,
};

export const recurringKeys = {
  all: ['recurring-purchase-requests'] as const,
  list: (scope: string, params: QueryParams) => ['recurring-purchase-requests', 'list', scope, params] as const,
};

/**
 * The dashboards' own figures (KPIs, balance, charts, a member's cards). Their request panels and card lists are
 * under requestKeys and cardKeys; Account Funding marks these stale after a top-up.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  kpi: ['dashboard', 'kpi'] as const,
  /** GET /api/balance, which Account Funding shows too (lib/balance.ts). */
  balance: ['dashboard', 'balance'] as const,
  analytics: (path: string, query: QueryParams) => ['dashboard', 'analytics', path, query] as const,
  userCards: (userId: number) => ['dashboard', 'user-cards-analytics', userId] as const,
};

/** The signed-in person's notifications (the header's bell); live events mark them stale. */
export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};

/** The organisation's Card Settings (the defaults a new card starts from): the create-card drawer and its page. */
export const cardSettingsKeys = {
  all: ['card-settings'] as const,
};
