import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TEXTS, type NotificationItem } from '@wallet/contract';
import { csrfCookieRoute, installFakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-ui';
import { onPhone } from '../../test/viewport';
import { NotificationBell } from './NotificationBell';

const item = (id: number, title: string, read: boolean): NotificationItem => ({
  id,
  kind: 'card_funded',
  title,
  body: `${title}: $25.00 was added to •••• 4242.`,
  link: '/my-cards',
  created_at: '2026-11-25T10:00:00.000Z',
  read_at: read ? '2026-11-25T11:00:00.000Z' : null,
});

function page(items: NotificationItem[]) {
  const unread = items.filter((each) => !each.read_at).length;
  return {
    status: 200,
    body: { data: items, meta: { total: items.length, current_page: 1, per_page: 10, last_page: 1, unread } },
  };
}

afterEach(() => vi.unstubAllGlobals());

function renderBell() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<NotificationBell />} />
      <Route path="/my-cards" element={<h1>My Cards page</h1>} />
      <Route path="/notifications" element={<h1>All notifications page</h1>} />
    </Routes>,
  );
}

describe('NotificationBell', () => {
  it('names the unread count, lists the latest, and marks all read', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/notifications': page([item(2, 'Card funded', false), item(1, 'Request approved', true)]),
      'POST /api/notifications/read': {
        status: 200,
        body: { data: { unread: 0 }, message: NOTIFICATION_TEXTS.marked },
      },
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: NOTIFICATION_TEXTS.title });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Unread: Card funded'),
      expect.not.stringContaining('Unread'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'POST' && call.path === '/api/notifications/read')).toEqual([
        expect.objectContaining({ body: { all: true } }),
      ]),
    );
  });

  it('opening an unread one marks it read and goes where it points', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/notifications': page([item(7, 'Card funded', false)]),
      'POST /api/notifications/read': {
        status: 200,
        body: { data: { unread: 0 }, message: NOTIFICATION_TEXTS.marked },
      },
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: /Card funded/ }));
    expect(await screen.findByRole('heading', { name: 'My Cards page' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/notifications/read')?.body).toEqual({ ids: [7] });
  });

  it('a failed load says so in the panel, with no notice over the page', async () => {
    installFakeApi({ 'GET /api/notifications': { status: 500, body: { message: 'Server Error' } } });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.loadFailed)).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  describe('on a phone', () => {
    onPhone();

    it('opens the notifications from the top of the screen, full width, instead of a panel beside the bell', async () => {
      installFakeApi({ 'GET /api/notifications': page([item(3, 'Card funded', false)]) });
      renderBell();
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
      const drawer = await screen.findByRole('dialog', { name: NOTIFICATION_TEXTS.title });
      expect(within(drawer).getByRole('list', { name: NOTIFICATION_TEXTS.title })).toBeInTheDocument();
      expect(within(drawer).getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeEnabled();
    });
  });

  it("links to the full list from its panel ('See all'), closing the panel", async () => {
    installFakeApi({ 'GET /api/notifications': page([item(4, 'Card funded', true)]) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('link', { name: NOTIFICATION_TEXTS.seeAll }));
    expect(await screen.findByRole('heading', { name: 'All notifications page' })).toBeInTheDocument();
  });

  it('says so when there are none, with nothing to mark', async () => {
    installFakeApi({ 'GET /api/notifications': page([]) });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.none)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeDisabled();
  });
});
