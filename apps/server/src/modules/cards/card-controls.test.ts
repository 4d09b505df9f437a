import { describe, expect, it } from 'vitest';
import { CARD_CONTROL_MESSAGES, CARD_SETTINGS_TEXTS, NO_SPENDING_CONTROLS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import { createCard, newCardBody } from '../../test/card-factories.js';

/**
 * A card's controls and identity through the cards API (issue 20 points 1, 4, 7): set at create (or the organisation's
 * Card Settings defaults), answered by GET, changed by PUT spending-controls, PATCH and PUT low-balance-alert; a
 * refused change writes nothing. Who may call each route is the route matrix's (security/route-matrix.test.ts).
 */
const ctx = useTestApp();

const monthlyAndBlocked = {
  spending_limits: [
    { amount: 50_000, interval: 'monthly' },
    { amount: 5_000, interval: 'per_authorization' },
  ],
  blocked_categories: ['betting_casino_gambling'],
};

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const cardRow = (cardId: number) =>
  ctx.db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
const windowsOf = (cardId: number) =>
  ctx.db.selectFrom('card_spend_windows').select(['interval', 'spent']).where('card_id', '=', cardId).execute();
const auditOf = (orgId: number, action: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['details', 'actor_kind'])
    .where('org_id', '=', orgId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();
const issuerCommandsOf = (cardId: number) =>
  ctx.db.selectFrom('issuer_commands').select('kind').where('card_id', '=', cardId).execute();

describe('POST /api/cards with controls and identity', () => {
  it('keeps the controls and identity given, and answers them', async () => {
    const org = await setupOrg(ctx);
    const expires = tomorrow();
    const response = await org.adminClient.post(
      '/api/cards',
      newCardBody(org.member.id, {
        spending_controls: monthlyAndBlocked,
        nickname: ' AWS ',
        purpose: 'Cloud hosting',
        merchant_lock: 'Amazon Web Services',
        allocation_expires_on: expires,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      nickname: 'AWS',
      purpose: 'Cloud hosting',
      merchant_lock: 'Amazon Web Services',
      allocation_expires_on: expires,
      low_balance_threshold: null,
      spending_controls: { ...monthlyAndBlocked, allowed_categories: [] },
    });
    const cardId = response.json().data.id as number;
    // The windowed limit has its row from the start, empty (the decision reads it).
    expect(await windowsOf(cardId)).toEqual([{ interval: 'monthly', spent: 0 }]);

    const own = (await org.adminClient.get(`/api/cards/${cardId}`)).json().data;
    expect(own.spending_usage).toEqual([
      { interval: 'per_authorization', limit: 5_000, spent: 0, left: 5_000, resets_on: null },
      { interval: 'monthly', limit: 50_000, spent: 0, left: 50_000, resets_on: expect.stringMatching(/-01$/) },
    ]);
    // The holder sees their card's controls too.
    expect((await org.memberClient.get(`/api/cards/${cardId}`)).json().data.spending_controls).toEqual(
      own.spending_controls,
    );
    // Lists answer the identity (not the usage, which is a single card's).
    const listed = (await org.adminClient.get('/api/cards')).json().data[0];
    expect(listed).toMatchObject({ id: cardId, nickname: 'AWS', purpose: 'Cloud hosting' });
    expect(listed).not.toHaveProperty('spending_usage');
    expect((await org.memberClient.get(`/api/users/${org.member.id}/cards`)).json().data[0]).toMatchObject({
      nickname: 'AWS',
      purpose: 'Cloud hosting',
    });
  });

  it("starts from the organisation's Card Settings when no controls are given; none before they are saved", async () => {
    const org = await setupOrg(ctx);
    const before = await createCard(org.adminClient, org.member.id);
    expect((await cardRow(before.id)).spending_controls).toEqual(NO_SPENDING_CONTROLS);

    const defaults = {
      spending_limits: [{ amount: 20_000, interval: 'weekly' }],
      allowed_categories: ['airlines_air_carriers'],
    };
    const saved = await org.adminClient.put('/api/card-settings', {
      default_type: 'virtual',
      default_shipping_service: 'standard',
      default_spending_controls: defaults,
      org_funds_low_threshold: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(CARD_SETTINGS_TEXTS.saved);

    const after = await createCard(org.adminClient, org.member.id);
    expect((await cardRow(after.id)).spending_controls).toEqual({ ...defaults, blocked_categories: [] });
    // Controls given win over the defaults, none included.
    const explicit = await createCard(org.adminClient, org.member.id, { spending_controls: {} });
    expect((await cardRow(explicit.id)).spending_controls).toEqual(NO_SPENDING_CONTROLS);
  });

  it('refuses an expiry that is not after today, and allowed with blocked categories, on their fields (422)', async () => {
    const org = await setupOrg(ctx);
    const today = new Date().toISOString().slice(0, 10);
    const response = await org.adminClient.post(
      '/api/cards',
      newCardBody(org.member.id, {
        allocation_expires_on: today,
        spending_controls: { allowed_categories: ['airlines_air_carriers'], blocked_categories: ['drinking_places'] },
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      allocation_expires_on: [CARD_CONTROL_MESSAGES.expiryNotFuture],
      'spending_controls.allowed_categories': [CARD_CONTROL_MESSAGES.allowedAndBlocked],
    });
    expect(await ctx.db.selectFrom('cards').select('id').where('org_id', '=', org.organization.id).execute()).toEqual(
      [],
    );
  });
});

describe('PUT /api/cards/{id}/spending-controls', () => {
  it('sets the controls, recounts the windows, audits and queues the issuer sync, in one change', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const commandsBefore = (await issuerCommandsOf(card.id)).length;

    const response = await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, monthlyAndBlocked);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(CARD_CONTROL_MESSAGES.controlsUpdated);
    expect(response.json().data.spending_controls).toEqual({ ...monthlyAndBlocked, allowed_categories: [] });
    expect(response.json().data.spending_usage).toHaveLength(2);
    expect(await windowsOf(card.id)).toEqual([{ interval: 'monthly', spent: 0 }]);
    expect(await auditOf(org.organization.id, 'card.controls_changed')).toEqual([
      {
        actor_kind: 'user',
        details: {
          holder_user_id: org.member.id,
          old_controls: NO_SPENDING_CONTROLS,
          new_controls: { ...monthlyAndBlocked, allowed_categories: [] },
        },
      },
    ]);
    expect((await issuerCommandsOf(card.id)).slice(commandsBefore)).toEqual([{ kind: 'card_spending_limit' }]);

    // The same controls again change nothing and record nothing.
    expect((await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, monthlyAndBlocked)).statusCode).toBe(
      200,
    );
    expect(await auditOf(org.organization.id, 'card.controls_changed')).toHaveLength(1);

    // Cleared: no limits, no windows.
    const cleared = await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, {});
    expect(cleared.json().data.spending_controls).toEqual(NO_SPENDING_CONTROLS);
    expect(cleared.json().data.spending_usage).toEqual([]);
    expect(await windowsOf(card.id)).toEqual([]);
  });

  it('refuses bad controls per field and writes nothing (422)', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const before = await cardRow(card.id);
    const response = await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, {
      spending_limits: [
        { amount: 0, interval: 'monthly' },
        { amount: 100, interval: 'fortnightly' },
      ],
      blocked_categories: ['not_a_category'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'spending_limits.0.amount': [CARD_CONTROL_MESSAGES.limitAmount],
      'spending_limits.1.interval': [CARD_CONTROL_MESSAGES.limitInterval],
      'blocked_categories.0': [CARD_CONTROL_MESSAGES.unknownCategory],
    });
    expect(await cardRow(card.id)).toEqual(before);
    expect(await auditOf(org.organization.id, 'card.controls_changed')).toEqual([]);
  });

  it("is an admin's: a member's own card is a 403, and nothing changes", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const response = await org.memberClient.put(`/api/cards/${card.id}/spending-controls`, monthlyAndBlocked);
    expect(response.statusCode).toBe(403);
    expect((await cardRow(card.id)).spending_controls).toEqual(NO_SPENDING_CONTROLS);
  });

  it('refuses a canceled card (409)', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    await ctx.db
      .updateTable('cards')
      .set({ status: 'canceled', canceled_at: new Date() })
      .where('id', '=', card.id)
      .execute();
    expect((await org.adminClient.put(`/api/cards/${card.id}/spending-controls`, monthlyAndBlocked)).statusCode).toBe(
      409,
    );
  });
});

