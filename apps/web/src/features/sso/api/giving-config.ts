import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GivingConfig } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { ssoKeys } from './keys';

/** GET /api/sso/config (public): the giving product's name and address, and whether SSO to it is set up. */
export async function getGivingConfig(): Promise<GivingConfig> {
  const { data } = await http.get<DataEnvelope<GivingConfig>>('/api/sso/config');
  return data;
}

export const givingConfigQueryOptions = queryOptions({
  queryKey: ssoKeys.givingConfig,
  queryFn: getGivingConfig,
  // Server configuration: fixed for the life of the page.
  staleTime: Infinity,
  // Without it the menu still works (the server explains); no notification for a side detail.
  meta: { silent: true },
});

export function useGivingConfig() {
  return useQuery(givingConfigQueryOptions);
}
