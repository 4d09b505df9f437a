import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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
import { orgAccountId, postEntry, recordCardAllocation, ledgerIntegrity, SOUND_LEDGER } from './service.js';

/**
 * One source of truth (ARCHITECTURE.md D7), enforced by PostgreSQL: a card's spending_limit equals its ledger account and its
 * holds_amount the sum of its pending holds, checked at commit for each card a transaction touched; the ledger
 * tables can't be truncated, cached balances move only by journal lines, entry kinds are known, and every card_id
 * names a card.
 */
const ctx = useTestApp();

/** An organisation with $1,000 unallocated and an active card of a member who accepted the terms, funded to `limit`. */
async function fundedCard(limit = 10_000) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 100_000);
  const card = await createCard(client, member.id);
  if (limit > 0) await fundCard(client, card.id, limit);
  await activateCard(client, card.id);
  return { client, card, orgId: organization.id, member };
}

async function cardRow(cardId: number) {
  return ctx.db
    .selectFrom('cards')
    .select(['spending_limit', 'holds_amount'])
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
}

const purchase = (client: Awaited<ReturnType<typeof fundedCard>>['client'], cardId: number, amount: number) =>
  client.post('/api/simulator/purchases', {
    card_id: cardId,
    amount,
    capture: 'later',
    merchant: { name: 'Blue Bottle Coffee' },
  });

/** A pending hold row written directly, as a bug might: nothing else moves with it. */
function holdRow(orgId: number, cardId: number, amount: number) {
  return {
    org_id: orgId,
    card_id: cardId,
    provider: 'simulator',
    provider_authorization_id: `iauth_direct_${cardId}_${amount}_${Math.random()}`,
    approved: true,
    decline_reason: null,
    status: 'pending' as const,
    requested_amount: amount,
    amount,
    wallet: null,
    stripe_created: 1_700_000_000,
  };
}

const NOT_A_CARD = 987_654_321;

describe("a card's spending_limit is its ledger account", () => {
  it('refuses at commit a direct UPDATE of spending_limit without a ledger entry, and keeps nothing of it', async () => {
    const { card, orgId } = await fundedCard(10_000);
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        // The statement itself passes: the check waits for the commit, when the whole transaction is in.
        await tx.updateTable('cards').set({ spending_limit: 50_000 }).where('id', '=', card.id).execute();
        expect(
          (await tx.selectFrom('cards').select('spending_limit').where('id', '=', card.id).executeTakeFirstOrThrow())
            .spending_limit,
        ).toBe(50_000);
      }),
    ).rejects.toThrow(/card \d+ spending_limit 50000 differs from its ledger account 10000/);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 0 });
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });

  it('refuses at commit a card_funding entry without the matching spending_limit change', async () => {
    const { card, orgId, member, client } = await fundedCard(10_000);
    const before = await ledgerCounts(ctx.db, orgId);
    await expect(
      ctx.db.transaction().execute((tx) =>
        recordCardAllocation(tx, {
          orgId,
          cardId: card.id,
          userId: member.id,
          reference: 'ledger-only',
          delta: 2_500,
          description: null,
          createdBy: null,
        }),
      ),
    ).rejects.toThrow(/card \d+ spending_limit 10000 differs from its ledger account 12500/);
    expect(await ledgerCounts(ctx.db, orgId)).toEqual(before);
    expect(await availableFunds(client)).toBe(90_000);
  });

  it('refuses a new card that starts with a spending limit no entry put there', async () => {
    const { card, orgId } = await fundedCard(0);
    await expect(
      sql`INSERT INTO cards (org_id, user_id, cardholder_id, provider, provider_card_id, name, brand, type, last4, exp_month, exp_year, spending_limit)
          SELECT org_id, user_id, cardholder_id, provider, provider_card_id || '-copy', name, brand, type, last4, exp_month, exp_year, 700 FROM cards WHERE id = ${card.id}`.execute(
        ctx.db,
      ),
    ).rejects.toThrow(/spending_limit 700 differs from its ledger account 0/);
    expect(await ctx.db.selectFrom('cards').select('id').where('org_id', '=', orgId).execute()).toHaveLength(1);
  });

  it('commits a limit change and its entry written in either order', async () => {
    const { card, orgId, member } = await fundedCard(10_000);
    await ctx.db.transaction().execute(async (tx) => {
      await tx.updateTable('cards').set({ spending_limit: 12_000 }).where('id', '=', card.id).execute();
      await recordCardAllocation(tx, {
        orgId,
        cardId: card.id,
        userId: member.id,
        reference: 'limit-first',
        delta: 2_000,
        description: null,
        createdBy: null,
      });
    });
    expect((await cardRow(card.id)).spending_limit).toBe(12_000);
  });
});

