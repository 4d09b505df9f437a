import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';
import { teamKeys } from './keys';

/** POST /api/teams/{id}/users {users}. */
export function addTeamMembers({ teamId, users }: { teamId: number; users: number[] }) {
  return http.post<DataEnvelope<{ members_count: number }>>(`/api/teams/${teamId}/users`, { users });
}

export function useAddTeamMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamMembers,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
