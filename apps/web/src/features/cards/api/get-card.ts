import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardResource } from '@wallet/contract';
import { CARD_INCLUDES } from '../../../lib/card-includes';
import { http, type DataEnvelope } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

const ISSUER_SYNC_POLL_MS = 2_000;

/** GET /api/cards/{id}?include=user,pendingIssuingAuthorizationHolds. */
export async function getCard(cardId: number, signal?: AbortSignal): Promise<CardResource> {
  const { data } = await http.get<DataEnvelope<CardResource>>(`/api/cards/${cardId}`, {
    query: { include: CARD_INCLUDES },
    signal,
  });
  return data;
}

/** The card page shows a missing card (404) or a failure itself, so no notification on top. */
export function cardQueryOptions(cardId: number) {
  return queryOptions({
    queryKey: cardKeys.detail(cardId),
    queryFn: ({ signal }) => getCard(cardId, signal),
    enabled: Number.isInteger(cardId) && cardId > 0,
    meta: { silent: true },
    // While the issuer is being told of a change, look again until it has been.
    refetchInterval: (query) => (query.state.data?.issuer_sync.state === 'syncing' ? ISSUER_SYNC_POLL_MS : false),
  });
}

export function useCard(cardId: number) {
  return useQuery(cardQueryOptions(cardId));
}
