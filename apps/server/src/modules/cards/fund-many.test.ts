import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, MAX_CARDS_PER_FUNDING, MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { addUser, setupOrg } from '../../test/helpers.js';
import {
  acceptTermsInDb,
  activateCard,
  availableFunds,
  cardAccountBalances,
  createCard,
  ledgerCounts,
  putBalance,
  topUp,
  waitForIssuerSync,
} from '../../test/card-factories.js';

/**
 * Issue 16.5: Fund Card(s) is one server call that adds an amount to many cards in one transaction, idempotent on one
 * Idempotency-Key. The browser no longer reads each card and writes back an absolute limit (a capture in between was
 * silently added back).
 */
const ctx = useTestApp();

/** An organisation with `funds` unallocated and two cards of two wallet-users (terms accepted, so cards can be activated). */
async function world(funds: number) {
  const org = await setupOrg(ctx);
  const orgId = org.organization.id;
  const sam = await addUser(ctx.db, orgId, 'wallet-user', { first_name: 'Sam', last_name: 'Second' });
  await acceptTermsInDb(ctx.db, org.member.id);
  await acceptTermsInDb(ctx.db, sam.id);
  if (funds > 0) await topUp(org.adminClient, funds);
  const mia = await createCard(org.adminClient, org.member.id);
  const sams = await createCard(org.adminClient, sam.id, {
    legal_first_name: 'Sam',
    legal_last_name: 'Second',
    cardholder_name: 'Sam Second',
  });
  return { ...org, orgId, sam, cards: [mia, sams] as const };
}

function fundMany(client: TestClient, body: Record<string, unknown>, key: string = randomUUID()) {
  return client.post('/api/cards/fund', body, { 'idempotency-key': key });
}

async function limitsOf(cardIds: readonly number[]): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('cards')
    .select(['id', 'spending_limit'])
    .where('id', 'in', [...cardIds])
    .execute();
  return cardIds.map((id) => rows.find((row) => row.id === id)!.spending_limit);
}

const commandsOf = async (cardIds: readonly number[]) =>
  (
    await ctx.db
      .selectFrom('issuer_commands')
      .select(['card_id', 'kind'])
      .where('card_id', 'in', [...cardIds])
      .where('kind', '=', 'card_spending_limit')
      .execute()
  ).length;

