import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  CARD_MESSAGES,
  SHORTFALL_TEXTS,
  TOPUP_REVERSED_HINT,
  type StatementMonth,
  type TopupResource,
} from '@wallet/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { csrfCookieRoute, installFakeApi } from '../../../test/fake-api';
import { findDialog } from '../../../test/dialogs';
import { makeMe, signedIn } from '../../../test/fixtures';
import { findButton, getButton } from '../../../test/queries';
import { renderApp } from '../../../test/render-app';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check.
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

const admin = makeMe({ id: 1, first_name: 'Alex', last_name: 'Morgan', name: 'Alex Morgan', roles: ['wallet-admin'] });
const URL_OF_TAB = '/account-settings?tab=accountFunding';

function topup(overrides: Partial<TopupResource>): TopupResource {
  return {
    id: 1,
    amount: 10_000,
    description: 'Wire',
    status: 'succeeded',
    created_at: '2025-03-04T10:00:00Z',
    settled_at: '2025-03-04T10:00:00Z',
    failure_message: null,
    reversed_at: null,
    ...overrides,
  };
}

const list = (data: TopupResource[], total = data.length) => ({
  status: 200,
  body: { data, meta: { total, current_page: 1, per_page: 10, last_page: Math.max(1, Math.ceil(total / 10)) } },
});

const months: StatementMonth[] = [
  {
    month: '2025-03',
    opening: 12_000,
    in: 500,
    out: 3_000,
    closing: 9_500,
    lines: [
      {
        id: 3,
        date: '2025-03-02T09:00:00Z',
        type: 'Card funding',
        description: 'For travel',
        card_id: 9,
        card: { id: 9, name: 'Jordan Lee', last4: '4242' },
        amount: -3_000,
        balance: 9_000,
      },
      {
        id: 4,
        date: '2025-03-05T09:00:00Z',
        type: 'Top-up',
        description: 'March wire',
        card_id: null,
        card: null,
        amount: 500,
        balance: 9_500,
      },
    ],
  },
  {
    month: '2025-01',
    opening: 0,
    in: 12_000,
    out: 0,
    closing: 12_000,
    lines: [
      {
        id: 1,
        date: '2025-01-10T09:00:00Z',
        type: 'Top-up',
        description: 'January wire',
        card_id: null,
        card: null,
        amount: 12_000,
        balance: 12_000,
      },
    ],
  },
];

function fundingApi({
  balance = 123_456,
  topups = [topup({})],
  statements = months,
}: { balance?: number; topups?: TopupResource[]; statements?: StatementMonth[] } = {}) {
  return installFakeApi({
    ...signedIn(admin),
    ...csrfCookieRoute,
    'GET /api/balance': { status: 200, body: { data: { available: balance } } },
    'GET /api/topups': list(topups),
    'GET /api/statements': { status: 200, body: { data: statements } },
  });
}

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The value of the Statistic titled `title`. */
function statistic(title: string, container: HTMLElement = document.body) {
  const heading = within(container).getByText(title, { selector: '.ant-statistic-title' });
  return heading.closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;
}

beforeAll(async () => {
  await Promise.all([import('../AccountSettingsPage'), import('./AccountFundingTab')]);
}, 120_000);

afterEach(() => vi.restoreAllMocks());

