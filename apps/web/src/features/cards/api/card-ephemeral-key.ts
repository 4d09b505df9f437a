import type { EphemeralKeyResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';

/**
 * POST /api/cards/{id}/ephemeral-keys (ISSUER=stripe): Stripe.js's nonce for this card in, an ephemeral key of the
 * card out, for Issuing Elements. A 423 until the password was confirmed: the http client asks and sends it again
 * (the same nonce: the server refused before asking Stripe). Sensitive: never kept in the query cache.
 */
export async function createCardEphemeralKey(cardId: number, nonce: string): Promise<EphemeralKeyResource> {
  const { data } = await http.post<DataEnvelope<EphemeralKeyResource>>(`/api/cards/${cardId}/ephemeral-keys`, {
    nonce,
  });
  return data;
}
