import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TEXTS, NOTIFICATIONS_FULL_PAGE_SIZE, type NotificationItem } from '@wallet/contract';
import { csrfCookieRoute, installFakeApi, type RecordedCall } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-ui';
import { NotificationsPage } from './NotificationsPage';

const item = (id: number, read: boolean): NotificationItem => ({
  id,
  kind: 'purchase_declined',
  title: `Purchase declined ${id}`,
  body: 'Your monthly limit of $500.00 on •••• 4242 would be exceeded; $120.50 is left until 1 December.',
  link: '/cards/12',
  created_at: '2026-11-25T10:00:00.000Z',
  read_at: read ? '2026-11-25T11:00:00.000Z' : null,
});

/** 25 notifications, the newest three unread, served a page at a time as the server does. */
const all = Array.from({ length: 25 }, (_, index) => item(25 - index, index >= 3));
function pageOf(call: RecordedCall) {
  const number = Number(call.query.get('page[number]') ?? 1);
  const size = Number(call.query.get('page[size]') ?? 10);
  return {
    status: 200,
    body: {
      data: all.slice((number - 1) * size, number * size),
      meta: {
        total: all.length,
        current_page: number,
        per_page: size,
        last_page: Math.ceil(all.length / size),
        unread: all.filter((each) => !each.read_at).length,
      },
    },
  };
}

const marked = { status: 200, body: { data: { unread: 0 }, message: NOTIFICATION_TEXTS.marked } };

afterEach(() => vi.unstubAllGlobals());

function renderPage(path = '/notifications') {
  return renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/cards/12" element={<h1>Card page</h1>} />
    </Routes>,
    { path },
  );
}

describe('/notifications', () => {
  it('lists mine a page at a time, newest first, the unread ones marked, and pages on', async () => {
    const api = installFakeApi({ ...csrfCookieRoute, 'GET /api/notifications': pageOf });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: NOTIFICATION_TEXTS.title })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: NOTIFICATION_TEXTS.title });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(NOTIFICATIONS_FULL_PAGE_SIZE);
    expect(rows.slice(0, 4).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Unread: Purchase declined 25'),
      expect.stringContaining('Unread: Purchase declined 24'),
      expect.stringContaining('Unread: Purchase declined 23'),
      expect.not.stringContaining('Unread'),
    ]);
    expect(screen.getByText(NOTIFICATION_TEXTS.unreadSummary(3))).toBeInTheDocument();
    expect(api.calls[0]!.query.get('page[size]')).toBe(String(NOTIFICATIONS_FULL_PAGE_SIZE));

    const pages = screen.getByRole('navigation', { name: NOTIFICATION_TEXTS.pagination });
    await userEvent.click(within(pages).getByTitle('2'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: NOTIFICATION_TEXTS.title })).getAllByRole('button')).toHaveLength(
        5,
      ),
    );
    expect(screen.getByText('Purchase declined 1')).toBeInTheDocument();
  });

  it('opens the page given in the address (?page=2)', async () => {
    installFakeApi({ 'GET /api/notifications': pageOf });
    renderPage('/notifications?page=2');
    expect(await screen.findByText('Purchase declined 5')).toBeInTheDocument();
    expect(screen.queryByText('Purchase declined 6')).toBeNull();
  });

  it('opening an unread one marks it read and follows its link', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/notifications': pageOf,
      'POST /api/notifications/read': marked,
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Purchase declined 24/ }));
    expect(await screen.findByRole('heading', { name: 'Card page' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/notifications/read')?.body).toEqual({ ids: [24] });
  });

  it('marks all read', async () => {
    const api = installFakeApi({
      ...csrfCookieRoute,
      'GET /api/notifications': pageOf,
      'POST /api/notifications/read': marked,
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/notifications/read')?.body).toEqual({ all: true }),
    );
  });

  it('says so when there are none, with nothing to mark and no pages', async () => {
    installFakeApi({
      'GET /api/notifications': {
        status: 200,
        body: { data: [], meta: { total: 0, current_page: 1, per_page: 20, last_page: 1, unread: 0 } },
      },
    });
    renderPage();
    expect(await screen.findByText(NOTIFICATION_TEXTS.none)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeDisabled();
    expect(screen.queryByRole('navigation', { name: NOTIFICATION_TEXTS.pagination })).toBeNull();
  });
});
