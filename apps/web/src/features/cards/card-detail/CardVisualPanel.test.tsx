import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { CARD_ISSUER_MESSAGES, CARD_MESSAGES, MESSAGES } from '@wallet/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCard } from '../../../test/cards';
import { findDialog } from '../../../test/dialogs';
import { installFakeApi } from '../../../test/fake-api';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { CardVisualPanel } from './CardVisualPanel';

configure({ asyncUtilTimeout: 5000, defaultHidden: true });

/**
 * Stripe.js can't be fetched in tests (it only loads from js.stripe.com): this stands in for @stripe/stripe-js/pure and
 * records what the panel asks of it. The Issuing Elements it "mounts" are plain nodes naming what they would show.
 */
const stripeJs = vi.hoisted(() => {
  const created: Array<{ type: string; options: Record<string, unknown> }> = [];
  const destroyed: string[] = [];
  const nonces: string[] = [];
  const loadStripe = vi.fn(async (_key: string) => ({
    createEphemeralKeyNonce: vi.fn(async ({ issuingCard }: { issuingCard: string }) => {
      const nonce = `ephkn_pub_${nonces.length + 1}_${issuingCard}`;
      nonces.push(nonce);
      return { nonce };
    }),
    elements: () => ({
      create: (type: string, options: Record<string, unknown>) => {
        created.push({ type, options });
        return {
          mount: (node: HTMLElement) => {
            node.textContent = `${type} of ${String(options.issuingCard)}`;
          },
          destroy: () => destroyed.push(type),
        };
      },
    }),
  }));
  return { loadStripe, created, destroyed, nonces };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));

const simulatorMe = makeMe({
  id: 4,
  roles: ['wallet-user'],
  card_issuer: { name: 'simulator', stripe_publishable_key: null },
});
const stripeMe = makeMe({
  id: 4,
  roles: ['wallet-user'],
  card_issuer: { name: 'stripe', stripe_publishable_key: 'pk_test_123' },
});
const virtual = makeCard({ id: 7, type: 'virtual', stripe_card_id: 'ic_virtual7' });
const physical = makeCard({ id: 8, type: 'physical', stripe_card_id: 'ic_physical8' });

describe('card details on the card page (issue 16.10)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t';
    stripeJs.loadStripe.mockClear();
    stripeJs.created.length = 0;
    stripeJs.destroyed.length = 0;
    stripeJs.nonces.length = 0;
  });

  it('does not offer Show Details for a physical card, with either issuer, and says why', async () => {
    for (const me of [simulatorMe, stripeMe]) {
      installFakeApi({});
      const { unmount } = renderWithProviders(<CardVisualPanel card={physical} />, { me });
      expect(await screen.findByText(CARD_ISSUER_MESSAGES.physicalCardNotRevealable)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Show Details/ })).not.toBeInTheDocument();
      unmount();
    }
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('with the simulator reveals through the server and never loads Stripe.js', async () => {
    const fake = installFakeApi({
      'GET /api/cards/7/details': {
        status: 200,
        body: { data: { id: 7, number: '4242424242424242', cvc: '123', exp_month: 4, exp_year: 2029 } },
      },
    });
    renderWithProviders(<CardVisualPanel card={virtual} />, { me: simulatorMe });
    await userEvent.setup().click(await screen.findByRole('button', { name: /Show Details/ }));
    expect(await screen.findByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/cards/7/details']);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('with Stripe: Stripe.js makes a nonce, the server its ephemeral key (after the password), Issuing Elements show the card', async () => {
    let confirmed = false;
    const fake = installFakeApi({
      'POST /api/cards/7/ephemeral-keys': () =>
        confirmed
          ? {
              status: 200,
              body: { data: { issuing_card: 'ic_virtual7', secret: 'ek_test_secret', expires: 1_900_000_000 } },
            }
          : { status: 423, body: { message: CARD_MESSAGES.passwordConfirmRequired } },
      'POST /user/confirm-password': () => {
        confirmed = true;
        return { status: 201, body: { message: MESSAGES.passwordConfirmed } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderWithProviders(<CardVisualPanel card={virtual} />, { me: stripeMe });
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: /Show Details/ }));

    const modal = await findDialog('Confirm your password');
    fireEvent.change(within(modal).getByLabelText('Password'), { target: { value: 'demo-password' } });
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('issuingCardNumberDisplay of ic_virtual7')).toBeInTheDocument();
    expect(screen.getByText('issuingCardCvcDisplay of ic_virtual7')).toBeInTheDocument();
    expect(screen.getByText('issuingCardExpiryDisplay of ic_virtual7')).toBeInTheDocument();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_123');
    const [nonce] = stripeJs.nonces;
    // The 423 was answered before Stripe was asked, so the retry sends the same, unused nonce.
    const posts = fake.calls.filter((call) => call.path === '/api/cards/7/ephemeral-keys');
    expect(posts.map((call) => call.body)).toEqual([{ nonce }, { nonce }]);
    expect(fake.calls.some((call) => call.path === '/api/cards/7/details')).toBe(false);
    for (const element of stripeJs.created) {
      expect(element.options).toMatchObject({
        issuingCard: 'ic_virtual7',
        nonce,
        ephemeralKeySecret: 'ek_test_secret',
      });
    }

    await user.click(screen.getByRole('button', { name: /Hide Details/ }));
    await waitFor(() => expect(screen.queryByText('issuingCardNumberDisplay of ic_virtual7')).not.toBeInTheDocument());
    expect(stripeJs.destroyed).toEqual(
      expect.arrayContaining(['issuingCardNumberDisplay', 'issuingCardCvcDisplay', 'issuingCardExpiryDisplay']),
    );
  });

  it('with Stripe but no publishable key says so instead of loading anything', async () => {
    installFakeApi({});
    renderWithProviders(<CardVisualPanel card={virtual} />, {
      me: makeMe({ card_issuer: { name: 'stripe', stripe_publishable_key: null } }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: /Show Details/ }));
    expect(await screen.findByText(CARD_ISSUER_MESSAGES.stripeNotConfigured)).toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
