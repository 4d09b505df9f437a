import type { QueryParams } from './http';

/**
 * Query keys of card data, shared by the card screens (/cards, /cards/{id}, /my-cards) so a change made on one
 * (funding, status) refreshes the others: every key starts with 'cards'.
 */
export const cardKeys = {
  all: ['cards'] as const,
  list: (params: QueryParams) => ['cards', 'list', params] as const,
  ofUser: (userId: number, params: QueryParams) => ['cards', 'user', userId, params] as const,
  detail: (cardId: number) => ['cards', 'detail', cardId] as const,
  holds: (cardId: number) => ['cards', 'detail', cardId, 'holds'] as const,
  expenses: (cardId: number, params: QueryParams) => ['cards', 'detail', cardId, 'expenses', params] as const,
  cardholder: (userId: number) => ['cards', 'cardholder', userId] as const,
};

/** `include` of every card list and card read (PRODUCT.md §7). */
export const CARD_INCLUDES = 'user,pendingIssuingAuthorizationHolds';
