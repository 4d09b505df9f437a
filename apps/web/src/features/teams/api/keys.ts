import type { QueryParams } from '../../../lib/http';

/** Query keys of the users and teams this feature reads; mutations invalidate by prefix. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: QueryParams) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const teamKeys = {
  all: ['teams'] as const,
  list: (params: QueryParams) => ['teams', 'list', params] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
};
