import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardIdentityInput, SpendingControlsInput } from '@wallet/contract';
import { http } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';
import type { CardWithControls } from './card-controls-types';

type Changed = { data: CardWithControls; message: string };

/** PUT /api/cards/{id}/spending-controls (admins) -> {data, message}. */
export function updateSpendingControls(cardId: number, controls: SpendingControlsInput): Promise<Changed> {
  return http.put(`/api/cards/${cardId}/spending-controls`, controls);
}

/** PATCH /api/cards/{id} (admins): nickname, purpose, merchant lock, allocation expiry; only the fields sent change. */
export function updateCardDetails(cardId: number, fields: CardIdentityInput): Promise<Changed> {
  return http.patch(`/api/cards/${cardId}`, fields);
}

/** PUT /api/cards/{id}/low-balance-alert {threshold} (the holder or an admin); null switches it off. */
export function updateLowBalanceAlert(cardId: number, threshold: number | null): Promise<Changed> {
  return http.put(`/api/cards/${cardId}/low-balance-alert`, { threshold });
}

/** The card answered by a change replaces the page's copy, and every list showing cards refreshes. */
function useCardChange<Input>(cardId: number, change: (input: Input) => Promise<Changed>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<CardWithControls>(cardKeys.detail(cardId), (previous) =>
        previous ? { ...previous, ...data } : data,
      );
      return queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
  });
}

export const useUpdateSpendingControls = (cardId: number) =>
  useCardChange(cardId, (controls: SpendingControlsInput) => updateSpendingControls(cardId, controls));
export const useUpdateCardDetails = (cardId: number) =>
  useCardChange(cardId, (fields: CardIdentityInput) => updateCardDetails(cardId, fields));
export const useUpdateLowBalanceAlert = (cardId: number) =>
  useCardChange(cardId, (threshold: number | null) => updateLowBalanceAlert(cardId, threshold));
