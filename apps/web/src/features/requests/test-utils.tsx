import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { REQUEST_TEXTS, type Me } from '@wallet/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { sessionKeys } from '../../lib/query-keys';
import type { installFakeApi } from '../../test/fake-api';
import { findDrawer } from '../../test/queries';
import { createTestQueryClient } from '../../test/render-app';

/** One screen of this feature with the app's providers and a signed-in user: quicker than the whole app in jsdom. */
export function renderSignedIn(ui: ReactNode, me: Me, path = '/requests') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, me);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** The URLs of the GETs the fake API answered for `path`, with their query strings. */
export function listCalls(fake: ReturnType<typeof installFakeApi>, path: string): URL[] {
  return fake.fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/** Opens the actions menu of the `index`th row. */
export async function openRowMenu(user: UserEvent, index = 0) {
  const buttons = await screen.findAllByLabelText(/^Actions for the/);
  await user.click(buttons[index]!);
}

export async function chooseMenuItem(user: UserEvent, text: string) {
  const item = await screen.findByText(text, {
    selector: '.ant-dropdown-menu-title-content, .ant-dropdown-menu-title-content *',
  });
  await user.click(item);
}

/** View Request on the first row: the details drawer, once its approval path is shown. */
export async function openDetails(user: UserEvent) {
  await openRowMenu(user);
  await chooseMenuItem(user, REQUEST_TEXTS.viewRequest);
  const drawer = await findDrawer(REQUEST_TEXTS.detailsDrawerTitle);
  await within(drawer).findByText('Approval Path');
  return drawer;
}
