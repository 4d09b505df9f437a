import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole, ProfileInput, UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { sessionKeys, userKeys } from '../../../lib/query-keys';
import { teamKeys } from './keys';

export interface UpdateUserInput {
  id: number;
  values: ProfileInput & { role?: AssignableRole };
}

/** PUT /api/users/{id}: profile fields and, for admins, the role. */
export async function updateUser({ id, values }: UpdateUserInput): Promise<UserResource> {
  const { data } = await http.put<DataEnvelope<UserResource>>(`/api/users/${id}`, values);
  return data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
      ]);
    },
  });
}