describe("a card's holds_amount is the sum of its pending holds", () => {
  it('refuses at commit a holds_amount that drifts from the holds', async () => {
    const { card, client } = await fundedCard(10_000);
    expect((await purchase(client, card.id, 3_000)).json().data.approved).toBe(true);
    await expect(
      ctx.db.updateTable('cards').set({ holds_amount: 2_000 }).where('id', '=', card.id).execute(),
    ).rejects.toThrow(/card \d+ holds_amount 2000 differs from its pending holds 3000/);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 3_000 });
  });

  it('refuses at commit a pending hold that does not move holds_amount, and a hold released behind its back', async () => {
    const { card, orgId, client } = await fundedCard(10_000);
    await expect(
      ctx.db
        .insertInto('authorization_holds')
        .values(holdRow(orgId, card.id, 400))
        .execute(),
    ).rejects.toThrow(/holds_amount 0 differs from its pending holds 400/);
    const { authorization_id: id } = (await purchase(client, card.id, 3_000)).json().data;
    await expect(
      ctx.db
        .updateTable('authorization_holds')
        .set({ status: 'reversed', amount: 0 })
        .where('provider_authorization_id', '=', id)
        .execute(),
    ).rejects.toThrow(/holds_amount 3000 differs from its pending holds 0/);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 3_000 });
  });

  it('commits a hold and its holds_amount written together', async () => {
    const { card, orgId } = await fundedCard(10_000);
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('authorization_holds')
        .values(holdRow(orgId, card.id, 400))
        .execute();
      await tx.updateTable('cards').set({ holds_amount: 400 }).where('id', '=', card.id).execute();
    });
    expect(await cardRow(card.id)).toEqual({ spending_limit: 10_000, holds_amount: 400 });
  });
});

