import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import {
  CANCELED_CARD_MESSAGES,
  CARD_MESSAGES,
  MESSAGES,
  RECEIPT_POLICY_TEXTS,
  cardholderWarning,
  type CardholderStanding,
} from '@wallet/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCard, makeUser } from '../../test/cards';
import { findDialog } from '../../test/dialogs';
import { installFakeApi, type FakeReply, type RecordedCall } from '../../test/fake-api';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render-ui';
import { CardDetailPage } from './CardDetailPage';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });
const member = makeMe({
  id: 4,
  name: 'Jordan Lee',
  roles: ['wallet-user'],
  stripe_cardholder_id: 'ich_1',
  issuing_tos_acceptance: { accepted_at: '2025-02-01T00:00:00.000Z' },
});
/** $500.00 limit with $12.50 held: $487.50 available. */
const card = makeCard({ id: 7, spending_limit: 50_000, issuing_holds_amount: 1_250, available_to_spend: 48_750 });

type Routes = Record<string, FakeReply | ((call: RecordedCall) => FakeReply)>;

function api(extra: Routes = {}) {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/cards/7': { status: 200, body: { data: card } },
    'GET /api/users/4': {
      status: 200,
      body: { data: makeUser({ id: 4, issuing_tos_acceptance: { accepted_at: '2025-02-01T00:00:00.000Z' } }) },
    },
    ...extra,
  });
}

function renderPage(me = admin) {
  return renderWithProviders(<CardDetailPage />, { path: '/cards/7', route: '/cards/:cardId', me });
}

