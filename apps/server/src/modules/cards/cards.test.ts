import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import {
  acceptTermsInDb,
  activateCard,
  ageConfirmation,
  availableFunds,
  createCard,
  fundCard,
  ledgerCounts,
  newCardBody,
  putBalance,
  setUserCreatedAt,
  shippingBody,
  topUp,
  waitForIssuerSync,
} from '../../test/card-factories.js';
import { isLuhnValid } from '../../issuing/simulator/card-numbers.js';

const ctx = useTestApp();

const countOf = async (table: 'cards' | 'cardholders' | 'issuer_sim_cards' | 'issuer_sim_cardholders', orgId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/cards', () => {
  it('issues an inactive virtual card with nothing on it, makes the user a cardholder, and says Added', async () => {
    const org = await setupOrg(ctx);
    const response = await org.adminClient.post('/api/cards', newCardBody(org.member.id));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(CARD_MESSAGES.added);
    expect(body.data).toMatchObject({
      type: 'virtual',
      status: 'inactive',
      spending_limit: 0,
      issuing_holds_amount: 0,
      available_to_spend: 0,
      name: 'Mia Member',
      brand: 'Visa',
      user_id: org.member.id,
      user: { id: org.member.id, name: 'Mia Member', email: org.member.email },
      shipping: null,
    });
    expect(body.data.last4).toMatch(/^\d{4}$/);
    expect(body.data.stripe_cardholder_id).toMatch(/^ich_sim_/);
    const user = await ctx.db
      .selectFrom('users')
      .select('stripe_cardholder_id')
      .where('id', '=', org.member.id)
      .executeTakeFirstOrThrow();
    expect(user.stripe_cardholder_id).toBe(body.data.stripe_cardholder_id);
    const simCard = await ctx.db
      .selectFrom('issuer_sim_cards')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(isLuhnValid(simCard.number)).toBe(true);
    expect(simCard.number.slice(-4)).toBe(body.data.last4);
    expect(simCard.status).toBe('inactive');
  });

  it('creates the cardholder once; the second card keeps the first legal names and cardholder name', async () => {
    const org = await setupOrg(ctx);
    const first = await createCard(org.adminClient, org.member.id, {
      legal_first_name: 'Mia',
      legal_last_name: 'Member',
    });
    const second = await createCard(org.adminClient, org.member.id, {
      legal_first_name: 'Other',
      legal_last_name: 'Person',
      cardholder_name: 'Someone Else',
      type: 'physical',
      shipping: shippingBody,
    });
    expect(second.name).toBe('Mia Member');
    expect(second.id).not.toBe(first.id);
    expect(await countOf('cardholders', org.organization.id)).toBe(1);
    expect(await countOf('issuer_sim_cardholders', org.organization.id)).toBe(1);
    const holder = await org.adminClient.get(`/api/users/${org.member.id}/cardholder`);
    expect(holder.json().data.stripe_cardholder_details).toMatchObject({
      name: 'Mia Member',
      individual: { first_name: 'Mia', last_name: 'Member' },
    });
  });

  it('issues a physical card with its shipping service and address', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id, { type: 'physical', shipping: shippingBody });
    const stored = await ctx.db
      .selectFrom('cards')
      .select('shipping')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(stored.shipping).toMatchObject({
      service: 'express',
      name: 'Mia Member',
      address: { line1: '2 Ship Rd', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' },
    });
  });

  it('answers 422 with the PRODUCT.md §5 messages per field and writes nothing', async () => {
    const org = await setupOrg(ctx);
    const orgId = org.organization.id;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ legal_first_name: '' }, 'legal_first_name', CARD_MESSAGES.legalFirstName],
      [{ legal_first_name: '   ' }, 'legal_first_name', CARD_MESSAGES.legalFirstName],
      [{ legal_last_name: undefined }, 'legal_last_name', CARD_MESSAGES.legalLastName],
      [{ cardholder_name: '' }, 'cardholder_name', CARD_MESSAGES.cardholderName],
      [{ billing: { city: 'X', state: 'CA', postal_code: '1' } }, 'billing.line1', CARD_MESSAGES.billingLine1],
      [{ billing: { line1: 'X', state: 'CA', postal_code: '1' } }, 'billing.city', CARD_MESSAGES.billingCity],
      [{ billing: { line1: 'X', city: 'Y', postal_code: '1' } }, 'billing.state', CARD_MESSAGES.billingState],
      [
        { billing: { line1: 'X', city: 'Y', state: 'CA', postal_code: '' } },
        'billing.postal_code',
        CARD_MESSAGES.billingPostal,
      ],
      [{ type: 'physical' }, 'shipping.service', CARD_MESSAGES.shippingMethod],
      [
        { type: 'physical', shipping: { ...shippingBody, service: 'overnight' } },
        'shipping.service',
        CARD_MESSAGES.shippingMethod,
      ],
      [{ type: 'physical', shipping: { ...shippingBody, name: '' } }, 'shipping.name', CARD_MESSAGES.shippingName],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await org.adminClient.post('/api/cards', newCardBody(org.member.id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(overrides)).toEqual([message]);
    }
    expect(await countOf('cards', orgId)).toBe(0);
    expect(await countOf('issuer_sim_cardholders', orgId)).toBe(0);
  });

  it("answers 422 for a user without the wallet-user role, an unknown user, and another organisation's user, without calling the issuer", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const finance = await addUser(ctx.db, org.organization.id, 'wallet-finance');
    for (const userId of [finance.id, org.admin.id, 999_999, other.member.id]) {
      const response = await org.adminClient.post('/api/cards', newCardBody(userId));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.user_id).toHaveLength(1);
    }
    expect((await org.adminClient.post('/api/cards', newCardBody(finance.id))).json().errors.user_id).toEqual([
      CARD_MESSAGES.holderNotWalletUser,
    ]);
    expect(await countOf('issuer_sim_cardholders', org.organization.id)).toBe(0);
    expect(await countOf('cards', other.organization.id)).toBe(0);
  });

  it('is admin only: 403 for a member, 401 signed out', async () => {
    const org = await setupOrg(ctx);
    expect((await org.memberClient.post('/api/cards', newCardBody(org.member.id))).statusCode).toBe(403);
    expect((await org.anonymous.post('/api/cards', newCardBody(org.member.id))).statusCode).toBe(401);
    expect(await countOf('cards', org.organization.id)).toBe(0);
  });

  it('issues one card for a retried request with the same Idempotency-Key', async () => {
    const org = await setupOrg(ctx);
    const headers = { 'idempotency-key': 'create-card-key-1' };
    const first = await org.adminClient.post('/api/cards', newCardBody(org.member.id), headers);
    const second = await org.adminClient.post('/api/cards', newCardBody(org.member.id), headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await countOf('cards', org.organization.id)).toBe(1);
  });

  it('first cards for the same person requested at once make one cardholder', async () => {
    const org = await setupOrg(ctx);
    // The issuer answers none of them until all four have asked: every request has seen "no cardholder yet"
    // before any of them records one.
    const requests = 4;
    const issuer = ctx.deps.issuer;
    const createCardholder = issuer.createCardholder;
    let asked = 0;
    let allAsked!: () => void;
    const everyoneAsked = new Promise<void>((resolve) => (allAsked = resolve));
    issuer.createCardholder = async (...args) => {
      if (++asked === requests) allAsked();
      await everyoneAsked;
      return createCardholder.apply(issuer, args);
    };
    const responses = await Promise.all(
      Array.from({ length: requests }, () => org.adminClient.post('/api/cards', newCardBody(org.member.id))),
    ).finally(() => {
      issuer.createCardholder = createCardholder;
    });
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await countOf('cardholders', org.organization.id)).toBe(1);
    expect(await countOf('cards', org.organization.id)).toBe(4);
  });

  it('keeps Idempotency-Keys apart between organisations and between users', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const headers = { 'idempotency-key': 'shared-client-key' };
    const mine = await org.adminClient.post('/api/cards', newCardBody(org.member.id), headers);
    const theirs = await other.adminClient.post(
      '/api/cards',
      newCardBody(other.member.id, { legal_first_name: 'Theo' }),
      headers,
    );
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(theirs.json().data.user_id).toBe(other.member.id);
    expect(await countOf('cards', other.organization.id)).toBe(1);
    const peer = await addUser(ctx.db, org.organization.id, 'wallet-user');
    const forPeer = await org.adminClient.post('/api/cards', newCardBody(peer.id), headers);
    expect(forPeer.statusCode).toBe(201);
    expect(forPeer.json().data.user_id).toBe(peer.id);
  });
});

