import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { policyWorld, purchase, refund } from '../receipt-policy/test-fixtures.js';
import { setupOrg } from '../../test/helpers.js';
import { availableFunds, createCard, fundCard, ledgerCounts, putBalance, topUp } from '../../test/card-factories.js';
import {
  cardAccountId,
  ledgerIntegrity,
  netSpentOfCard,
  orgAccountId,
  postEntry,
  recordTopup,
  SOUND_LEDGER,
} from './service.js';

const ctx = useTestApp();

/** An organisation with $100.00 unallocated and its two organisation accounts. */
async function fundedOrg() {
  const org = await setupOrg(ctx);
  await topUp(org.adminClient, 10_000);
  const [funds, outside] = await Promise.all([
    orgAccountId(ctx.db, org.organization.id, 'issuer_funds'),
    orgAccountId(ctx.db, org.organization.id, 'outside'),
  ]);
  return { ...org, orgId: org.organization.id, funds, outside };
}

async function insertEntryRow(orgId: number, reference: string) {
  return (
    await ctx.db
      .insertInto('journal_entries')
      .values({ org_id: orgId, reference, kind: 'topup' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('the database guards the ledger', () => {
  it('refuses at commit an entry whose lines do not sum to zero, and keeps nothing of it', async () => {
    const { orgId, funds, outside } = await fundedOrg();
    const before = await ledgerCounts(ctx.db, orgId);
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        const entry = (
          await tx
            .insertInto('journal_entries')
            .values({ org_id: orgId, reference: 'unbalanced', kind: 'topup' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        await tx
          .insertInto('journal_lines')
          .values([
            { entry_id: entry, org_id: orgId, account_id: outside, amount: -500 },
            { entry_id: entry, org_id: orgId, account_id: funds, amount: 400 },
          ])
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await ledgerCounts(ctx.db, orgId)).toEqual(before);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });

  it('refuses an entry of a single line', async () => {
    const { orgId, funds } = await fundedOrg();
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        const entry = (
          await tx
            .insertInto('journal_entries')
            .values({ org_id: orgId, reference: 'one-line', kind: 'topup' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        await tx
          .insertInto('journal_lines')
          .values({ entry_id: entry, org_id: orgId, account_id: funds, amount: 5 })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses an entry committed without any lines', async () => {
    const { orgId } = await fundedOrg();
    await expect(insertEntryRow(orgId, 'no-lines')).rejects.toThrow(/does not balance/);
    expect(
      await ctx.db
        .selectFrom('journal_entries')
        .select('id')
        .where('reference', '=', 'no-lines')
        .where('org_id', '=', orgId)
        .execute(),
    ).toEqual([]);
  });

  it('accepts a balanced entry written directly and moves the cached balances in the same transaction', async () => {
    const { orgId, funds, outside, adminClient } = await fundedOrg();
    await ctx.db.transaction().execute(async (tx) => {
      const entry = (
        await tx
          .insertInto('journal_entries')
          .values({ org_id: orgId, reference: 'direct', kind: 'topup' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await tx
        .insertInto('journal_lines')
        .values([
          { entry_id: entry, org_id: orgId, account_id: outside, amount: -250 },
          { entry_id: entry, org_id: orgId, account_id: funds, amount: 250 },
        ])
        .execute();
    });
    expect(await availableFunds(adminClient)).toBe(10_250);
    expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  });

  it('refuses UPDATE and DELETE of journal entries and lines', async () => {
    const { orgId } = await fundedOrg();
    const entry = await ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    await expect(
      ctx.db.updateTable('journal_entries').set({ description: 'rewritten' }).where('id', '=', entry.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('journal_entries').where('id', '=', entry.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      ctx.db.updateTable('journal_lines').set({ amount: 1 }).where('entry_id', '=', entry.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('journal_lines').where('entry_id', '=', entry.id).execute()).rejects.toThrow(
      /append-only/,
    );
    expect(await ledgerCounts(ctx.db, orgId)).toEqual({ entries: 1, lines: 2 });
  });

  it('never lets the organisation funds account go below zero, even for a balanced entry', async () => {
    const { orgId, funds, member, adminClient } = await fundedOrg();
    const card = await createCard(adminClient, member.id);
    const cardAccount = await cardAccountId(ctx.db, orgId, card.id);
    await expect(
      ctx.db.transaction().execute((tx) =>
        postEntry(tx, {
          orgId,
          reference: 'overdraw',
          kind: 'card_funding',
          cardId: card.id,
          lines: [
            { accountId: funds, amount: -10_001 },
            { accountId: cardAccount, amount: 10_001 },
          ],
        }),
      ),
    ).rejects.toThrow(/ledger_accounts_check|violates check constraint/);
    expect(await availableFunds(adminClient)).toBe(10_000);
  });

  it("refuses a line naming another organisation's account", async () => {
    const mine = await fundedOrg();
    const theirs = await fundedOrg();
    await expect(
      ctx.db.transaction().execute((tx) =>
        postEntry(tx, {
          orgId: mine.orgId,
          reference: 'cross',
          kind: 'topup',
          lines: [
            { accountId: mine.outside, amount: -1 },
            { accountId: theirs.funds, amount: 1 },
          ],
        }),
      ),
    ).rejects.toThrow(/another organisation/);
    expect(await availableFunds(theirs.adminClient)).toBe(10_000);
  });

  it('records a repeated reference once', async () => {
    const { orgId, adminClient } = await fundedOrg();
    const first = await ctx.db
      .transaction()
      .execute((tx) =>
        recordTopup(tx, { orgId, reference: 'manual-1', amount: 300, description: 'x', createdBy: null }),
      );
    const again = await ctx.db
      .transaction()
      .execute((tx) =>
        recordTopup(tx, { orgId, reference: 'manual-1', amount: 300, description: 'x', createdBy: null }),
      );
    expect([first, again]).toEqual([true, false]);
    expect(await availableFunds(adminClient)).toBe(10_300);
  });
});

describe('idempotency through the API', () => {
  it('POST /api/topups twice with the same Idempotency-Key makes one top-up and one entry', async () => {
    const org = await setupOrg(ctx);
    const orgId = org.organization.id;
    const first = await org.adminClient.post(
      '/api/topups',
      { amount: 1_234, description: 'Wire' },
      { 'idempotency-key': 'topup-key-0001' },
    );
    const second = await org.adminClient.post(
      '/api/topups',
      { amount: 1_234, description: 'Wire' },
      { 'idempotency-key': 'topup-key-0001' },
    );
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await ctx.db.selectFrom('topups').select('id').where('org_id', '=', orgId).execute()).toHaveLength(1);
    expect(await ledgerCounts(ctx.db, orgId)).toEqual({ entries: 1, lines: 2 });
    expect(await availableFunds(org.adminClient)).toBe(1_234);
    // Without a key, each submission is its own top-up.
    await org.adminClient.post('/api/topups', { amount: 1, description: 'A' });
    await org.adminClient.post('/api/topups', { amount: 1, description: 'A' });
    expect(await availableFunds(org.adminClient)).toBe(1_236);
  });

  it('PUT /api/cards/{id}/balance retried with the same key records one entry', async () => {
    const { orgId, adminClient, member } = await fundedOrg();
    const card = await createCard(adminClient, member.id);
    const before = await ledgerCounts(ctx.db, orgId);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await putBalance(adminClient, card.id, 4_000, 'Fund', 'balance-key-0001')).statusCode).toBe(200);
    expect(await ledgerCounts(ctx.db, orgId)).toEqual({ entries: before.entries + 1, lines: before.lines + 2 });
    expect(await availableFunds(adminClient)).toBe(6_000);
  });

  it('a retry of an applied funding changes nothing even after the card and the funds have moved on', async () => {
    const { orgId, adminClient, member } = await fundedOrg();
    const [a, b] = [await createCard(adminClient, member.id), await createCard(adminClient, member.id)];
    expect((await putBalance(adminClient, a.id, 4_000, 'Fund', 'first-funding-key')).statusCode).toBe(200);
    await fundCard(adminClient, a.id, 0);
    await fundCard(adminClient, b.id, 10_000);
    const before = await ledgerCounts(ctx.db, orgId);
    // The lost answer's retry arrives late: it was applied, so it is answered without moving money (not a 409).
    const retry = await putBalance(adminClient, a.id, 4_000, 'Fund', 'first-funding-key');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.spending_limit).toBe(0);
    expect(await ledgerCounts(ctx.db, orgId)).toEqual(before);
    expect(retry.json().message).toBe(CARD_MESSAGES.balanceUpdated);
  });

  it('does not let an Idempotency-Key used on one card replay on another', async () => {
    const { adminClient, member } = await fundedOrg();
    const [a, b] = [await createCard(adminClient, member.id), await createCard(adminClient, member.id)];
    expect((await putBalance(adminClient, a.id, 1_000, 'Fund', 'shared-key-0001')).statusCode).toBe(200);
    expect((await putBalance(adminClient, b.id, 2_000, 'Fund', 'shared-key-0001')).json().data.spending_limit).toBe(
      2_000,
    );
    expect(await availableFunds(adminClient)).toBe(7_000);
  });
});

describe('accounts', () => {
  it('opens the organisation accounts once when the first top-ups arrive together', async () => {
    const org = await setupOrg(ctx);
    const responses = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((amount) => org.adminClient.post('/api/topups', { amount, description: 'Race' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await availableFunds(org.adminClient)).toBe(21);
    const accounts = await ctx.db
      .selectFrom('ledger_accounts')
      .select('kind')
      .where('org_id', '=', org.organization.id)
      .orderBy('kind')
      .execute();
    expect(accounts.map((account) => account.kind)).toEqual(['issuer_funds', 'outside']);
  });
});

describe("a card's net spend (the issuer's all-time control counts it)", () => {
  it("is the card's captures less its refunds, not another card's, not its fundings", async () => {
    const world = await policyWorld(ctx);
    const now = new Date();
    const other = await createCard(world.adminClient, world.member.id);
    await fundCard(world.adminClient, other.id, 3_000);
    const first = await purchase(ctx, world, { amount: 1_250, daysAgo: 1, now });
    await purchase(ctx, world, { amount: 700, daysAgo: 0, now });
    await refund(ctx, world, first.authorizationId, { amount: 200, daysAgo: 0, now });
    expect(await netSpentOfCard(ctx.db, world.orgId, world.card.id)).toBe(1_750);
    expect(await netSpentOfCard(ctx.db, world.orgId, other.id)).toBe(0);
  });
});
