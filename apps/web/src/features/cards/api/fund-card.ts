import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardResource, FundCardsResponse } from '@wallet/contract';
import { cardKeys } from '../../../lib/query-keys';
import { http } from '../../../lib/http';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency';

export interface FundCardVariables {
  cardId: number;
  /** The card's new spending limit in cents. */
  amount: number;
  description: string;
  idempotencyKey: string;
}

/**
 * PUT /api/cards/{id}/balance {amount, description}: sets the spending limit (cents). 409 with a message when
 * the organisation's unallocated funds can't cover it.
 */
export function fundCard({
  cardId,
  amount,
  description,
  idempotencyKey,
}: FundCardVariables): Promise<{ data: CardResource; message: string }> {
  return http.put(
    `/api/cards/${cardId}/balance`,
    { amount, description },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
}

export function useFundCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

export interface FundCardsVariables {
  cardIds: readonly number[];
  /** Cents added to each card's spending limit (at least 1). */
  amount: number;
  description: string;
  /** One per submission; a retry of the same submission sends the same key, so it is applied once. */
  idempotencyKey: string;
}

/**
 * POST /api/cards/fund {card_ids, amount, description}: Fund Card(s). The server adds `amount` cents to each card's
 * spending limit as it is when it funds (never a limit read here earlier), all cards or none: 409 with a message when
 * the organisation's unallocated funds can't cover them all, 404 when a card is gone.
 */
export function fundCards({
  cardIds,
  amount,
  description,
  idempotencyKey,
}: FundCardsVariables): Promise<FundCardsResponse> {
  return http.post(
    '/api/cards/fund',
    { card_ids: cardIds, amount, description },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
}

export function useFundCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundCards,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
