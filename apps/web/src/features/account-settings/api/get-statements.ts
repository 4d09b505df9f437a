import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementMonth } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { fundingKeys } from './keys';

/** GET /api/statements: the funds month by month, newest month first (admins). */
export async function getStatements(signal?: AbortSignal): Promise<StatementMonth[]> {
  return (await http.get<DataEnvelope<StatementMonth[]>>('/api/statements', { signal })).data;
}

export const statementsQueryOptions = queryOptions({
  queryKey: fundingKeys.statements,
  queryFn: ({ signal }) => getStatements(signal),
});

export function useStatements() {
  return useQuery(statementsQueryOptions);
}
