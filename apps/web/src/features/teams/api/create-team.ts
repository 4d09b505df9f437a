import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewTeamInput, TeamResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';
import { teamKeys } from './keys';

/** POST /api/teams {name, color, team: {users}, approval_path}. */
export async function createTeam(input: NewTeamInput): Promise<TeamResource> {
  const { data } = await http.post<DataEnvelope<TeamResource>>('/api/teams', input);
  return data;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
