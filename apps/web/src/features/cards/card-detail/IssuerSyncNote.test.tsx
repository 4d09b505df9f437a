import { configure, screen } from '@testing-library/react';
import { CARD_MESSAGES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { makeCard, makeUser } from '../../../test/cards';
import { installFakeApi } from '../../../test/fake-api';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-ui';
import { CardDetailPage } from '../CardDetailPage';

configure({ asyncUtilTimeout: 8000 });

const admin = makeMe({ id: 1, name: 'Alex Morgan', roles: ['super-admin'] });

function renderCardPage(cardReplies: Array<ReturnType<typeof makeCard>>) {
  document.cookie = 'XSRF-TOKEN=t';
  let served = 0;
  const api = installFakeApi({
    'GET /api/cards/7': () => ({
      status: 200,
      body: { data: cardReplies[Math.min(served++, cardReplies.length - 1)] },
    }),
    'GET /api/users/4': {
      status: 200,
      body: { data: makeUser({ id: 4, issuing_tos_acceptance: { accepted_at: '2025-02-01T00:00:00.000Z' } }) },
    },
  });
  renderWithProviders(<CardDetailPage />, { path: '/cards/7', route: '/cards/:cardId', me: admin });
  return api;
}

describe('the card page and the issuer outbox', { timeout: 60_000 }, () => {
  it('says "Syncing with issuer" while the issuer has not heard of the last change, and looks again until it has', async () => {
    const api = renderCardPage([
      makeCard({ id: 7, issuer_sync: { state: 'syncing', error: null } }),
      makeCard({ id: 7, issuer_sync: { state: 'synced', error: null } }),
    ]);
    expect(await screen.findByText(CARD_MESSAGES.issuerSyncing)).toBeInTheDocument();
    // The page polls while syncing; once the issuer has it, the note goes.
    await screen.findByText('Card Overview');
    await expect.poll(() => screen.queryByText(CARD_MESSAGES.issuerSyncing), { timeout: 8000 }).toBeNull();
    expect(api.calls.filter((call) => call.path === '/api/cards/7').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the issuer's refusal with its reason", async () => {
    renderCardPage([
      makeCard({
        id: 7,
        issuer_sync: {
          state: 'failed',
          error: 'This card cannot be activated until the cardholder accepts the terms.',
        },
      }),
    ]);
    expect(
      await screen.findByText(
        `${CARD_MESSAGES.issuerSyncFailed}: This card cannot be activated until the cardholder accepts the terms.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows nothing when the issuer is in step', async () => {
    renderCardPage([makeCard({ id: 7 })]);
    expect(await screen.findByText('Card Overview')).toBeInTheDocument();
    expect(screen.queryByText(CARD_MESSAGES.issuerSyncing)).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(CARD_MESSAGES.issuerSyncFailed))).not.toBeInTheDocument();
  });
});
