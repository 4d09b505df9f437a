import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardResource } from '@wallet/contract';
import { cardKeys } from '../../../lib/query-keys';
import { http } from '../../../lib/http';

export type CardStatus = CardResource['status'];

/** PUT /api/cards/{id}/status {status} -> {data, message: 'Card Status Updated'}; 409 when it can't be activated. */
export function updateCardStatus(cardId: number, status: CardStatus): Promise<{ data: CardResource; message: string }> {
  return http.put(`/api/cards/${cardId}/status`, { status });
}

export function useUpdateCardStatus(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: CardStatus) => updateCardStatus(cardId, status),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<CardResource>(
        cardKeys.detail(cardId),
        (previous) => previous && { ...previous, status: data.status },
      );
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });
}

export interface BulkOutcome {
  succeeded: number[];
  failed: { cardId: number; error: unknown }[];
}

/** The same change for several cards, one call each; every card is tried, whatever happens to the others. */
export async function runForEachCard(
  cardIds: readonly number[],
  run: (cardId: number) => Promise<unknown>,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const cardId of cardIds) {
    try {
      await run(cardId);
      outcome.succeeded.push(cardId);
    } catch (error) {
      outcome.failed.push({ cardId, error });
    }
  }
  return outcome;
}

/** Activate Card(s) / Deactivate Card(s): failures are returned (and shown by the caller), not thrown. */
export function useUpdateCardsStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardIds, status }: { cardIds: readonly number[]; status: CardStatus }) =>
      runForEachCard(cardIds, (cardId) => updateCardStatus(cardId, status)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
