import type { QueryParams } from '../../../lib/http';

/** Query keys of the teams screens; mutations invalidate by prefix (people are under lib/query-keys' userKeys). */
export const teamKeys = {
  all: ['teams'] as const,
  list: (params: QueryParams) => ['teams', 'list', params] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
};