describe('PATCH /api/cards/{id}', () => {
  it('changes only the fields sent, audits old and new, and clears an expiry with null', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id, { nickname: 'AWS', purpose: 'Hosting' });
    const expires = tomorrow();
    const response = await org.adminClient.patch(`/api/cards/${card.id}`, {
      purpose: 'Cloud hosting',
      allocation_expires_on: expires,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(CARD_CONTROL_MESSAGES.detailsUpdated);
    expect(response.json().data).toMatchObject({
      nickname: 'AWS',
      purpose: 'Cloud hosting',
      merchant_lock: null,
      allocation_expires_on: expires,
    });
    expect(await auditOf(org.organization.id, 'card.details_changed')).toEqual([
      {
        actor_kind: 'user',
        details: {
          holder_user_id: org.member.id,
          old: { purpose: 'Hosting', allocation_expires_on: null },
          new: { purpose: 'Cloud hosting', allocation_expires_on: expires },
        },
      },
    ]);

    const cleared = await org.adminClient.patch(`/api/cards/${card.id}`, { nickname: '', allocation_expires_on: null });
    expect(cleared.json().data).toMatchObject({
      nickname: null,
      purpose: 'Cloud hosting',
      allocation_expires_on: null,
    });
  });

  it('refuses a nickname over 60 characters and a past expiry (422), and writes nothing', async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id, { nickname: 'AWS' });
    const response = await org.adminClient.patch(`/api/cards/${card.id}`, {
      nickname: 'x'.repeat(61),
      allocation_expires_on: '2020-01-01',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      nickname: [CARD_CONTROL_MESSAGES.nicknameTooLong],
      allocation_expires_on: [CARD_CONTROL_MESSAGES.expiryNotFuture],
    });
    expect((await cardRow(card.id)).nickname).toBe('AWS');
    expect(await auditOf(org.organization.id, 'card.details_changed')).toEqual([]);
  });

  it("is an admin's (403 for the holder)", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    expect((await org.memberClient.patch(`/api/cards/${card.id}`, { nickname: 'Mine' })).statusCode).toBe(403);
  });
});

