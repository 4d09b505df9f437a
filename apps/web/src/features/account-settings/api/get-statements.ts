import { useQuery } from '@tanstack/react-query';
import type { StatementMonth } from '@wallet/contract';
import { http, type DataEnvelope } from '../../../lib/http';
import { fundingKeys } from './funding-keys';

/** GET /api/statements: the funds month by month, newest month first (admins). */
export async function getStatements(signal?: AbortSignal): Promise<StatementMonth[]> {
  return (await http.get<DataEnvelope<StatementMonth[]>>('/api/statements', { signal })).data;
}

export function useStatements() {
  return useQuery({ queryKey: fundingKeys.statements, queryFn: ({ signal }) => getStatements(signal) });
}
