import { describe, expect, it } from 'vitest';
import { CARD_ISSUER_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { setupOrg } from '../../test/helpers.js';
import { createCard, shippingBody } from '../../test/card-factories.js';

// The simulator keeps today's reveal through the server (GET /api/cards/{id}/details); issue 16 points 8 and 10.
const ctx = useTestApp();

describe('card reveal with the simulator', () => {
  it("a physical card's number and CVC are a 422 with the contract's message (as with Stripe), a virtual card's are shown", async () => {
    const org = await setupOrg(ctx);
    const physical = await createCard(org.adminClient, org.member.id, { type: 'physical', shipping: shippingBody });
    const virtual = await createCard(org.adminClient, org.member.id);
    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const refused = await org.memberClient.get(`/api/cards/${physical.id}/details`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(CARD_ISSUER_MESSAGES.physicalCardNotRevealable);
    expect(refused.body).not.toMatch(/\d{12,}/);
    const shown = await org.memberClient.get(`/api/cards/${virtual.id}/details`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.number).toMatch(/^\d{16}$/);
  });

  it('has no ephemeral keys (409 naming the details route), tells the SPA it is the simulator, and keeps Stripe out of the CSP', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const response = await org.memberClient.post(`/api/cards/${card.id}/ephemeral-keys`, { nonce: 'ephkn_pub_x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CARD_ISSUER_MESSAGES.ephemeralKeysNotUsed);

    expect((await org.memberClient.get(`/api/cards/${card.id}`)).json().data.stripe_card_id).toBeNull();
    const me = await org.memberClient.get('/api/me');
    expect(me.json().data.card_issuer).toEqual({ name: 'simulator', stripe_publishable_key: null });
    const csp = String(me.headers['content-security-policy']);
    expect(csp).not.toContain('stripe.com');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});