const auditCount = async (orgId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A response without the cards' issuer_sync state. */
function withoutSync(body: { data: Array<Record<string, unknown>> }) {
  return { ...body, data: body.data.map(({ issuer_sync: _sync, ...card }) => card) };
}

/** Everything a funding could change in this organisation. */
async function snapshot(orgId: number, cardIds: readonly number[], client: TestClient) {
  return {
    limits: await limitsOf(cardIds),
    ledger: await ledgerCounts(ctx.db, orgId),
    funds: await availableFunds(client),
    commands: await commandsOf(cardIds),
    audit: await auditCount(orgId),
  };
}

describe('POST /api/cards/fund', () => {
  it('adds the amount to each card: a purchase captured before the call is not undone', async () => {
    const w = await world(50_000);
    const [mia, sams] = w.cards;
    expect((await putBalance(w.adminClient, mia.id, 10_000)).statusCode).toBe(200);
    await activateCard(w.adminClient, mia.id);
    // A purchase captured after the admin opened the list (which showed $100.00 on Mia's card).
    const purchase = await w.adminClient.post('/api/simulator/purchases', {
      card_id: mia.id,
      amount: 3_000,
      capture: 'now',
    });
    expect(purchase.statusCode, purchase.body).toBe(201);
    expect(purchase.json().data.approved).toBe(true);
    expect(await limitsOf([mia.id])).toEqual([7_000]);

    const response = await fundMany(w.adminClient, {
      card_ids: [sams.id, mia.id],
      amount: 2_500,
      description: ' Quarterly top-up ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(CARD_MESSAGES.balanceUpdated);
    expect(body.meta).toEqual({ funded: 2 });
    expect(body.data.map((card: { id: number; spending_limit: number }) => [card.id, card.spending_limit])).toEqual([
      [sams.id, 2_500],
      [mia.id, 9_500],
    ]);

    expect(await limitsOf([mia.id, sams.id])).toEqual([9_500, 2_500]);
    expect(await availableFunds(w.adminClient)).toBe(50_000 - 10_000 - 5_000);
    // The ledger agrees with the limits: one card funding per card, with the description.
    const balances = await cardAccountBalances(ctx.db, w.orgId);
    expect([balances.get(mia.id), balances.get(sams.id)]).toEqual([9_500, 2_500]);
    const entries = await ctx.db
      .selectFrom('journal_entries')
      .select(['card_id', 'kind', 'description'])
      .where('org_id', '=', w.orgId)
      .where('description', '=', 'Quarterly top-up')
      .orderBy('card_id')
      .execute();
    expect(entries).toEqual(
      [mia.id, sams.id]
        .sort((a, b) => a - b)
        .map((id) => ({ card_id: id, kind: 'card_funding', description: 'Quarterly top-up' })),
    );
  });

  it("tells the issuer of each card's new limit through the outbox", async () => {
    const w = await world(20_000);
    const [mia, sams] = w.cards;
    const response = await fundMany(w.adminClient, {
      card_ids: [mia.id, sams.id],
      amount: 4_000,
      description: 'Travel',
    });
    expect(response.statusCode, response.body).toBe(200);
    const commands = await ctx.db
      .selectFrom('issuer_commands')
      .select('card_id')
      .where('card_id', 'in', [mia.id, sams.id])
      .where('kind', '=', 'card_spending_limit')
      .execute();
    expect(commands.map((command) => command.card_id).sort()).toEqual([mia.id, sams.id].sort());
    await waitForIssuerSync(ctx.db, mia.id);
    await waitForIssuerSync(ctx.db, sams.id);
    const simulated = await ctx.db
      .selectFrom('issuer_sim_cards')
      .innerJoin('cards', 'cards.provider_card_id', 'issuer_sim_cards.id')
      .select(['cards.id', 'issuer_sim_cards.spending_limit'])
      .where('cards.id', 'in', [mia.id, sams.id])
      .execute();
    expect(Object.fromEntries(simulated.map((row) => [row.id, row.spending_limit]))).toEqual({
      [mia.id]: 4_000,
      [sams.id]: 4_000,
    });
    const sync = await w.adminClient.get(`/api/cards/${mia.id}`);
    expect(sync.json().data.issuer_sync).toEqual({ state: 'synced', error: null });
  });

  it('is one transaction: funds for all or nothing changes on any card (409)', async () => {
    const w = await world(9_999);
    const [mia, sams] = w.cards;
    const before = await snapshot(w.orgId, [mia.id, sams.id], w.adminClient);
    const refused = await fundMany(w.adminClient, {
      card_ids: [mia.id, sams.id],
      amount: 5_000,
      description: 'Too much',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    expect(await snapshot(w.orgId, [mia.id, sams.id], w.adminClient)).toEqual(before);

    // Exactly what the organisation holds is enough.
    const exact = await fundMany(w.adminClient, {
      card_ids: [mia.id, sams.id],
      amount: 4_999,
      description: 'All of it',
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await limitsOf([mia.id, sams.id])).toEqual([4_999, 4_999]);
    expect(await availableFunds(w.adminClient)).toBe(1);
  });

  it('a card whose holder is no longer a wallet-user refuses the whole funding (409), nothing written', async () => {
    const w = await world(20_000);
    const [mia, sams] = w.cards;
    expect((await w.adminClient.put(`/api/users/${w.sam.id}/roles`, { roles: ['wallet-finance'] })).statusCode).toBe(
      200,
    );
    const before = await snapshot(w.orgId, [mia.id, sams.id], w.adminClient);
    const refused = await fundMany(w.adminClient, {
      card_ids: [mia.id, sams.id],
      amount: 1_000,
      description: 'Travel',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(CARD_MESSAGES.holderNotWalletUser);
    expect(await snapshot(w.orgId, [mia.id, sams.id], w.adminClient)).toEqual(before);
  });

  it('is idempotent on the Idempotency-Key: a retry moves nothing and answers 200 the same; a new key funds again', async () => {
    const w = await world(20_000);
    const [mia, sams] = w.cards;
    const body = { card_ids: [mia.id, sams.id], amount: 1_500, description: 'Retried' };
    const key = `fund-many-${randomUUID()}`;
    const first = await fundMany(w.adminClient, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const after = await snapshot(w.orgId, [mia.id, sams.id], w.adminClient);
    expect(after.limits).toEqual([1_500, 1_500]);
    expect(after.audit).toBeGreaterThan(0);

    const retry = await fundMany(w.adminClient, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    // The same answer (whether the issuer has been told yet may differ: the outbox works meanwhile).
    expect(withoutSync(retry.json())).toEqual(withoutSync(first.json()));
    expect(await snapshot(w.orgId, [mia.id, sams.id], w.adminClient)).toEqual(after);

    // Concurrent retries of the same submission still count once.
    const key2 = `fund-many-${randomUUID()}`;
    const racing = await Promise.all([
      fundMany(w.adminClient, body, key2),
      fundMany(w.adminClient, body, key2),
      fundMany(w.adminClient, body, key2),
    ]);
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await limitsOf([mia.id, sams.id])).toEqual([3_000, 3_000]);
    expect(await availableFunds(w.adminClient)).toBe(20_000 - 6_000);
  });

  it('records one audit entry cards.funded_many with the cards, the amount and the total', async () => {
    const w = await world(20_000);
    const [mia, sams] = w.cards;
    expect(
      (await fundMany(w.adminClient, { card_ids: [sams.id, mia.id], amount: 1_250, description: 'Audit me' }))
        .statusCode,
    ).toBe(200);
    const rows = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('org_id', '=', w.orgId)
      .where('action', '=', 'cards.funded_many')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: w.admin.id,
      actor_kind: 'user',
      subject_type: 'cards',
      subject_id: null,
      details: {
        card_ids: [mia.id, sams.id].sort((a, b) => a - b),
        count: 2,
        amount: 1_250,
        total: 2_500,
        description: 'Audit me',
      },
    });
    // Per-card entries are card.funded's job for PUT .../balance; this call records only the one.
    expect(
      await ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where('org_id', '=', w.orgId)
        .where('action', '=', 'card.funded')
        .execute(),
    ).toEqual([]);
  });

  it('fundings over the same cards in opposite orders all go through (no deadlock)', async () => {
    const w = await world(100_000);
    const [mia, sams] = w.cards;
    const calls = [];
    for (let round = 0; round < 4; round += 1) {
      calls.push(fundMany(w.adminClient, { card_ids: [mia.id, sams.id], amount: 100, description: 'Forward' }));
      calls.push(fundMany(w.adminClient, { card_ids: [sams.id, mia.id], amount: 100, description: 'Backward' }));
    }
    const responses = await Promise.all(calls);
    expect(responses.map((response) => response.statusCode)).toEqual(calls.map(() => 200));
    expect(await limitsOf([mia.id, sams.id])).toEqual([800, 800]);
    const balances = await cardAccountBalances(ctx.db, w.orgId);
    expect([balances.get(mia.id), balances.get(sams.id)]).toEqual([800, 800]);
  });

  it('answers 422 per field and writes nothing', async () => {
    const w = await world(20_000);
    const [mia, sams] = w.cards;
    const valid = { card_ids: [mia.id, sams.id], amount: 100, description: 'Fine' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ card_ids: [] }, 'card_ids', CARD_MESSAGES.cardsRequired],
      [{ card_ids: undefined }, 'card_ids', CARD_MESSAGES.cardsRequired],
      [{ card_ids: [mia.id, mia.id] }, 'card_ids', CARD_MESSAGES.duplicateCards],
      [
        { card_ids: Array.from({ length: MAX_CARDS_PER_FUNDING + 1 }, (_, index) => index + 1) },
        'card_ids',
        CARD_MESSAGES.tooManyCards,
      ],
      [{ amount: 0 }, 'amount', CARD_MESSAGES.amountInvalid],
      [{ amount: -100 }, 'amount', CARD_MESSAGES.amountInvalid],
      [{ amount: 10.5 }, 'amount', CARD_MESSAGES.amountInvalid],
      [{ amount: '100' }, 'amount', CARD_MESSAGES.amountInvalid],
      [{ description: '' }, 'description', CARD_MESSAGES.descriptionRequired],
      [{ description: 'x'.repeat(256) }, 'description', 'May not be greater than 255 characters.'],
    ];
    const before = await snapshot(w.orgId, [mia.id, sams.id], w.adminClient);
    for (const [overrides, field, message] of cases) {
      const response = await fundMany(w.adminClient, { ...valid, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(overrides).slice(0, 80)).toEqual([message]);
    }
    expect(await snapshot(w.orgId, [mia.id, sams.id], w.adminClient)).toEqual(before);
  });

  it('a member gets 403, signed out 401; nothing written', async () => {
    const w = await world(20_000);
    const [mia, sams] = w.cards;
    const body = { card_ids: [mia.id, sams.id], amount: 100, description: 'Mine' };
    const before = await snapshot(w.orgId, [mia.id, sams.id], w.adminClient);
    const member = await fundMany(w.memberClient, body);
    expect(member.statusCode).toBe(403);
    const anonymous = await w.anonymous.post('/api/cards/fund', body);
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot(w.orgId, [mia.id, sams.id], w.adminClient)).toEqual(before);
  });

  it("another organisation's card is a 404 like a missing one, and nothing is written on either side", async () => {
    const w = await world(20_000);
    const other = await world(20_000);
    const [mia, sams] = w.cards;
    const before = await snapshot(w.orgId, [mia.id, sams.id], w.adminClient);
    const otherBefore = await snapshot(
      other.orgId,
      other.cards.map((card) => card.id),
      other.adminClient,
    );

    // Organisation B's admin naming A's cards.
    const foreign = await fundMany(other.adminClient, { card_ids: [mia.id], amount: 100, description: 'Probe' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MESSAGES.notFound);
    // B's own card together with one of A's: all refused, B's card untouched.
    const mixed = await fundMany(other.adminClient, {
      card_ids: [other.cards[0].id, sams.id],
      amount: 100,
      description: 'Probe',
    });
    expect(mixed.statusCode).toBe(404);
    // An id nobody has answers the same.
    const missing = await fundMany(other.adminClient, {
      card_ids: [other.cards[0].id, 2_000_000_000],
      amount: 100,
      description: 'Probe',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(mixed.json());

    expect(await snapshot(w.orgId, [mia.id, sams.id], w.adminClient)).toEqual(before);
    expect(
      await snapshot(
        other.orgId,
        other.cards.map((card) => card.id),
        other.adminClient,
      ),
    ).toEqual(otherBefore);
    // B's own card alone is funded.
    expect(
      (await fundMany(other.adminClient, { card_ids: [other.cards[0].id], amount: 100, description: 'Own' }))
        .statusCode,
    ).toBe(200);
    expect(await limitsOf([other.cards[0].id, mia.id])).toEqual([100, 0]);
  });
});