describe('/cards/{cardId}', { timeout: 120_000 }, () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('shows the card overview in dollars, and empty transaction tables while their routes 404, without a notice', async () => {
    api();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Card Details' })).toBeInTheDocument();
    const overview = (await screen.findByText('Card Overview')).closest<HTMLElement>('.ant-card')!;
    expect(within(overview).getByText('$487.50')).toBeInTheDocument();
    expect(within(overview).getByText('$500.00')).toBeInTheDocument();
    expect(within(overview).getByText('$12.50')).toBeInTheDocument();
    expect(await screen.findByText('No pending transactions')).toBeInTheDocument();
    expect(await screen.findByText('No posted transactions')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.resourceNotFound)).not.toBeInTheDocument();
    expect(screen.getByText('Spending Overview')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Request Funds/ })).not.toBeInTheDocument();
  });

  it('Fund Card adds by default: typing 50 on $487.50 previews $537.50 and asks the server to add 5000 cents to this card', async () => {
    const fake = api({
      'POST /api/cards/fund': {
        status: 200,
        body: {
          data: [{ ...card, spending_limit: 55_000 }],
          message: CARD_MESSAGES.balanceUpdated,
          meta: { funded: 5_000 },
        },
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Fund Card/ }));
    const modal = await findDialog('Fund Card');
    expect(within(modal).getByRole('radio', { name: 'Add' })).toBeChecked();
    const amount = within(modal).getByLabelText('Amount to add');
    expect(amount).toHaveValue('');
    await user.type(amount, '5x0');
    expect(amount).toHaveValue('50');
    expect(within(modal).getByText('New available to spend: $537.50')).toBeInTheDocument();
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Conference travel' } });
    await user.click(within(modal).getByRole('button', { name: 'Update Balance' }));

    expect(await screen.findByText(CARD_MESSAGES.balanceUpdated)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);
    const post = fake.calls.find((call) => call.method === 'POST' && call.path === '/api/cards/fund')!;
    expect(post.body).toEqual({ card_ids: [7], amount: 5_000, description: 'Conference travel' });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Fund Card "Set to": the limit sent is the wanted available amount plus the pending holds, in cents', async () => {
    const fake = api({
      'PUT /api/cards/7/balance': {
        status: 200,
        body: { data: { ...card, spending_limit: 11_250 }, message: CARD_MESSAGES.balanceUpdated },
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Fund Card/ }));
    const modal = await findDialog('Fund Card');
    await user.click(within(modal).getByRole('radio', { name: 'Set to' }));
    const amount = within(modal).getByLabelText('Amount available to spend');
    expect(amount).toHaveValue('487.50');

    fireEvent.change(amount, { target: { value: '100' } });
    expect(await within(modal).findByText('New available to spend: $100.00')).toBeInTheDocument();
    fireEvent.change(within(modal).getByLabelText('Description'), { target: { value: 'Conference travel' } });
    await user.click(within(modal).getByRole('button', { name: 'Update Balance' }));

    expect(await screen.findByText(CARD_MESSAGES.balanceUpdated)).toBeInTheDocument();
    const put = fake.calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/cards/7/balance');
    expect(put.body).toEqual({ amount: 11_250, description: 'Conference travel' });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a valid amount and a description', async () => {
    const fake = api();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Fund Card/ }));
    const modal = await findDialog('Fund Card');
    fireEvent.change(within(modal).getByLabelText('Amount to add'), { target: { value: '' } });
    await user.click(within(modal).getByRole('button', { name: 'Update Balance' }));
    await waitFor(() => expect(within(modal).getByText(CARD_MESSAGES.amountInvalid)).toBeInTheDocument());
    expect(within(modal).getByText(CARD_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('reveals the number and CVC after the password is confirmed (423 -> confirm -> retry)', async () => {
    let confirmed = false;
    const fake = api({
      'GET /api/cards/7/details': () =>
        confirmed
          ? { status: 200, body: { data: { number: '4242424242424242', cvc: '123', exp_month: 4, exp_year: 2029 } } }
          : { status: 423, body: { message: CARD_MESSAGES.passwordConfirmRequired } },
      'POST /user/confirm-password': (call) => {
        if ((call.body as { password: string }).password !== 'demo-password') {
          return {
            status: 422,
            body: { message: 'The given data was invalid.', errors: { password: [CARD_MESSAGES.passwordWrong] } },
          };
        }
        confirmed = true;
        return { status: 201, body: { message: MESSAGES.passwordConfirmed } };
      },
    });
    renderPage(member);
    await user.click(await screen.findByRole('button', { name: /Show Details/ }));

    const modal = await findDialog('Confirm your password');
    expect(await screen.findByText(MESSAGES.confirmPassword)).toBeInTheDocument();
    const password = within(modal).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(modal).getByText(CARD_MESSAGES.passwordWrong)).toBeInTheDocument());
    expect(screen.queryByText('4242 4242 4242 4242')).not.toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'demo-password' } });
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('123')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.path === '/api/cards/7/details')).toHaveLength(2);
    // A member asks for money instead of funding.
    expect(screen.getByRole('link', { name: /Request Funds/ })).toHaveAttribute(
      'href',
      '/requests?action=addRequest&card_id=7',
    );
    expect(screen.queryByRole('button', { name: /Fund Card/ })).not.toBeInTheDocument();
  });

  it('a card the issuer canceled reads Canceled with its reason, says why, and offers neither Activate, Deactivate nor Fund Card', async () => {
    api({
      'GET /api/cards/7': {
        status: 200,
        body: {
          data: { ...card, status: 'canceled', cancellation_reason: 'stolen', canceled_at: '2025-03-01T00:00:00.000Z' },
        },
      },
    });
    renderPage();
    const alert = (await screen.findByText(CANCELED_CARD_MESSAGES.alertTitle)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(CANCELED_CARD_MESSAGES.alertDescription)).toBeInTheDocument();
    const overview = (await screen.findByText('Card Overview')).closest<HTMLElement>('.ant-card')!;
    expect(within(overview).getByText('Canceled · Stolen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export Transactions/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Activate Card/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate Card/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fund Card/ })).not.toBeInTheDocument();
  });

  it('a card the receipt policy deactivated says so, and sends its holder to Receipts', async () => {
    api({
      'GET /api/cards/7': { status: 200, body: { data: { ...card, status: 'inactive', held_for_receipts: true } } },
    });
    renderPage(member);
    const alert = (await screen.findByText(RECEIPT_POLICY_TEXTS.heldTitle)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(RECEIPT_POLICY_TEXTS.heldDescription)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: RECEIPT_POLICY_TEXTS.heldAction })).toHaveAttribute(
      'href',
      '/receipts',
    );
  });

  it('a member sees no Request Funds on their canceled card', async () => {
    api({
      'GET /api/cards/7': {
        status: 200,
        body: {
          data: { ...card, status: 'canceled', cancellation_reason: null, canceled_at: '2025-03-01T00:00:00.000Z' },
        },
      },
    });
    renderPage(member);
    expect(await screen.findByText(CANCELED_CARD_MESSAGES.alertTitle)).toBeInTheDocument();
    expect(screen.getAllByText('Canceled').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Request Funds/ })).not.toBeInTheDocument();
  });

  it("warns when the card issuer blocked the card's holder, saying what it needs", async () => {
    const standing: CardholderStanding = {
      status: 'blocked',
      disabled_reason: 'requirements.past_due',
      past_due: ['individual.dob.day', 'individual.dob.month'],
    };
    api({
      'GET /api/users/4/cardholder': {
        status: 200,
        body: { data: { id: 1, stripe_cardholder_id: 'ich_1', issuer_standing: standing } },
      },
    });
    renderPage();
    const warning = cardholderWarning('Jordan Lee', standing);
    // The holder's standing arrives after the whole page (controls, three transaction lists) has drawn: slow in jsdom.
    const alert = (await screen.findByText(warning.title, {}, { timeout: 15_000 })).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(alert).getByText(warning.description)).toBeInTheDocument();
    expect(warning.description).toContain('date of birth');
  });

  it('warns that the card cannot be activated while its holder has not accepted the terms', async () => {
    api({
      'GET /api/users/4': { status: 200, body: { data: makeUser({ id: 4, created_at: '2024-03-01T00:00:00.000Z' }) } },
    });
    renderPage();
    expect(await screen.findByText(CARD_MESSAGES.termsNotAccepted)).toBeInTheDocument();
  });

  it('does not warn about a holder created before 2023-06-01', async () => {
    api({
      'GET /api/users/4': { status: 200, body: { data: makeUser({ id: 4, created_at: '2023-05-31T12:00:00.000Z' }) } },
    });
    renderPage();
    await screen.findByText('Card Overview');
    await screen.findByText('No posted transactions');
    expect(screen.queryByText(CARD_MESSAGES.termsNotAccepted)).not.toBeInTheDocument();
  });

  it("activates an inactive card, and shows the server's 409 message when it can't be", async () => {
    let attempts = 0;
    api({
      'GET /api/cards/7': { status: 200, body: { data: { ...card, status: 'inactive' } } },
      'PUT /api/cards/7/status': () =>
        ++attempts === 1
          ? { status: 409, body: { message: CARD_MESSAGES.termsNotAccepted } }
          : { status: 200, body: { data: { ...card, status: 'active' }, message: CARD_MESSAGES.statusUpdated } },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Activate Card/ }));
    expect(await screen.findByText(CARD_MESSAGES.termsNotAccepted)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Activate Card/ }));
    expect(await screen.findByText(CARD_MESSAGES.statusUpdated)).toBeInTheDocument();
  });

  it('exports transactions for a required date range, with the card-level presets', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 14, 10, 0, 0));
    // jsdom has no object URLs (left in place: the download revokes its URL a moment later).
    const objectUrls = URL as unknown as { createObjectURL?: () => string; revokeObjectURL?: () => void };
    objectUrls.createObjectURL = vi.fn(() => 'blob:x');
    objectUrls.revokeObjectURL = vi.fn();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    try {
      let query: URLSearchParams | undefined;
      const fake = api();
      fake.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/cards/7/expenses/export') {
          query = url.searchParams;
          return new Response('posted,amount\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="card-7.csv"' },
          });
        }
        const route = fake.routes[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`];
        const reply = (typeof route === 'function' ? undefined : route) ?? {
          status: 404,
          body: { message: 'Not Found.' },
        };
        return new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        });
      });
      renderPage();
      await user.click(await screen.findByRole('button', { name: /Export Transactions/ }));
      const modal = await findDialog('Export Transactions');
      await user.click(within(modal).getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(within(modal).getAllByText('Please select a date range')).toHaveLength(2));
      expect(query).toBeUndefined();

      for (const preset of ['Current Month', 'Last Month', 'Last 60 Days', 'Last 90 Days']) {
        expect(within(modal).getByRole('button', { name: preset })).toBeInTheDocument();
      }
      await user.click(within(modal).getByRole('button', { name: 'Last Month' }));
      await user.click(within(modal).getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(query?.get('from')).toBe('2025-02-01'));
      expect(query?.get('to')).toBe('2025-02-28');
      expect(await screen.findByText('card-7.csv')).toBeInTheDocument();
      expect(clicks.map((link) => link.download)).toEqual(['card-7.csv']);
    } finally {
      vi.useRealTimers();
    }
  });
});
