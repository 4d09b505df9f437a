import { render } from '@testing-library/react';
import type { Me } from '@wallet/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { sessionKeys } from '../lib/query-keys';
import { createTestQueryClient } from './render-app';

/** Shows where the router is (path and query), for navigation assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/** `ui` with the app's providers, a router at `path` (under `route` when given) and the signed-in user `me`. */
export function renderScreen(ui: ReactNode, { me, path = '/', route }: { me: Me; path?: string; route?: string }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, me);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route ?? '*'} element={ui} />
          {route && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
