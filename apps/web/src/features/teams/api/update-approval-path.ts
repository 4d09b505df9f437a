import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { teamKeys } from './keys';

type PathUser = NonNullable<TeamResource['approval_path_users']>[number];

export interface UpdateApprovalPathInput {
  teamId: number;
  approvalPath: number[];
  /** People newly put on the path, so they show at once. */
  added?: PathUser[];
}

/** PUT /api/teams/{id} {approval_path}: the whole ordered path. */
export async function updateApprovalPath({ teamId, approvalPath }: UpdateApprovalPathInput): Promise<TeamResource> {
  const { data } = await http.put<DataEnvelope<TeamResource>>(`/api/teams/${teamId}`, { approval_path: approvalPath });
  return data;
}

/** Saves the path; the screen shows the new order at once and goes back to the old one if saving fails. */
export function useUpdateApprovalPath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApprovalPath,
    onMutate: async ({ teamId, approvalPath, added = [] }) => {
      const key = teamKeys.detail(teamId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TeamResource>(key);
      if (previous) {
        const known = new Map([...(previous.approval_path_users ?? []), ...added].map((user) => [user.id, user]));
        const users = approvalPath.flatMap((id) => (known.has(id) ? [known.get(id)!] : []));
        queryClient.setQueryData<TeamResource>(key, {
          ...previous,
          approval_path: approvalPath,
          approval_path_users: users,
        });
      }
      return { previous };
    },
    onError: (_error, { teamId }, context) => {
      if (context?.previous) queryClient.setQueryData(teamKeys.detail(teamId), context.previous);
    },
    onSuccess: (team) => {
      queryClient.setQueryData<TeamResource>(teamKeys.detail(team.id), (previous) => ({ ...previous, ...team }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
