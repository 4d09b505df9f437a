import type { QueryParams } from './http';

/**
 * Query keys of purchase requests and recurring requests, shared by every screen that shows them (/requests,
 * the dashboard panels), so a decision or a deletion made on one refreshes the others.
 */
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
