import { useQuery } from '@tanstack/react-query';
import type { CardholderStanding } from '@wallet/contract';
import { cardKeys } from '../../../lib/card-query-keys';
import { http, type DataEnvelope } from '../../../lib/http';

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

/** The card page's read of the holder's standing at the issuer: quiet when it fails (the page shows no warning then). */
export function useCardholderStanding(userId: number | undefined) {
  const query = useQuery({
    queryKey: [...cardKeys.cardholder(userId ?? 0), 'standing'],
    queryFn: ({ signal }) => getCardholder(userId!, signal),
    enabled: userId !== undefined,
    meta: { silent: true },
  });
  return query.data?.issuer_standing;
}

export function useCardholder(userId: number | undefined) {
  return useQuery({
    queryKey: cardKeys.cardholder(userId ?? 0),
    queryFn: ({ signal }) => getCardholder(userId!, signal),
    enabled: userId !== undefined,
  });
}
