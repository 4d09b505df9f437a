import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { meQueryKey } from '../../../lib/session';

/** PUT /api/users/{id} with the profile fields of SPEC §5. */
export async function updateProfile({ userId, values }: { userId: number; values: ProfileInput }): Promise<UserResource> {
  const { data } = await http.put<DataEnvelope<UserResource>>(`/api/users/${userId}`, values);
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
