import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole, UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';

/** POST /api/users/{id}/invitations {role}: invites a person of the organisation who has no wallet role yet. */
export async function inviteUser({ id, role }: { id: number; role: AssignableRole }): Promise<UserResource> {
  const { data } = await http.post<DataEnvelope<UserResource>>(`/api/users/${id}/invitations`, { role });
  return data;
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
