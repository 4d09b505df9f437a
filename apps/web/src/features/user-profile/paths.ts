/** /users/{id}: a member's profile, for admins. */
export const userProfilePattern = 'users/:userId';

export function userProfilePath(userId: string | number): string {
  return `/users/${userId}`;
}