describe('GET /api/cards/{id}', () => {
  it('shows a card to an admin and to its holder; 404 for another member, another organisation, or a missing id; 401 signed out', async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const otherCard = await createCard(other.adminClient, other.member.id);
    const peer = await addUser(ctx.db, org.organization.id, 'wallet-user');
    const peerClient = await ctx.client(org.host).signIn(peer.email, TEST_PASSWORD);

    const admin = await org.adminClient.get(`/api/cards/${card.id}?include=user,pendingIssuingAuthorizationHolds`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toMatchObject({
      id: card.id,
      user: { id: org.member.id },
      pending_issuing_authorization_holds: [],
    });
    expect((await org.memberClient.get(`/api/cards/${card.id}`)).json().data.id).toBe(card.id);
    expect((await peerClient.get(`/api/cards/${card.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.get(`/api/cards/${otherCard.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.get('/api/cards/987654')).statusCode).toBe(404);
    expect((await org.anonymous.get(`/api/cards/${card.id}`)).statusCode).toBe(401);
    expect((await org.adminClient.get(`/api/cards/${card.id}?include=nope`)).statusCode).toBe(400);
  });
});

describe('GET /api/cards/{id}/details and POST /user/confirm-password', () => {
  it('needs a password confirmed within 3 hours: 423, then 200 with number and CVC, then 423 again once it is older', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const locked = await org.memberClient.get(`/api/cards/${card.id}/details`);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe(CARD_MESSAGES.passwordConfirmRequired);

    const wrong = await org.memberClient.post('/user/confirm-password', { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual([MESSAGES.badPassword]);
    expect((await org.memberClient.get(`/api/cards/${card.id}/details`)).statusCode).toBe(423);
    expect((await org.memberClient.post('/user/confirm-password', {})).statusCode).toBe(422);

    const confirmed = await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    expect(confirmed.statusCode).toBe(201);
    const details = await org.memberClient.get(`/api/cards/${card.id}/details`);
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    const sim = await ctx.db
      .selectFrom('issuer_sim_cards')
      .select(['number', 'cvc'])
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(details.json().data).toMatchObject({ id: card.id, number: sim.number, cvc: sim.cvc });

    await ageConfirmation(ctx.db, org.member.id, 2 * 60 + 50);
    expect((await org.memberClient.get(`/api/cards/${card.id}/details`)).statusCode).toBe(200);
    await ageConfirmation(ctx.db, org.member.id, 3 * 60 + 1);
    expect((await org.memberClient.get(`/api/cards/${card.id}/details`)).statusCode).toBe(423);
  });

  it('the confirmation belongs to the session: another session of the same user is still locked', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await org.memberClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    const laptop = await ctx.client(org.host).signIn(org.member.email, TEST_PASSWORD);
    expect((await laptop.get(`/api/cards/${card.id}/details`)).statusCode).toBe(423);
  });

  it('lets an admin reveal after confirming; another member gets 404 even when confirmed; signed out 401', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await org.adminClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    expect((await org.adminClient.get(`/api/cards/${card.id}/details`)).statusCode).toBe(200);
    const peer = await addUser(ctx.db, org.organization.id, 'wallet-user');
    const peerClient = await ctx.client(org.host).signIn(peer.email, TEST_PASSWORD);
    await peerClient.post('/user/confirm-password', { password: TEST_PASSWORD });
    expect((await peerClient.get(`/api/cards/${card.id}/details`)).statusCode).toBe(404);
    expect((await org.anonymous.get(`/api/cards/${card.id}/details`)).statusCode).toBe(401);
    expect((await org.anonymous.post('/user/confirm-password', { password: TEST_PASSWORD })).statusCode).toBe(401);
  });
});

describe('PUT /api/cards/{id}/status', () => {
  it('activates when the holder accepted the terms, deactivates keeping the spending limit, and reactivates', async () => {
    const org = await setupOrg(ctx);
    await acceptTermsInDb(ctx.db, org.member.id);
    const card = await createCard(org.adminClient, org.member.id);
    await topUp(org.adminClient, 5_000);
    await fundCard(org.adminClient, card.id, 3_000);
    const activated = await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      message: CARD_MESSAGES.statusUpdated,
      data: { status: 'active', spending_limit: 3_000 },
    });
    const deactivated = await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'inactive' });
    expect(deactivated.json().data).toMatchObject({ status: 'inactive', spending_limit: 3_000 });
    expect(await availableFunds(org.adminClient)).toBe(2_000);
    expect((await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' })).json().data.status).toBe(
      'active',
    );
    // The issuer hears of it after the commit (the issuer outbox).
    await waitForIssuerSync(ctx.db, card.id);
    const sim = await ctx.db
      .selectFrom('issuer_sim_cards')
      .select('status')
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(sim.status).toBe('active');
  });

  it('refuses activation (409) while a holder created after 2023-06-01 has not accepted the terms; accepting unlocks it', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const refused = await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.termsNotAccepted);
    expect(
      (await ctx.db.selectFrom('cards').select('status').where('id', '=', card.id).executeTakeFirstOrThrow()).status,
    ).toBe('inactive');

    const accepted = await org.memberClient.post(
      '/api/issuing-tos-acceptances/accept',
      { issuer: 'stripe' },
      { 'user-agent': 'TermsBrowser/1.0' },
    );
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().message).toBe(CARD_MESSAGES.termsAccepted);
    const sim = await ctx.db
      .selectFrom('issuer_sim_cardholders')
      .selectAll()
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(sim).toMatchObject({ terms_user_agent: 'TermsBrowser/1.0' });
    expect(sim.terms_accepted_at).toBeInstanceOf(Date);
    expect(sim.terms_ip).toBeTruthy();
    expect((await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' })).statusCode).toBe(200);
  });

  it('exempts holders created before 2023-06-01', async () => {
    const org = await setupOrg(ctx);
    await setUserCreatedAt(ctx.db, org.member.id, new Date('2023-05-31T12:00:00Z'));
    const card = await createCard(org.adminClient, org.member.id);
    expect((await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'active' })).statusCode).toBe(200);
  });

  it("answers 422 for an unknown status, 403 for a member, 404 for another organisation's card, 401 signed out", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    await acceptTermsInDb(ctx.db, org.member.id);
    const card = await createCard(org.adminClient, org.member.id);
    const otherCard = await createCard(other.adminClient, other.member.id);
    expect((await org.adminClient.put(`/api/cards/${card.id}/status`, { status: 'frozen' })).statusCode).toBe(422);
    expect((await org.memberClient.put(`/api/cards/${card.id}/status`, { status: 'active' })).statusCode).toBe(403);
    expect((await org.adminClient.put(`/api/cards/${otherCard.id}/status`, { status: 'active' })).statusCode).toBe(404);
    expect((await org.anonymous.put(`/api/cards/${card.id}/status`, { status: 'active' })).statusCode).toBe(401);
    expect(
      (await ctx.db.selectFrom('cards').select('status').where('id', 'in', [card.id, otherCard.id]).execute()).map(
        (row) => row.status,
      ),
    ).toEqual(['inactive', 'inactive']);
  });
});

