import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import {
  acceptTermsInDb,
  activateCard,
  availableFunds,
  createCard,
  fundCard,
  ledgerCounts,
  topUp,
} from '../../test/card-factories.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../ledger/service.js';
import { expireDueAllocations } from './allocation-expiry.js';

/**
 * Allocation expiry (issue 20 point 4) with the clock in the test's hands: on the card's day (UTC) what it has left to
 * spend returns to the organisation (never what it holds), the card is deactivated, audited as the system, its holder
 * told; a second run, or a run before the day, changes nothing.
 */
const ctx = useTestApp();

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

async function cardExpiringIn(days: number) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 50_000);
  const expiresOn = dayAfter(today(), days);
  const card = await createCard(client, member.id, { allocation_expires_on: expiresOn, nickname: 'Offsite' });
  await fundCard(client, card.id, 10_000);
  await activateCard(client, card.id);
  return { orgId: organization.id, memberId: member.id, client, card, expiresOn };
}

const cardRow = (cardId: number) =>
  ctx.db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
const runOn = (day: string) => expireDueAllocations({ db: ctx.db, jobs: ctx.jobs }, day);

describe('allocation expiry', () => {
  it('returns what is left (not what is held) on its day, deactivates the card, audits and tells the holder, once', async () => {
    const { orgId, memberId, client, card, expiresOn } = await cardExpiringIn(3);
    const held = await client.post('/api/simulator/purchases', {
      card_id: card.id,
      amount: 3_000,
      merchant: { name: 'Hotel', category: 'hotels_motels_and_resorts' },
      capture: 'later',
    });
    expect(held.json().data.approved, held.body).toBe(true);
    const fundsBefore = await availableFunds(client);

    // The day before: nothing.
    expect(await runOn(dayAfter(expiresOn, -1))).toBe(0);
    expect(await cardRow(card.id)).toMatchObject({
      spending_limit: 10_000,
      status: 'active',
      allocation_expired_at: null,
    });

    expect(await runOn(expiresOn)).toBeGreaterThanOrEqual(1);
    const expired = await cardRow(card.id);
    expect(expired).toMatchObject({ spending_limit: 3_000, holds_amount: 3_000, status: 'inactive' });
    expect(expired.allocation_expired_at).toBeInstanceOf(Date);
    expect(await availableFunds(client)).toBe(fundsBefore + 7_000);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
    const entry = await ctx.db
      .selectFrom('journal_entries')
      .select(['kind', 'reference'])
      .where('org_id', '=', orgId)
      .where('reference', 'like', 'allocation-expiry:%')
      .execute();
    expect(entry).toEqual([{ kind: 'card_defunding', reference: `allocation-expiry:${card.id}:${expiresOn}` }]);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'details'])
      .where('org_id', '=', orgId)
      .where('action', '=', 'card.allocation_expired')
      .execute();
    expect(audit).toEqual([
      {
        actor_kind: 'system',
        details: {
          holder_user_id: memberId,
          expired_on: expiresOn,
          returned: 7_000,
          old_spending_limit: 10_000,
          new_spending_limit: 3_000,
          old_status: 'active',
          new_status: 'inactive',
        },
      },
    ]);
    const notices = await ctx.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'link'])
      .where('user_id', '=', memberId)
      .where('title', '=', 'Card allocation expired')
      .execute();
    expect(notices).toEqual([
      {
        kind: 'card_low',
        title: 'Card allocation expired',
        body: `The $70.00 left on your card •••• ${card.last4} returned to the organisation; the card is now inactive.`,
        link: `/cards/${card.id}`,
      },
    ]);
    // The issuer hears of the lower limit and the deactivation through the outbox.
    const kinds = await ctx.db.selectFrom('issuer_commands').select('kind').where('card_id', '=', card.id).execute();
    expect(kinds.map((command) => command.kind)).toEqual(
      expect.arrayContaining(['card_spending_limit', 'card_status']),
    );

    // Twice (and later days): nothing more.
    const ledger = await ledgerCounts(ctx.db, orgId);
    await runOn(expiresOn);
    await runOn(dayAfter(expiresOn, 5));
    expect(await ledgerCounts(ctx.db, orgId)).toEqual(ledger);
    expect(await cardRow(card.id)).toMatchObject({ spending_limit: 3_000, status: 'inactive' });
    expect(await availableFunds(client)).toBe(fundsBefore + 7_000);

    // The merchant lets the held $30.00 go after the expiry: the next run returns it too, audited, the holder not
    // told again; and once only.
    const released = await client.post(`/api/simulator/authorizations/${held.json().data.authorization_id}/reverse`);
    expect(released.statusCode, released.body).toBe(200);
    expect(await cardRow(card.id)).toMatchObject({ spending_limit: 3_000, holds_amount: 0 });
    expect(await runOn(dayAfter(expiresOn, 1))).toBeGreaterThanOrEqual(1);
    await runOn(dayAfter(expiresOn, 2));
    expect(await cardRow(card.id)).toMatchObject({ spending_limit: 0, holds_amount: 0, status: 'inactive' });
    expect(await availableFunds(client)).toBe(fundsBefore + 10_000);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
    const returns = await ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('org_id', '=', orgId)
      .where('action', '=', 'card.allocation_expired')
      .orderBy('id')
      .execute();
    expect(returns.map((row) => row.details)).toEqual([
      expect.objectContaining({ returned: 7_000 }),
      expect.objectContaining({ returned: 3_000, new_spending_limit: 0, released_after_expiry: true }),
    ]);
    const told = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', memberId)
      .where('title', '=', 'Card allocation expired')
      .execute();
    expect(told).toHaveLength(1);
  });

  it('runs from two workers at once without expiring a card twice', async () => {
    const cards = await Promise.all([cardExpiringIn(1), cardExpiringIn(1), cardExpiringIn(1)]);
    const day = cards[0]!.expiresOn;
    await Promise.all([runOn(day), runOn(day), runOn(day)]);
    for (const { card, orgId } of cards) {
      expect(await cardRow(card.id)).toMatchObject({ spending_limit: 0, status: 'inactive' });
      expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
      const audits = await ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where('org_id', '=', orgId)
        .where('action', '=', 'card.allocation_expired')
        .execute();
      expect(audits).toHaveLength(1);
    }
  });

  it('a new expiry date clears the mark, so that date is carried out too', async () => {
    const { client, card, expiresOn } = await cardExpiringIn(1);
    await runOn(expiresOn);
    const later = dayAfter(today(), 10);
    const patched = await client.patch(`/api/cards/${card.id}`, { allocation_expires_on: later });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await cardRow(card.id)).allocation_expired_at).toBeNull();
    await client.put(`/api/cards/${card.id}/status`, { status: 'active' });
    await fundCard(client, card.id, 2_500);
    await runOn(later);
    expect(await cardRow(card.id)).toMatchObject({ spending_limit: 0, status: 'inactive' });
  });

  it('leaves canceled cards and cards without a date alone', async () => {
    const { card, expiresOn } = await cardExpiringIn(1);
    await ctx.db
      .updateTable('cards')
      .set({ status: 'canceled', canceled_at: new Date() })
      .where('id', '=', card.id)
      .execute();
    await runOn(expiresOn);
    expect(await cardRow(card.id)).toMatchObject({ status: 'canceled', allocation_expired_at: null });
  });
});
