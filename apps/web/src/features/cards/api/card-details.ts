import { useMutation } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';

export interface CardDetails {
  number: string;
  cvc: string;
  exp_month: number;
  exp_year: number;
}

/**
 * GET /api/cards/{id}/details: the full number and CVC, or a 423 until the password was confirmed
 * (ARCHITECTURE.md D5), which the http client turns into the confirm-password modal and a second try.
 */
export async function getCardDetails(cardId: number): Promise<CardDetails> {
  const { data } = await http.get<DataEnvelope<CardDetails>>(`/api/cards/${cardId}/details`);
  return data;
}

/** Sensitive: kept in the page's state only, never in the query cache. */
export function useRevealCardDetails(cardId: number) {
  return useMutation({ mutationFn: () => getCardDetails(cardId) });
}
