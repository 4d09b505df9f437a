import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../issuing/stripe/fake-stripe.js';
import { useTestApp } from '../../test/context.js';
import { setupOrg } from '../../test/helpers.js';
import { createCard, fundCard, waitForIssuerSync } from '../../test/card-factories.js';
import { settleProviderTopup } from '../funding/service.js';

/**
 * A card's controls reach Stripe through the issuer outbox (issue 20 point 3): on create, after a change, after
 * clearing, and beside the all-time limit when the card is funded. The fake checks every request against Stripe's
 * OpenAPI description (category names, intervals, no empty values where none are documented).
 */
const fake = await startFakeStripe({ secretKey: 'sk_test_x' });
const ctx = useTestApp({
  ISSUER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(fake.port),
  STRIPE_API_PROTOCOL: 'http',
});
afterAll(() => fake.stop());

const stripeControlsOf = async (cardId: number) => {
  const { provider_card_id: id } = await ctx.db
    .selectFrom('cards')
    .select('provider_card_id')
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  const {
    spending_limits: limits,
    allowed_categories: allowed,
    blocked_categories: blocked,
  } = fake.objects.get(id)!.spending_controls as {
    spending_limits: unknown[];
    allowed_categories: unknown;
    blocked_categories: unknown;
  };
  return { limits, allowed, blocked };
};

describe("a card's spending controls at Stripe", () => {
  it('are sent on create, on funding, after a change and after clearing', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id, {
      spending_controls: {
        spending_limits: [
          { amount: 50_000, interval: 'monthly' },
          { amount: 2_500, interval: 'per_authorization' },
        ],
        blocked_categories: ['betting_casino_gambling', 'drinking_places'],
      },
    });
    expect(await stripeControlsOf(card.id)).toEqual({
      limits: [
        { amount: 0, categories: null, interval: 'all_time' },
        { amount: 50_000, categories: null, interval: 'monthly' },
        { amount: 2_500, categories: null, interval: 'per_authorization' },
      ],
      allowed: null,
      blocked: ['betting_casino_gambling', 'drinking_places'],
    });

    // Funding moves the all-time limit and keeps the card's own controls.
    const topup = await org.adminClient.post('/api/topups', { amount: 10_000, description: 'Wire' });
    const { provider_topup_id: topupId } = await ctx.db
      .selectFrom('topups')
      .select('provider_topup_id')
      .where('id', '=', topup.json().data.id)
      .executeTakeFirstOrThrow();
    fake.setTopupStatus(topupId!, 'succeeded');
    await settleProviderTopup(ctx.db, 'stripe', topupId!);
    await fundCard(org.adminClient, card.id, 4_200);
    await waitForIssuerSync(ctx.db, card.id);
    expect((await stripeControlsOf(card.id)).limits).toEqual([
      { amount: 4_200, categories: null, interval: 'all_time' },
      { amount: 50_000, categories: null, interval: 'monthly' },
      { amount: 2_500, categories: null, interval: 'per_authorization' },
    ]);

    // Blocked becomes allowed; the per-purchase limit goes, a daily one comes.
    const changed = await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, {
      spending_limits: [{ amount: 10_000, interval: 'daily' }],
      allowed_categories: ['airlines_air_carriers', 'hotels_motels_and_resorts'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.issuer_sync.state).toBe('syncing');
    await waitForIssuerSync(ctx.db, card.id);
    expect(await stripeControlsOf(card.id)).toEqual({
      limits: [
        { amount: 4_200, categories: null, interval: 'all_time' },
        { amount: 10_000, categories: null, interval: 'daily' },
      ],
      allowed: ['airlines_air_carriers', 'hotels_motels_and_resorts'],
      blocked: null,
    });
    expect((await org.adminClient.get(`/api/cards/${card.id}`)).json().data.issuer_sync).toEqual({
      state: 'synced',
      error: null,
    });

    // Cleared: the all-time limit alone.
    expect((await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, {})).statusCode).toBe(200);
    await waitForIssuerSync(ctx.db, card.id);
    expect(await stripeControlsOf(card.id)).toEqual({
      limits: [{ amount: 4_200, categories: null, interval: 'all_time' }],
      allowed: null,
      blocked: null,
    });
    // Every request the outbox sent was one Stripe documents (the fake refuses any other with a 400).
    const failed = await ctx.db
      .selectFrom('issuer_commands')
      .select('last_error')
      .where('card_id', '=', card.id)
      .where('failed_at', 'is not', null)
      .execute();
    expect(failed).toEqual([]);
  });
});
