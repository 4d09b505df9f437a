import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, TeamResource } from '@wallet/contract';
import { http, type QueryParams } from '../../../lib/http';
import { teamKeys } from './keys';

/** GET /api/teams with counts and the approved request amount. */
export function getTeams(params: QueryParams, signal?: AbortSignal): Promise<ListResponse<TeamResource>> {
  return http.get<ListResponse<TeamResource>>('/api/teams', { query: params, signal });
}

export const TEAM_LIST_INCLUDES = 'usersCount,activeCardsCount,approvedPurchaseRequestsAmount';

export function teamsQueryOptions(params: QueryParams) {
  return queryOptions({
    queryKey: teamKeys.list(params),
    queryFn: ({ signal }) => getTeams(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeams(params: QueryParams) {
  return useQuery(teamsQueryOptions(params));
}
