import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationAdmin } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { helpKeys } from './keys';

/** GET /api/organization/admins: whom to contact (any signed-in person may ask). */
export async function getOrganizationAdmins(): Promise<OrganizationAdmin[]> {
  const { data } = await http.get<DataEnvelope<OrganizationAdmin[]>>('/api/organization/admins');
  return data;
}

export const organizationAdminsQueryOptions = queryOptions({
  queryKey: helpKeys.organizationAdmins,
  queryFn: getOrganizationAdmins,
  staleTime: 5 * 60_000,
});

export function useOrganizationAdmins() {
  return useQuery(organizationAdminsQueryOptions);
}
