import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';
import { teamKeys } from './keys';

/** DELETE /api/teams/{id}/users/{userId}: also takes the person off the approval path. */
export function removeTeamMember({ teamId, userId }: { teamId: number; userId: number }): Promise<void> {
  return http.delete<void>(`/api/teams/${teamId}/users/${userId}`);
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
