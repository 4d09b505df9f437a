import { QueryClient, type Mutation, type Query } from '@tanstack/react-query';
import { HttpError } from '../lib/http';
import { sessionKeys } from '../lib/query-keys';
import '../lib/query-meta';

const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same again; retry only network failures and server errors.
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Routes every failed query and mutation to `notify` (PRODUCT.md §8) unless its meta says `silent`,
 * and treats a 401 anywhere as "signed out". Returns the unsubscribe function.
 */
export function connectErrorHandling(queryClient: QueryClient, notify: (error: unknown) => void): () => void {
  const handle = (error: unknown, source: Query | Mutation<unknown, unknown, unknown, unknown>) => {
    if (error instanceof HttpError && error.status === 401) {
      queryClient.setQueryData(sessionKeys.me, null);
      return;
    }
    if (!source.meta?.silent) notify(error);
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error, event.query);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && event.mutation) {
      handle(event.action.error, event.mutation);
    }
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
