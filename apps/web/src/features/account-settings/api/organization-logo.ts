import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { bumpLogoVersion } from '../../../lib/organization-logo';
import { organizationLogoKeys } from './keys';

export interface LogoInfo {
  /** Whether an admin uploaded a logo; otherwise the initials image shows. */
  custom: boolean;
  url: string;
}

/** GET /api/organization/logo (admins). */
export async function getLogoInfo(): Promise<LogoInfo> {
  const { data } = await http.get<DataEnvelope<LogoInfo>>('/api/organization/logo');
  return data;
}

/** POST /api/organization/logo (multipart, field 'logo'; PNG, JPEG or WebP judged by content). */
export async function uploadLogo(file: File): Promise<LogoInfo> {
  const body = new FormData();
  body.append('logo', file);
  const { data } = await http.post<DataEnvelope<LogoInfo>>('/api/organization/logo', body);
  return data;
}

/** DELETE /api/organization/logo: back to the initials image. */
export function deleteLogo(): Promise<void> {
  return http.delete<void>('/api/organization/logo');
}

export const logoInfoQueryOptions = queryOptions({
  queryKey: organizationLogoKeys.info,
  queryFn: getLogoInfo,
});

export function useLogoInfo() {
  return useQuery(logoInfoQueryOptions);
}

function useLogoMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A 422 is shown under the control; anything else through the normal notifications.
    onSuccess: async () => {
      bumpLogoVersion(queryClient);
      await queryClient.invalidateQueries({ queryKey: organizationLogoKeys.info });
    },
  });
}

export const useUploadLogo = () => useLogoMutation(uploadLogo);
export const useDeleteLogo = () => useLogoMutation(deleteLogo);
