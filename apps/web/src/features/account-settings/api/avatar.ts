import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, type DataEnvelope } from '../../../lib/http';
import { sessionKeys } from '../../../lib/query-keys';

/** POST /users/{id}/avatar (multipart, field 'avatar'). */
export async function uploadAvatar({ userId, file }: { userId: number; file: File }): Promise<string | null> {
  const body = new FormData();
  body.append('avatar', file);
  const { data } = await http.post<DataEnvelope<{ avatar_url: string | null }>>(`/users/${userId}/avatar`, body);
  return data.avatar_url;
}

/** DELETE /users/{id}/avatar. */
export function deleteAvatar(userId: number): Promise<void> {
  return http.delete<void>(`/users/${userId}/avatar`);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

/** Its failure is shown by the caller as 'Avatar Deletion Failed' with the server's messages (PRODUCT.md §8). */
export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}
