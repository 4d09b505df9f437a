import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardSettings, CardSettingsInput } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { cardSettingsKeys } from '../../../lib/query-keys';

/** GET /api/card-settings (admins): the organisation's defaults for new cards and its funds-low threshold. */
export function cardSettingsQueryOptions() {
  return queryOptions({
    queryKey: cardSettingsKeys.all,
    queryFn: async ({ signal }) => (await http.get<DataEnvelope<CardSettings>>('/api/card-settings', { signal })).data,
  });
}

export function useCardSettingsForm() {
  return useQuery(cardSettingsQueryOptions());
}

/** PUT /api/card-settings: the whole settings; the create-card drawer reads the saved ones next time. */
export function useSaveCardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CardSettingsInput) =>
      http.put<{ data: CardSettings; message: string }>('/api/card-settings', settings),
    onSuccess: ({ data }) => queryClient.setQueryData(cardSettingsKeys.all, data),
  });
}
