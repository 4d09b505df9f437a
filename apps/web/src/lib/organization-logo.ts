import { useQuery, type QueryClient } from '@tanstack/react-query';
import { organizationLogoKeys } from './query-keys';

/** GET /api/logo/{first host segment} serves the organisation of this host (PRODUCT.md §7, ARCHITECTURE.md D5). */
export function organizationLogoPath(hostname = window.location.hostname): string {
  const segment =
    hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .split('.')[0] || 'default';
  return `/api/logo/${encodeURIComponent(segment)}`;
}

export function useLogoVersion(): number {
  return useQuery({ queryKey: organizationLogoKeys.version, queryFn: () => 0, staleTime: Infinity, initialData: 0 })
    .data;
}

export function bumpLogoVersion(queryClient: QueryClient): void {
  queryClient.setQueryData<number>(organizationLogoKeys.version, Date.now());
}
