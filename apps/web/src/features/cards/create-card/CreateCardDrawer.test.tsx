import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { CARD_ISSUER_MESSAGES, CARD_MESSAGES } from '@wallet/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listOf, makeCard, makeUser } from '../../../test/cards';
import { findDialog } from '../../../test/dialogs';
import { installFakeApi, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-ui';
import { CreateCardDrawer } from './CreateCardDrawer';

// antd renders slowly in jsdom; role queries skip the computed-style visibility check (assertions check it).
configure({ asyncUtilTimeout: 5000, defaultHidden: true });
const SLOW = 120_000;

const jordan = makeUser({ id: 4, name: 'Jordan Lee', first_name: 'Jordan', last_name: 'Lee' });
const priya = makeUser({ id: 6, name: 'Priya Shah', first_name: 'Priya', last_name: 'Shah', email: 'priya@demo.test' });

const cardholderOfPriya = {
  stripe_cardholder_details: {
    name: 'P Shah',
    individual: { first_name: 'Priya', last_name: 'Shah-Legal' },
    billing: { address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postal_code: '73301' } },
  },
};

function api(extra: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}) {
  document.cookie = 'XSRF-TOKEN=t';
  return installFakeApi({
    'GET /api/users': { status: 200, body: listOf([jordan, priya], 200) },
    'GET /api/users/4/cardholder': { status: 200, body: { data: null } },
    'GET /api/users/6/cardholder': { status: 200, body: { data: cardholderOfPriya } },
    ...extra,
  });
}

async function openDrawer(onClose = vi.fn(), onCreated = vi.fn()) {
  renderWithProviders(<CreateCardDrawer open onClose={onClose} onCreated={onCreated} />);
  return findDialog('Add New Card');
}

async function chooseUser(user: UserEvent, drawer: HTMLElement, name: string) {
  await user.click(within(drawer).getByLabelText('User'));
  const option = await screen.findByTitle(name);
  await user.click(option);
}

