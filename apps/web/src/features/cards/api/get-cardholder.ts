import { useQuery } from '@tanstack/react-query';
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

export function useCardholder(userId: number | undefined) {
  return useQuery({
    queryKey: cardKeys.cardholder(userId ?? 0),
    queryFn: ({ signal }) => getCardholder(userId!, signal),
    enabled: userId !== undefined,
  });
}
