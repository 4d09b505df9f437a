import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CARD_SETTINGS, type CardSettings } from '@wallet/contract';
import { http, HttpError, type DataEnvelope } from '../../../lib/http';
import { cardSettingsKeys } from '../../../lib/query-keys';

/** GET /api/card-settings (admins): the defaults a new card starts from; the defaults of all when not offered yet. */
export async function getCardSettings(signal?: AbortSignal): Promise<CardSettings> {
  try {
    const { data } = await http.get<DataEnvelope<CardSettings>>('/api/card-settings', { signal });
    return data;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return DEFAULT_CARD_SETTINGS;
    throw error;
  }
}

export function cardSettingsQueryOptions() {
  return queryOptions({
    queryKey: cardSettingsKeys.all,
    queryFn: ({ signal }) => getCardSettings(signal),
    meta: { silent: true },
  });
}

export function useCardSettings(enabled = true) {
  return useQuery({ ...cardSettingsQueryOptions(), enabled });
}