describe('the ledger tables are guarded', () => {
  it.each(['journal_entries', 'journal_lines', 'ledger_accounts'])('refuses TRUNCATE %s', async (table) => {
    await fundedCard(10_000);
    await expect(sql`TRUNCATE ${sql.table(table)} CASCADE`.execute(ctx.db)).rejects.toThrow(/cannot be truncated/);
    expect(
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n),
    ).toBeGreaterThan(0);
  });

  it('refuses a direct update of a cached balance, and an account opened with a balance', async () => {
    const { orgId } = await fundedCard(10_000);
    const funds = await orgAccountId(ctx.db, orgId, 'issuer_funds');
    await expect(sql`UPDATE ledger_accounts SET balance = 1000000 WHERE id = ${funds}`.execute(ctx.db)).rejects.toThrow(
      /ledger account balances move only by journal lines/,
    );
    await expect(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE org_id = ${orgId}`.execute(ctx.db),
    ).rejects.toThrow(/move only by journal lines/);
    const other = await makeOrganization(ctx.db);
    await expect(
      sql`INSERT INTO ledger_accounts (org_id, kind, balance) VALUES (${other.organization.id}, 'issuer_funds', 5000)`.execute(
        ctx.db,
      ),
    ).rejects.toThrow(/move only by journal lines/);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });

  it('refuses an unknown entry kind', async () => {
    const { orgId } = await fundedCard(0);
    const [outside, funds] = await Promise.all([
      orgAccountId(ctx.db, orgId, 'outside'),
      orgAccountId(ctx.db, orgId, 'issuer_funds'),
    ]);
    await expect(
      ctx.db.transaction().execute((tx) =>
        postEntry(tx, {
          orgId,
          reference: 'odd-kind',
          kind: 'gift' as never,
          lines: [
            { accountId: outside, amount: -100 },
            { accountId: funds, amount: 100 },
          ],
        }),
      ),
    ).rejects.toThrow(/journal_entries_kind/);
    // The kinds top-up reversals and canceled cards will post are known already.
    for (const kind of ['topup_reversal', 'card_cancellation'] as const) {
      await ctx.db.transaction().execute((tx) =>
        postEntry(tx, {
          orgId,
          reference: `kind-${kind}`,
          kind: kind as never,
          lines: [
            { accountId: outside, amount: -1 },
            { accountId: funds, amount: 1 },
          ],
        }),
      );
    }
  });
});

describe('every card_id names a card', () => {
  it('refuses a ledger account or an entry of a card that does not exist', async () => {
    const { orgId } = await fundedCard(0);
    await expect(
      ctx.db.insertInto('ledger_accounts').values({ org_id: orgId, kind: 'card', card_id: NOT_A_CARD }).execute(),
    ).rejects.toThrow(/foreign key/);
    const [outside, funds] = await Promise.all([
      orgAccountId(ctx.db, orgId, 'outside'),
      orgAccountId(ctx.db, orgId, 'issuer_funds'),
    ]);
    await expect(
      ctx.db.transaction().execute((tx) =>
        postEntry(tx, {
          orgId,
          reference: 'ghost-card',
          kind: 'topup',
          cardId: NOT_A_CARD,
          lines: [
            { accountId: outside, amount: -1 },
            { accountId: funds, amount: 1 },
          ],
        }),
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it('refuses a card of another organisation in the ledger', async () => {
    const mine = await fundedCard(0);
    const theirs = await fundedCard(0);
    await expect(
      ctx.db
        .insertInto('ledger_accounts')
        .values({ org_id: mine.orgId, kind: 'card', card_id: theirs.card.id })
        .execute(),
    ).rejects.toThrow(/foreign key/);
  });

  it('refuses a hold or an expense of a card that does not exist', async () => {
    const { orgId, member } = await fundedCard(0);
    await expect(
      ctx.db
        .insertInto('authorization_holds')
        .values({ ...holdRow(orgId, NOT_A_CARD, 0), status: 'declined', approved: false })
        .execute(),
    ).rejects.toThrow(/foreign key/);
    await expect(
      ctx.db
        .insertInto('expenses')
        .values({
          org_id: orgId,
          card_id: NOT_A_CARD,
          user_id: member.id,
          hold_id: null,
          provider: 'simulator',
          provider_transaction_id: 'ipi_ghost',
          type: 'capture',
          amount: 100,
          wallet: null,
          wallet_category_id: null,
          team_id: null,
          stripe_created: 1_700_000_000,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/);
  });
});

describe('the money paths keep every invariant', () => {
  it('a funding, an authorisation, a capture and a refund all commit and leave the books consistent', async () => {
    const { card, orgId, client } = await fundedCard(10_000);
    await fundCard(client, card.id, 15_000);
    const { authorization_id: id, approved } = (await purchase(client, card.id, 4_000)).json().data;
    expect(approved).toBe(true);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 15_000, holds_amount: 4_000 });
    expect((await client.post(`/api/simulator/authorizations/${id}/capture`, { amount: 3_500 })).statusCode).toBe(200);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 11_500, holds_amount: 0 });
    expect((await client.post(`/api/simulator/authorizations/${id}/refund`, { amount: 1_000 })).statusCode).toBe(200);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 12_500, holds_amount: 0 });
    await fundCard(client, card.id, 0);
    expect(await availableFunds(client)).toBe(100_000 - 2_500);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });
});