describe('Account Funding', { timeout: 60_000 }, () => {
  it('shows the unallocated funds and the recent top-ups with their status, a pending one noted', async () => {
    fundingApi({
      topups: [
        topup({ id: 3, amount: 25_000, description: 'Stripe top-up', status: 'pending', settled_at: null }),
        topup({
          id: 2,
          amount: 700,
          description: 'Refused',
          status: 'failed',
          settled_at: null,
          failure_message: 'Your account has insufficient funds.',
        }),
        topup({ id: 1, amount: 10_000, description: 'First wire' }),
      ],
    });
    renderApp(URL_OF_TAB);
    expect(await screen.findByText('Stripe top-up')).toBeInTheDocument();
    await waitFor(() => expect(statistic('Unallocated Funds')).toBe('$1,234.56'));
    const rows = [...document.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Stripe top-up', '$250.00', 'Pending'],
      ['RefusedYour account has insufficient funds.', '$7.00', 'Failed'],
      ['First wire', '$100.00', 'Added'],
    ]);
    expect(screen.getByText('$250.00 in one top-up is pending and not included yet.')).toBeInTheDocument();
  });

  it('shows a shortfall after a reversed top-up: a warning with the amount short, Add Funds in it, and the top-up marked Reversed', async () => {
    fundingApi({
      balance: -8_300,
      topups: [
        topup({
          id: 2,
          amount: 10_000,
          description: 'Bounced wire',
          status: 'reversed',
          reversed_at: '2025-03-06T10:00:00Z',
        }),
      ],
    });
    renderApp(URL_OF_TAB);
    const alert = (await screen.findByText(SHORTFALL_TEXTS.title(8_300))).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).not.toBeNull();
    expect(within(alert).getByText(SHORTFALL_TEXTS.description)).toBeInTheDocument();
    expect(SHORTFALL_TEXTS.title(8_300)).toBe('Your funds are $83.00 short');
    await waitFor(() => expect(statistic('Unallocated Funds')).toBe('-$83.00'));
    const rows = [...document.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([['Bounced wire', '$100.00', 'Reversed']]);
    expect(TOPUP_REVERSED_HINT).toContain('took this top-up back');
    await setup().click(getButton(SHORTFALL_TEXTS.action, alert));
    expect(await findDialog('Add Funds')).toBeInTheDocument();
  });

  it('says when there are no top-ups yet, with Add Funds at hand', async () => {
    fundingApi({ balance: 0, topups: [] });
    renderApp(URL_OF_TAB);
    expect(await screen.findByText('No top-ups yet. Add funds to put money on your cards.')).toBeInTheDocument();
    await waitFor(() => expect(statistic('Unallocated Funds')).toBe('$0.00'));
    expect(screen.queryByText(/^Your funds are .* short$/)).not.toBeInTheDocument();
    await setup().click(getButton('Add Funds', document.querySelector<HTMLElement>('.ant-empty')!));
    expect(await findDialog('Add Funds')).toBeInTheDocument();
  });

  it('asks for the page of top-ups the admin picks', async () => {
    const api = fundingApi();
    api.routes['GET /api/topups'] = list([topup({})], 25);
    renderApp(URL_OF_TAB);
    await screen.findByText('1-10 of 25');
    await setup().click(await screen.findByTitle('2'));
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('page%5Bnumber%5D=2'))).toBe(true),
    );
  });

  it('adds funds from ?action=addFunds: checks the fields, sends cents once with an idempotency key, says Funds Added and refreshes the balance', async () => {
    const api = fundingApi({ balance: 10_000 });
    api.routes['POST /api/topups'] = (call) => {
      api.routes['GET /api/balance'] = { status: 200, body: { data: { available: 35_000 } } };
      const body = call.body as { amount: number; description: string };
      return { status: 201, body: { data: topup({ id: 9, ...body }), message: CARD_MESSAGES.fundsAdded } };
    };
    renderApp(`${URL_OF_TAB}&action=addFunds`);
    const modal = await findDialog('Add Funds');
    const user = setup();
    await waitFor(() => expect(within(modal).getByText('$100.00')).toBeInTheDocument());

    await user.click(getButton('Add Funds', modal));
    expect(await within(modal).findByText(CARD_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(await within(modal).findByText(CARD_MESSAGES.descriptionRequired)).toBeInTheDocument();

    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '250.00' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: '  Wire from operating  ' } });
    expect(await within(modal).findByText('$350.00')).toBeInTheDocument();
    await user.click(getButton('Add Funds', modal));

    expect(await screen.findByText(CARD_MESSAGES.fundsAdded)).toBeInTheDocument();
    expect(screen.getByText('$250.00 was added to your unallocated funds.')).toBeInTheDocument();
    const posts = api.calls.filter((call) => call.method === 'POST' && call.path === '/api/topups');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ amount: 25_000, description: 'Wire from operating' });
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(statistic('Unallocated Funds')).toBe('$350.00'));
    await waitFor(() => expect(screen.queryByText('Unallocated funds now')).not.toBeInTheDocument());
  });

  it('says a Stripe top-up is pending until the issuer confirms it', async () => {
    const api = fundingApi();
    api.routes['POST /api/topups'] = {
      status: 201,
      body: { data: topup({ amount: 5_000, status: 'pending', settled_at: null }), message: CARD_MESSAGES.fundsAdded },
    };
    renderApp(`${URL_OF_TAB}&action=addFunds`);
    const modal = await findDialog('Add Funds');
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Bank transfer' } });
    await setup().click(getButton('Add Funds', modal));
    expect(
      await screen.findByText(
        'The top-up of $50.00 is pending. It is added to your unallocated funds once the card issuer confirms it.',
      ),
    ).toBeInTheDocument();
  });

  it("retries a failed submission with the same idempotency key, and shows the server's field messages", async () => {
    const api = fundingApi();
    let attempts = 0;
    api.routes['POST /api/topups'] = () => {
      attempts += 1;
      return attempts === 1
        ? { status: 503, body: { message: 'The card issuer is not answering. Try again in a moment.' } }
        : {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { description: ['May not be greater than 255 characters.'] },
            },
          };
    };
    renderApp(`${URL_OF_TAB}&action=addFunds`);
    const modal = await findDialog('Add Funds');
    const user = setup();
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '10' } });
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Retry me' } });
    await user.click(getButton('Add Funds', modal));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(getButton('Add Funds', modal)).not.toHaveClass('ant-btn-loading'));
    await user.click(getButton('Add Funds', modal));
    expect(await within(modal).findByText('May not be greater than 255 characters.')).toBeInTheDocument();
    const keys = api.calls.filter((call) => call.method === 'POST').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the statements month by month from ?action=viewStatements, newest month first, with running balances', async () => {
    fundingApi();
    renderApp(`${URL_OF_TAB}&action=viewStatements`);
    const drawer = await findDialog('Statements');
    expect(await within(drawer).findByText('March 2025', { selector: 'h3' })).toBeInTheDocument();
    expect(statistic('Opening Balance', drawer)).toBe('$120.00');
    expect(statistic('Money In', drawer)).toBe('+$5.00');
    expect(statistic('Money Out', drawer)).toBe('-$30.00');
    expect(statistic('Closing Balance', drawer)).toBe('$95.00');
    const rows = () =>
      [...drawer.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      );
    expect(rows()).toEqual([
      ['Mar 2', 'Card fundingFor travelJordan Lee •••• 4242', '-$30.00', '$90.00'],
      ['Mar 5', 'Top-upMarch wire', '+$5.00', '$95.00'],
    ]);
    expect(within(drawer).getByRole('link', { name: 'Jordan Lee •••• 4242' })).toHaveAttribute('href', '/cards/9');

    // The month picker lists every month with movements.
    await setup().click(within(drawer).getByRole('combobox'));
    await setup().click(await screen.findByText('January 2025', { selector: '.ant-select-item-option-content' }));
    expect(await within(drawer).findByText('January 2025', { selector: 'h3' })).toBeInTheDocument();
    expect(rows()).toEqual([['Jan 10', 'Top-upJanuary wire', '+$120.00', '$120.00']]);
    expect(statistic('Money Out', drawer)).toBe('$0.00');
  });

  it('says when there is nothing to state yet', async () => {
    fundingApi({ statements: [] });
    renderApp(URL_OF_TAB);
    await setup().click(await findButton('View Statements'));
    const drawer = await findDialog('Statements');
    expect(
      await within(drawer).findByText('No movements yet. Top-ups and card fundings appear here month by month.'),
    ).toBeInTheDocument();
  });

  it('downloads the CSV of the month shown (?month=YYYY-MM), under the name the server gives it', async () => {
    const objectUrls = URL as unknown as { createObjectURL?: () => string; revokeObjectURL?: () => void };
    objectUrls.createObjectURL = vi.fn(() => 'blob:x');
    objectUrls.revokeObjectURL = vi.fn();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const api = fundingApi();
    const fakeFetch = api.fetchMock.getMockImplementation()!;
    const asked: string[] = [];
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/statements/export') {
        asked.push(url.searchParams.get('month') ?? 'every month');
        return new Response('Date,Type,Description,Card,Amount,Balance\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="Demo-statement-2025-03-05.csv"',
          },
        });
      }
      return fakeFetch(input, init);
    });
    renderApp(`${URL_OF_TAB}&action=viewStatements`);
    const drawer = await findDialog('Statements');
    expect(await within(drawer).findByText('March 2025', { selector: 'h3' })).toBeInTheDocument();
    await setup().click(within(drawer).getByRole('combobox'));
    await setup().click(await screen.findByText('January 2025', { selector: '.ant-select-item-option-content' }));
    expect(await within(drawer).findByText('January 2025', { selector: 'h3' })).toBeInTheDocument();
    await setup().click(await findButton('Download CSV', drawer));
    expect(await screen.findByText('Statement downloaded')).toBeInTheDocument();
    expect(asked).toEqual(['2025-01']);
    expect(clicks.map((link) => link.download)).toEqual(['Demo-statement-2025-03-05.csv']);
  });
});