describe('PUT /api/cards/{id}/low-balance-alert', () => {
  it("the holder sets and clears their card's threshold; an admin may too", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    const set = await org.memberClient.put(`/api/cards/${card.id}/low-balance-alert`, { threshold: 2_500 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: CARD_CONTROL_MESSAGES.lowBalanceAlertSaved,
      data: { id: card.id, low_balance_threshold: 2_500 },
    });
    expect((await cardRow(card.id)).low_balance_threshold).toBe(2_500);
    const off = await org.adminClient.put(`/api/cards/${card.id}/low-balance-alert`, { threshold: null });
    expect(off.json().data.low_balance_threshold).toBeNull();
  });

  it("refuses a threshold that is not whole cents above zero (422), and another member's card is missing (404)", async () => {
    const org = await setupOrg(ctx);
    const card = await createCard(org.adminClient, org.member.id);
    for (const threshold of [0, -5, 1.5, '100']) {
      const response = await org.memberClient.put(`/api/cards/${card.id}/low-balance-alert`, { threshold });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.threshold).toEqual([CARD_CONTROL_MESSAGES.lowBalanceThresholdInvalid]);
    }
    const colleague = await addUser(ctx.db, org.organization.id, 'wallet-user');
    const colleaguesCard = await createCard(org.adminClient, colleague.id);
    expect(
      (await org.memberClient.put(`/api/cards/${colleaguesCard.id}/low-balance-alert`, { threshold: 100 })).statusCode,
    ).toBe(404);
    expect((await cardRow(card.id)).low_balance_threshold).toBeNull();
    expect((await cardRow(colleaguesCard.id)).low_balance_threshold).toBeNull();
  });
});
