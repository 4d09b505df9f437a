import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, UpdateUserResponse } from '@wallet/contract';
import { http } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

/**
 * PUT /api/users/{id} with the profile fields of PRODUCT.md §5. The answer's message says when a new email of one's own
 * waits for the link mailed to it (the saved user keeps the current address until then).
 */
export function updateProfile({
  userId,
  values,
}: {
  userId: number;
  values: ProfileInput;
}): Promise<UpdateUserResponse> {
  return http.put<UpdateUserResponse>(`/api/users/${userId}`, values);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}
