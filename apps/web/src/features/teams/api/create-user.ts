import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewUserInput, UserResource } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { userKeys } from '../../../lib/query-keys';

/** POST /api/users: creates the user with one role and mails an invitation. */
export async function createUser(input: NewUserInput): Promise<UserResource> {
  const { data } = await http.post<DataEnvelope<UserResource>>('/api/users', input);
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
