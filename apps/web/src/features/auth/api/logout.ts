import { http } from '../../../lib/http';

/** POST /logout. */
export function logout(): Promise<void> {
  return http.post<void>('/logout');
}
