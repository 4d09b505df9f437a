import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { createQueryClient } from '../app/query-client';

function CurrentPath() {
  const location = useLocation();
  return (
    <output data-testid="current-path" hidden>
      {location.pathname}
    </output>
  );
}

export function createTestQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return queryClient;
}

/** The whole app at `path`, as a visitor would open it. */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