describe('PUT /api/cards/{id}/balance', () => {
  it('sets the spending limit, moving the difference both ways, and says Card Balance Updated', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await topUp(org.adminClient, 10_000);
    const up = await putBalance(org.adminClient, card.id, 7_550);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      message: CARD_MESSAGES.balanceUpdated,
      data: { spending_limit: 7_550, available_to_spend: 7_550 },
    });
    expect(await availableFunds(org.adminClient)).toBe(2_450);
    await fundCard(org.adminClient, card.id, 1_000);
    expect(await availableFunds(org.adminClient)).toBe(9_000);
    await fundCard(org.adminClient, card.id, 0);
    expect(await availableFunds(org.adminClient)).toBe(10_000);
    await waitForIssuerSync(ctx.db, card.id);
    const sim = await ctx.db
      .selectFrom('issuer_sim_cards')
      .select('spending_limit')
      .where('org_id', '=', org.organization.id)
      .executeTakeFirstOrThrow();
    expect(sim.spending_limit).toBe(0);
  });

  it("answers 409 with the contract message when unallocated funds can't cover it, and writes nothing", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await topUp(org.adminClient, 1_000);
    await fundCard(org.adminClient, card.id, 600);
    const before = await ledgerCounts(ctx.db, org.organization.id);
    const refused = await putBalance(org.adminClient, card.id, 1_001);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    expect(await ledgerCounts(ctx.db, org.organization.id)).toEqual(before);
    expect(
      (await ctx.db.selectFrom('cards').select('spending_limit').where('id', '=', card.id).executeTakeFirstOrThrow())
        .spending_limit,
    ).toBe(600);
    expect((await putBalance(org.adminClient, card.id, 1_000)).statusCode).toBe(200);
  });

  it('answers 422 "\'amount\' is not a valid number" for decimals, negatives, strings and missing amounts; and a description is required', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    for (const amount of [10.5, -1, '100', null, undefined]) {
      const response = await org.adminClient.put(`/api/cards/${card.id}/balance`, { amount, description: 'x' });
      expect(response.statusCode, String(amount)).toBe(422);
      expect(response.json().errors.amount).toEqual([CARD_MESSAGES.amountInvalid]);
    }
    const noDescription = await org.adminClient.put(`/api/cards/${card.id}/balance`, { amount: 0, description: '' });
    expect(noDescription.json().errors.description).toEqual([CARD_MESSAGES.descriptionRequired]);
    const tooLong = await org.adminClient.put(`/api/cards/${card.id}/balance`, {
      amount: 0,
      description: 'x'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('refuses (409) to lower the limit below what is on hold for pending purchases', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await topUp(org.adminClient, 10_000);
    await fundCard(org.adminClient, card.id, 5_000);
    // A real pending purchase of $12.00 (holds_amount is the sum of pending holds: the database refuses it written alone).
    await acceptTermsInDb(ctx.db, org.member.id);
    await activateCard(org.adminClient, card.id);
    const held = await org.adminClient.post('/api/simulator/purchases', {
      card_id: card.id,
      amount: 1_200,
      capture: 'later',
      merchant: { name: 'Blue Bottle Coffee' },
    });
    expect(held.json().data.approved).toBe(true);
    const refused = await putBalance(org.adminClient, card.id, 1_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.belowPendingHolds);
    expect(await availableFunds(org.adminClient)).toBe(5_000);
    expect((await putBalance(org.adminClient, card.id, 1_200)).json().data).toMatchObject({
      spending_limit: 1_200,
      available_to_spend: 0,
    });
  });

  it("403 for a member, 404 for another organisation's card, 401 signed out; 409 when the holder lost the wallet-user role", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const otherCard = await createCard(other.adminClient, other.member.id);
    await topUp(org.adminClient, 1_000);
    expect((await putBalance(org.memberClient, card.id, 10)).statusCode).toBe(403);
    expect((await putBalance(org.adminClient, otherCard.id, 10)).statusCode).toBe(404);
    expect((await putBalance(org.anonymous, card.id, 10)).statusCode).toBe(401);
    await ctx.db
      .updateTable('user_roles')
      .set({ role: 'wallet-finance' })
      .where('user_id', '=', org.member.id)
      .execute();
    const refused = await putBalance(org.adminClient, card.id, 10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.holderNotWalletUser);
    expect(await availableFunds(org.adminClient)).toBe(1_000);
  });
});
