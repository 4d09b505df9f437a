import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardholderStanding } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { cardKeys } from '../../../lib/query-keys';

export interface CardholderAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
}

export interface Cardholder {
  /** What the card issuer says of the person (blocked, inactive, requirements past due). */
  issuer_standing?: CardholderStanding;
  stripe_cardholder_details: {
    name: string;
    individual: { first_name: string; last_name: string };
    billing: { address: CardholderAddress };
  };
}

/** GET /api/users/{id}/cardholder: null until the user's first card made them a cardholder. */
export async function getCardholder(userId: number, signal?: AbortSignal): Promise<Cardholder | null> {
  const { data } = await http.get<DataEnvelope<Cardholder | null>>(`/api/users/${userId}/cardholder`, { signal });
  return data;
}

/** The holder's standing at the issuer, as the card page reads it: quiet when it fails (no warning shows then). */
export function cardholderStandingQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: cardKeys.cardholderStanding(userId ?? 0),
    queryFn: ({ signal }) => getCardholder(userId!, signal),
    enabled: userId !== undefined,
    meta: { silent: true },
  });
}

export function useCardholderStanding(userId: number | undefined) {
  return useQuery(cardholderStandingQueryOptions(userId)).data?.issuer_standing;
}

export function cardholderQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: cardKeys.cardholder(userId ?? 0),
    queryFn: ({ signal }) => getCardholder(userId!, signal),
    enabled: userId !== undefined,
  });
}

export function useCardholder(userId: number | undefined) {
  return useQuery(cardholderQueryOptions(userId));
}