/** Typing letter by letter is slow in jsdom; a change event is what the form reacts to. */
function fill(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function expectMessage(container: HTMLElement, message: string) {
  await waitFor(() => expect(within(container).getByText(message)).toBeInTheDocument());
}

function field(drawer: HTMLElement, label: string) {
  return within(drawer).getByLabelText(label);
}

describe('create-card drawer', { timeout: SLOW }, () => {
  let user: UserEvent;
  beforeEach(() => {
    // The pointer-events check reads computed styles up the tree: slow with antd's CSS-in-JS.
    user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  });

  it('keeps every field disabled until a user is chosen, then fills in their names', async () => {
    api();
    const drawer = await openDrawer();
    expect(field(drawer, 'Legal First Name')).toBeDisabled();
    expect(field(drawer, 'Cardholder Name')).toBeDisabled();
    expect(within(drawer).getByLabelText('Address Line 1', { selector: '#createCard_billing_line1' })).toBeDisabled();
    expect(within(drawer).getByRole('radio', { name: 'Physical' })).toBeDisabled();
    expect(within(drawer).getByRole('checkbox', { name: CARD_MESSAGES.orgBillingComingSoon })).toBeDisabled();

    await chooseUser(user, drawer, 'Jordan Lee');

    await waitFor(() => expect(field(drawer, 'Legal First Name')).toBeEnabled());
    expect(field(drawer, 'Legal First Name')).toHaveValue('Jordan');
    expect(field(drawer, 'Legal Last Name')).toHaveValue('Lee');
    expect(field(drawer, 'Cardholder Name')).toHaveValue('Jordan Lee');
    // Coming soon stays disabled whoever is chosen.
    expect(within(drawer).getByRole('checkbox', { name: CARD_MESSAGES.orgBillingComingSoon })).toBeDisabled();
  });

  it('asks for a user first', async () => {
    const fake = api();
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));
    await expectMessage(drawer, CARD_MESSAGES.userRequired);
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the PRODUCT.md §5 messages for missing names and billing address', async () => {
    const fake = api();
    const drawer = await openDrawer();
    await chooseUser(user, drawer, 'Jordan Lee');
    await waitFor(() => expect(field(drawer, 'Legal First Name')).toBeEnabled());
    fill(field(drawer, 'Legal First Name'), '');
    fill(field(drawer, 'Legal Last Name'), '');
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));

    for (const message of [
      CARD_MESSAGES.legalFirstName,
      CARD_MESSAGES.legalLastName,
      CARD_MESSAGES.billingLine1,
      CARD_MESSAGES.billingCity,
      CARD_MESSAGES.billingState,
      CARD_MESSAGES.billingPostal,
    ]) {
      await expectMessage(drawer, message);
    }
    expect(within(drawer).queryByText(CARD_MESSAGES.shippingName)).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("refuses a cardholder name Stripe would refuse (numbers, special characters) with the contract's message", async () => {
    const fake = api();
    const drawer = await openDrawer();
    await chooseUser(user, drawer, 'Jordan Lee');
    await waitFor(() => expect(field(drawer, 'Cardholder Name')).toBeEnabled());
    fill(field(drawer, 'Cardholder Name'), 'Agent 007');
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));
    await expectMessage(drawer, CARD_ISSUER_MESSAGES.cardholderNameCharacters);
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('requires shipping for a physical card and sends it with an Idempotency-Key', async () => {
    // Billing comes from the user's profile address.
    const withAddress = makeUser({
      ...jordan,
      address: '410 Market Street',
      city: 'San Francisco',
      state_province: 'CA',
      postal: '94111',
    });
    const fake = api({
      'GET /api/users': { status: 200, body: listOf([withAddress], 200) },
      'POST /api/cards': {
        status: 201,
        body: { data: makeCard({ id: 9, type: 'physical', status: 'inactive' }), message: CARD_MESSAGES.added },
      },
    });
    const onClose = vi.fn();
    const onCreated = vi.fn();
    const drawer = await openDrawer(onClose, onCreated);
    await chooseUser(user, drawer, 'Jordan Lee');
    await waitFor(() => expect(field(drawer, 'Legal First Name')).toBeEnabled());
    expect(within(drawer).getByLabelText('Address Line 1', { selector: '#createCard_billing_line1' })).toHaveValue(
      '410 Market Street',
    );

    await user.click(within(drawer).getByText('Physical'));
    expect(within(drawer).getByRole('radio', { name: 'Standard' })).toBeChecked();
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));

    for (const message of [
      CARD_MESSAGES.shippingName,
      CARD_MESSAGES.shippingLine1,
      CARD_MESSAGES.shippingCity,
      CARD_MESSAGES.shippingState,
      CARD_MESSAGES.shippingPostal,
    ]) {
      await expectMessage(drawer, message);
    }
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(drawer).getByRole('button', { name: 'Same as billing address' }));
    await user.click(within(drawer).getByText('Express'));
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const notice = (await screen.findByText(CARD_MESSAGES.added)).closest<HTMLElement>('.ant-notification-notice')!;
    // The new card is handed to the list (shown first, marked New) and the notice links to it.
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
    expect(within(notice).getByRole('button', { name: 'View Card' })).toBeInTheDocument();
    const post = fake.calls.find((call) => call.method === 'POST' && call.path === '/api/cards')!;
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.body).toEqual({
      user_id: 4,
      type: 'physical',
      legal_first_name: 'Jordan',
      legal_last_name: 'Lee',
      cardholder_name: 'Jordan Lee',
      billing: {
        line1: '410 Market Street',
        line2: null,
        city: 'San Francisco',
        state: 'CA',
        postal_code: '94111',
        country: 'US',
      },
      shipping: {
        service: 'express',
        name: 'Jordan Lee',
        line1: '410 Market Street',
        line2: null,
        city: 'San Francisco',
        state: 'CA',
        postal_code: '94111',
        country: 'US',
      },
      // Card Settings' defaults (none here: the route 404s) and no identity.
      spending_controls: { spending_limits: [], allowed_categories: [], blocked_categories: [] },
      nickname: null,
      purpose: null,
      merchant_lock: null,
      allocation_expires_on: null,
    });
  });

  it('locks the names of a user who is already a cardholder, filled from the issuer', async () => {
    const fake = api({
      'POST /api/cards': {
        status: 201,
        body: { data: makeCard({ id: 9, user_id: 6, status: 'inactive' }), message: CARD_MESSAGES.added },
      },
    });
    const drawer = await openDrawer();
    await chooseUser(user, drawer, 'Priya Shah');

    expect(await within(drawer).findByText('Priya Shah is already a cardholder')).toBeVisible();
    await waitFor(() => expect(field(drawer, 'Legal Last Name')).toHaveValue('Shah-Legal'));
    expect(field(drawer, 'Legal First Name')).toBeDisabled();
    expect(field(drawer, 'Legal Last Name')).toBeDisabled();
    expect(field(drawer, 'Cardholder Name')).toBeDisabled();
    expect(field(drawer, 'Cardholder Name')).toHaveValue('P Shah');
    expect(within(drawer).getByLabelText('Address Line 1', { selector: '#createCard_billing_line1' })).toBeEnabled();

    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      user_id: 6,
      type: 'virtual',
      legal_first_name: 'Priya',
      legal_last_name: 'Shah-Legal',
      cardholder_name: 'P Shah',
      billing: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '73301' },
    });
  });

  it("shows the server's 422 messages on their fields", async () => {
    api({
      'POST /api/cards': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { 'billing.postal_code': ['The postal code is not valid for the state.'] },
        },
      },
      'GET /api/users': {
        status: 200,
        body: listOf(
          [makeUser({ ...jordan, address: '1 A St', city: 'Reno', state_province: 'NV', postal: '00000' })],
          200,
        ),
      },
    });
    const drawer = await openDrawer();
    await chooseUser(user, drawer, 'Jordan Lee');
    await waitFor(() => expect(field(drawer, 'Legal First Name')).toBeEnabled());
    await user.click(within(drawer).getByRole('button', { name: 'Add Card' }));
    // The notification may show the message before the field does: wait for the one on the field, in the drawer.
    expect(await within(drawer).findByText('The postal code is not valid for the state.')).toBeVisible();
  });
});
