import { render } from '@testing-library/react';
import type { Me } from '@wallet/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { sessionKeys } from '../lib/query-keys';
import { createTestQueryClient } from './render-app';

interface Options {
  /** The URL the router starts at. */
  path?: string;
  /** A route pattern for `ui` (e.g. '/cards/:cardId'), so it can read its params. */
  route?: string;
  /** The signed-in user, as if /api/me had answered already. */
  me?: Me;
}

/**
 * One component with the app's providers (theme, notifications, queries with PRODUCT.md §8 errors) and a router:
 * quicker than the whole app in jsdom.
 */
export function renderWithProviders(ui: ReactNode, { path = '/', route, me }: Options = {}) {
  const queryClient = createTestQueryClient();
  if (me) queryClient.setQueryData(sessionKeys.me, me);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {route ? (
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
