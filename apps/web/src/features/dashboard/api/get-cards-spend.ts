import { queryOptions, useQueries } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type ListResponse } from '@wallet/contract';
import { http } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

export const SPENT_DAYS = 30;
/** At most this many pages of a card's expenses are read for its 30-day spend. */
const MAX_SPEND_PAGES = 5;

interface ExpenseRow {
  id: number;
  stripe_created: number;
  amount: number;
}

/**
 * What a card spent in the last 30 days, net of refunds: its expenses newest first (GET /api/cards/{id}/expenses),
 * summed until one is older than 30 days. The API has no per-card total, so this reads pages of up to 200.
 */
export async function cardSpendSince(cardId: number, sinceUnix: number, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (let page = 1; page <= MAX_SPEND_PAGES; page += 1) {
    const { data, meta } = await http.get<ListResponse<ExpenseRow>>(`/api/cards/${cardId}/expenses`, {
      query: { sort: '-stripe_created', 'page[number]': page, 'page[size]': MAX_PAGE_SIZE },
      signal,
    });
    for (const expense of data) {
      if (expense.stripe_created < sinceUnix) return total;
      total += Number(expense.amount);
    }
    if (page >= meta.last_page || data.length === 0) return total;
  }
  return total;
}

export function cardSpendQueryOptions(cardId: number) {
  return queryOptions({
    queryKey: cardKeys.spentInDays(cardId, SPENT_DAYS),
    queryFn: ({ signal }) => cardSpendSince(cardId, Math.floor(Date.now() / 1000) - SPENT_DAYS * 24 * 60 * 60, signal),
    staleTime: 60_000,
  });
}

/** The 30-day spend of each card, one query per card. */
export function useCardsSpend(cardIds: readonly number[]) {
  return useQueries({ queries: cardIds.map((cardId) => cardSpendQueryOptions(cardId)) });
}
