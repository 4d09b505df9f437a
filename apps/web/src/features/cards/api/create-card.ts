import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardResource, NewCardInput } from '@wallet/contract';
import { cardKeys } from '../../../lib/query-keys';
import { http } from '../../../lib/http';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency';

export interface CreateCardVariables {
  input: NewCardInput;
  /** One key per form submission, so a retried request creates one card. */
  idempotencyKey: string;
}

/** POST /api/cards -> 201 {data, message: 'Added'}; the card starts inactive. */
export async function createCard({
  input,
  idempotencyKey,
}: CreateCardVariables): Promise<{ data: CardResource; message: string }> {
  return http.post('/api/cards', input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
