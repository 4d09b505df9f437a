import { useQuery } from '@tanstack/react-query';
import type { CardResource } from '@wallet/contract';

const ISSUER_SYNC_POLL_MS = 2_000;
import { CARD_INCLUDES, cardKeys } from '../../../lib/card-query-keys';
import { http, type DataEnvelope } from '../../../lib/http';

/** GET /api/cards/{id}?include=user,pendingIssuingAuthorizationHolds. */
export async function getCard(cardId: number, signal?: AbortSignal): Promise<CardResource> {
  const { data } = await http.get<DataEnvelope<CardResource>>(`/api/cards/${cardId}`, {
    query: { include: CARD_INCLUDES },
    signal,
  });
  return data;
}

/** The card page shows a missing card (404) or a failure itself, so no notification on top. */
export function useCard(cardId: number) {
  return useQuery({
    queryKey: cardKeys.detail(cardId),
    queryFn: ({ signal }) => getCard(cardId, signal),
    enabled: Number.isInteger(cardId) && cardId > 0,
    meta: { silent: true },
    // While the issuer is being told of a change, look again until it has been.
    refetchInterval: (query) => (query.state.data?.issuer_sync.state === 'syncing' ? ISSUER_SYNC_POLL_MS : false),
  });
}
