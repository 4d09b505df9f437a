import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardholderStanding } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

/**
 * GET /api/users/{id}/cardholder's issuer_standing: what the card issuer says of the person (null when they are no
 * cardholder).
 */
export async function getProfileStanding(id: number, signal?: AbortSignal): Promise<CardholderStanding | null> {
  const { data } = await http.get<DataEnvelope<{ issuer_standing?: CardholderStanding } | null>>(
    `/api/users/${id}/cardholder`,
    { signal },
  );
  return data?.issuer_standing ?? null;
}

/** Quiet on failure: the profile then shows no warning. */
export function profileStandingQueryOptions(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: cardKeys.profileStanding(id),
    queryFn: ({ signal }) => getProfileStanding(id, signal),
    enabled,
    meta: { silent: true },
  });
}

export function useProfileCardholderStanding(id: number, enabled: boolean) {
  return useQuery(profileStandingQueryOptions(id, enabled));
}
