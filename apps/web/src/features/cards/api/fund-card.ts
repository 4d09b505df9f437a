import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardResource } from '@wallet/contract';
import { cardKeys } from '../../../lib/card-query-keys';
import { http } from '../../../lib/http';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency';
import { getCard } from './get-card';
import { runForEachCard } from './update-card-status';

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
export function fundCard({ cardId, amount, description, idempotencyKey }: FundCardVariables): Promise<{ data: CardResource; message: string }> {
  return http.put(`/api/cards/${cardId}/balance`, { amount, description }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useFundCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

/**
 * Fund Card(s): adds `amount` cents to each card's current spending limit (read fresh, so a stale page adds
 * nothing twice). Every card is tried; failures are returned for the caller to show.
 */
export function useFundCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardIds, amount, description }: { cardIds: readonly number[]; amount: number; description: string }) =>
      runForEachCard(cardIds, async (cardId) => {
        const card = await getCard(cardId);
        return fundCard({ cardId, amount: card.spending_limit + amount, description, idempotencyKey: newIdempotencyKey() });
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
