import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { REQUEST_MESSAGES, REQUEST_TABS, REQUEST_TEXTS, type Me } from '@wallet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { csrfCookieRoute, installFakeApi, type FakeReply, type RecordedCall } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { findDrawer, getButton } from '../../test/queries';
import { onPhone, onWideScreen } from '../../test/viewport';
import { RequestsPage } from './RequestsPage';
import { jordan, listOf, makeRecurring, makeRequest } from './test-data';
import { chooseMenuItem, listCalls, openRowMenu, renderSignedIn } from './test-utils';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const maya = makeMe({ id: 2, name: 'Maya Patel', roles: ['wallet-admin'] });
const member = makeMe({ id: jordan.id, name: jordan.name, roles: ['wallet-user'] });

type Routes = Record<string, FakeReply | ((call: RecordedCall) => FakeReply)>;

function api(routes: Routes) {
  return installFakeApi({ ...csrfCookieRoute, ...routes });
}

function render(me: Me, path = '/requests') {
  return renderSignedIn(<RequestsPage />, me, path);
}

describe('/requests', { timeout: 60_000 }, () => {
  onWideScreen();
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('opens on Pending Request: the requests waiting for my decision, 10 a page, newest first', async () => {
    const fake = api({ 'GET /api/purchase-requests': listOf([makeRequest()]) });
    render(maya);
    const row = (await screen.findByText('$250.50')).closest('tr')!;
    expect(within(row).getByText('Jordan Lee')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('•••• 9448')).toBeInTheDocument();
    expect(within(row).getByText('Engineering')).toBeInTheDocument();
    expect(within(row).getByText('Software')).toBeInTheDocument();
    expect(within(row).getByText('Onetime')).toBeInTheDocument();

    const [call] = listCalls(fake, '/api/purchase-requests');
    expect(call!.searchParams.get('filter[pending_approval_by]')).toBe('2');
    expect(call!.searchParams.get('page[size]')).toBe('10');
    expect(call!.searchParams.get('page[number]')).toBe('1');
    expect(call!.searchParams.get('sort')).toBe('-submitted');
    expect(call!.searchParams.get('include')).toBe('user,card,team,walletCategory,recurringPurchaseRequest');

    expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent(REQUEST_TABS.pending);
    // Admins also get the organisation's lists.
    expect(screen.getByText(REQUEST_TABS.allRequest)).toBeInTheDocument();
    expect(screen.getByText(REQUEST_TABS.allRecurringRequest)).toBeInTheDocument();
  });

  it("tells an admin with nothing to decide how many requests wait on their teams' approvers, and links to them", async () => {
    api({
      'GET /api/purchase-requests': (call) =>
        call.query.has('filter[pending_approval_by]')
          ? listOf([])
          : {
              status: 200,
              body: { data: [makeRequest()], meta: { total: 4, current_page: 1, per_page: 1, last_page: 4 } },
            },
    });
    render(maya);
    expect(await screen.findByText('Nothing is waiting for your decision.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'see All Request' });
    expect(link.closest('span')).toHaveTextContent(
      "4 requests are pending with their teams' approvers: see All Request",
    );
    await user.click(link);
    expect(await screen.findByRole('tab', { name: REQUEST_TABS.allRequest, selected: true })).toBeInTheDocument();
  });

  it('tells a member only that nothing waits for them', async () => {
    const fake = api({ 'GET /api/purchase-requests': listOf([]) });
    render(member);
    expect(await screen.findByText('Nothing is waiting for your decision.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'see All Request' })).not.toBeInTheDocument();
    expect(fake.calls.every((call) => !call.query.has('filter[pending]'))).toBe(true);
  });

  it('gives members their three tabs only, and My Request reads their own list', async () => {
    const fake = api({ 'GET /api/users/4/purchase-requests': listOf([makeRequest()]) });
    render(member, '/requests?tab=myRequest');
    await screen.findByText('$250.50');
    expect(listCalls(fake, '/api/users/4/purchase-requests')).toHaveLength(1);
    expect(screen.queryByText(REQUEST_TABS.allRequest)).not.toBeInTheDocument();
    expect(screen.queryByText(REQUEST_TABS.allRecurringRequest)).not.toBeInTheDocument();
    expect(screen.getByText(REQUEST_TABS.myRecurringRequest)).toBeInTheDocument();
  });

  it('asks "Are you sure to delete this purchase request?" before Delete Request', async () => {
    let deleted = false;
    const fake = api({
      'GET /api/users/4/purchase-requests': () => listOf(deleted ? [] : [makeRequest()]),
      'DELETE /api/purchase-requests/7': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    render(member, '/requests?tab=myRequest');
    await openRowMenu(user);
    await chooseMenuItem(user, REQUEST_TEXTS.deleteRequest);
    expect(
      await screen.findByText(REQUEST_MESSAGES.deleteConfirm, { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    await user.click(getButton('Yes'));
    expect(await screen.findByText(REQUEST_MESSAGES.deleted)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === '/api/purchase-requests/7')).toBe(true);
    expect(await screen.findByText('You have not filed a request yet.')).toBeInTheDocument();
  });

  it('asks "Are you sure to delete this recurring request?" on recurring rows', async () => {
    const fake = api({
      'GET /api/users/4/recurring-purchase-requests': listOf([makeRecurring()]),
      'DELETE /api/recurring-purchase-requests/31': { status: 204 },
    });
    render(member, '/requests?tab=myRecurringRequest');
    await openRowMenu(user);
    await chooseMenuItem(user, REQUEST_TEXTS.deleteRequest);
    expect(
      await screen.findByText(REQUEST_MESSAGES.deleteRecurringConfirm, { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    await user.click(getButton('Yes'));
    await waitFor(() =>
      expect(
        fake.calls.some((call) => call.method === 'DELETE' && call.path === '/api/recurring-purchase-requests/31'),
      ).toBe(true),
    );
    const [list] = listCalls(fake, '/api/users/4/recurring-purchase-requests');
    expect(list!.searchParams.get('include')).toBe('purchaseRequest,purchaseRequest.card,purchaseRequest.team');
    expect(list!.searchParams.get('sort')).toBe('-created_at');
  });

  it('discards the selected requests it may delete and reports what the server refused', async () => {
    const mine = makeRequest({ id: 7 });
    const other = makeRequest({ id: 8, amount: 990 });
    const decided = makeRequest({ id: 9, amount: 1_500, approved_path: 'approved', status: 'Approved' });
    const fake = api({
      'GET /api/purchase-requests': listOf([mine, other, decided]),
      'DELETE /api/purchase-requests/7': { status: 204 },
      'DELETE /api/purchase-requests/8': { status: 409, body: { message: REQUEST_MESSAGES.notEditable } },
    });
    render(maya, '/requests?tab=allRequest');
    await screen.findByText('$9.90');
    await user.click(screen.getByLabelText('Select request 7'));
    await user.click(screen.getByLabelText('Select request 8'));
    await user.click(screen.getByLabelText(/^Action \(2 selected\)/));
    await chooseMenuItem(user, REQUEST_MESSAGES.discard);
    await user.click(await screen.findByText('Discard', { selector: '.ant-modal button *' }));

    expect(await screen.findByText('1 of 2 request(s) deleted.')).toBeInTheDocument();
    expect(await screen.findByText(REQUEST_MESSAGES.notEditable)).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/purchase-requests/7',
      '/api/purchase-requests/8',
    ]);
  });

  it('opens a request by clicking its row or pressing Enter on it, not only through its menu', async () => {
    api({
      'GET /api/purchase-requests': listOf([makeRequest()]),
      'GET /api/purchase-requests/7': { status: 200, body: { data: makeRequest() } },
    });
    render(maya, '/requests?tab=allRequest');
    await user.click(await screen.findByText('$250.50'));
    const drawer = await findDrawer(REQUEST_TEXTS.detailsDrawerTitle);
    expect(await within(drawer).findByText('Approval Path')).toBeInTheDocument();
    await user.click(within(drawer).getByLabelText('Close'));
    await waitFor(() =>
      expect(
        screen.queryByText(REQUEST_TEXTS.detailsDrawerTitle, { selector: '.ant-drawer-open *' }),
      ).not.toBeInTheDocument(),
    );

    const row = screen.getByText('$250.50').closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(await findDrawer(REQUEST_TEXTS.detailsDrawerTitle)).toBeInTheDocument();
  });

  describe('on a phone', () => {
    onPhone();

    it('lists each request as one item that shows every field', async () => {
      api({
        'GET /api/purchase-requests': listOf([
          makeRequest({ interval: 'monthly', transferred: '2026-03-04T10:00:00.000Z' }),
        ]),
      });
      render(maya, '/requests?tab=allRequest');
      const item = (await screen.findByText('$250.50')).closest('tr')!;
      expect(item.querySelectorAll('td:not(.ant-table-selection-column)')).toHaveLength(1);
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(within(item).getByText('Jordan Lee')).toBeInTheDocument();
      expect(within(item).getByText('Pending')).toBeInTheDocument();
      expect(field('Submitted')).toHaveTextContent('Mar 2, 2026');
      expect(field('Card')).toHaveTextContent('•••• 9448');
      expect(field('Team')).toHaveTextContent('Engineering');
      expect(field('Category')).toHaveTextContent('Software');
      expect(field('Interval')).toHaveTextContent('Monthly');
      expect(field('Transferred')).toHaveTextContent('Mar 4, 2026');
      expect(field('Notes')).toHaveTextContent('Annual IDE licence');
      expect(within(item).getByLabelText(/^Actions for the request/)).toBeInTheDocument();
    });

    it('lists each recurring request as one item with its schedule', async () => {
      api({ 'GET /api/recurring-purchase-requests': listOf([makeRecurring()]) });
      render(maya, '/requests?tab=allRecurringRequest');
      const item = (await screen.findByText('$250.50')).closest('tr')!;
      expect(item.querySelectorAll('td:not(.ant-table-selection-column)')).toHaveLength(1);
      const field = (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(within(item).getByText('Active')).toBeInTheDocument();
      expect(field('Interval')).toHaveTextContent('Monthly');
      expect(field('Start Date')).toHaveTextContent('Mar 5, 2026');
      expect(field('End Date')).toHaveTextContent('None');
      expect(field('Last Run')).toHaveTextContent('Mar 2, 2026');
      expect(field('Next Run')).toHaveTextContent('Apr 4, 2026');
      expect(field('Card')).toHaveTextContent('•••• 9448');
      expect(field('Team')).toHaveTextContent('Engineering');
      expect(field('Notes')).toHaveTextContent('Annual IDE licence');
    });
  });

  it('opens Create New Request from ?action=addRequest', async () => {
    api({
      'GET /api/purchase-requests': listOf([]),
      'GET /api/users/2/cards': listOf([], 200),
      'GET /api/users/2': { status: 200, body: { data: { ...maya, teams: [] } } },
      'GET /api/wallet-categories': listOf([]),
    });
    render(maya, '/requests?action=addRequest');
    const drawer = await findDrawer(REQUEST_TEXTS.createDrawerTitle);
    expect(await within(drawer).findByText('You have no card to fund yet.')).toBeInTheDocument();
  });
});
