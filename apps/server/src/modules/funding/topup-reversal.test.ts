import { beforeEach, describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeUser } from '../../test/factories.js';
import {
  availableFunds,
  cardAccountBalances,
  createCard,
  fundCard,
  putBalance,
  topUp,
} from '../../test/card-factories.js';
import { cardAccountId, integrityProblems, orgAccountId, postEntry } from '../ledger/service.js';
import { addDays } from '../recurring/service.js';
import { runDueFundings } from '../recurring/test-fixtures.js';
import {
  cardLimit,
  daysFromToday,
  decide,
  fileRequest,
  force,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  type RequestWorld,
} from '../purchase-requests/test-fixtures.js';
import { reverseProviderTopup } from './service.js';

/**
 * A top-up the issuer takes back after it succeeded (Stripe's topup.reversed, issue 16.2), through the funding service
 * the webhook calls, on the simulator (so the other money paths run as they do in the app). The Stripe webhook itself
 * is in funding-stripe.test.ts.
 */
const ctx = useTestApp();

/** Reverses one of the organisation's top-ups as the issuer's event would (by the issuer's id). */
async function reverse(topupId: number) {
  const row = await ctx.db.selectFrom('topups').selectAll().where('id', '=', topupId).executeTakeFirstOrThrow();
  return reverseProviderTopup(ctx.deps, row.provider, row.provider_topup_id!);
}

const statusOf = async (topupId: number) =>
  (await ctx.db.selectFrom('topups').select('status').where('id', '=', topupId).executeTakeFirstOrThrow()).status;
const kpi = async (world: Pick<RequestWorld, 'adminClient'>) =>
  (await world.adminClient.get('/api/dashboard/kpi')).json().data as { issuing_available: number };

// Recurring fundings run on a clock the test controls (the dates are after the real today, so the real schedule finds nothing).
beforeEach(async () => {
  await ctx.db.updateTable('recurring_purchase_requests').set({ status: 'inactive' }).execute();
});

describe('a reversed top-up', () => {
  it('takes the money back once when it is still unallocated: funds reduced, ledger balanced, nobody mailed', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const kept = await topUp(world.adminClient, 4_000, 'Kept');
    const reversed = await topUp(world.adminClient, 10_000, 'Bounced wire');
    expect(await availableFunds(world.adminClient)).toBe(14_000);

    await reverse(reversed.id);
    expect(await availableFunds(world.adminClient)).toBe(4_000);
    expect(await statusOf(reversed.id)).toBe('reversed');
    expect(await statusOf(kept.id)).toBe('succeeded');
    const entries = await ctx.db
      .selectFrom('journal_entries')
      .select(['kind', 'reference'])
      .where('org_id', '=', world.organization.id)
      .where('kind', '=', 'topup_reversal')
      .execute();
    expect(entries).toEqual([{ kind: 'topup_reversal', reference: `topup-reversal:${reversed.id}` }]);
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });

    // The same event again (or another one for the same top-up) moves nothing.
    await reverse(reversed.id);
    await reverse(reversed.id);
    expect(await availableFunds(world.adminClient)).toBe(4_000);
    expect(
      await ctx.db
        .selectFrom('journal_entries')
        .select('id')
        .where('org_id', '=', world.organization.id)
        .where('kind', '=', 'topup_reversal')
        .execute(),
    ).toHaveLength(1);
    expect(await mailsOf(ctx, world.organization.id, 'funds_shortfall')).toEqual([]);

    // Listed as reversed, and in the statement as a reversal.
    const listed = (await world.adminClient.get('/api/topups')).json().data as Array<{ id: number; status: string }>;
    expect(listed.find((topup) => topup.id === reversed.id)).toMatchObject({ status: 'reversed' });
    const [month] = (await world.adminClient.get('/api/statements')).json().data as Array<{
      lines: Array<{ type: string; amount: number; balance: number }>;
    }>;
    expect(month!.lines.at(-1)).toMatchObject({ type: 'Top-up reversal', amount: -10_000, balance: 4_000 });
  });

  it('with the money on cards already: a shortfall the balance shows, admins mailed once, every funding refused until a top-up covers it', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const orgId = world.organization.id;
    const reversed = await topUp(world.adminClient, 10_000, 'Bounced wire');
    await fundCard(world.adminClient, world.card.id, 8_000);
    const other = await createCard(world.adminClient, world.member.id);
    // A request waiting for its last approval, and an approved recurring request, from before the reversal.
    const request = await fileRequest(world, { amount: 500 });
    expect((await decide(world.firstClient, request.id, request.approvals[0]!.id, 'approved')).statusCode).toBe(200);
    const start = daysFromToday(1);
    const recurringRequest = await fileRequest(world, { amount: 300, interval: 'monthly', start_date: start });
    expect((await force(world.adminClient, recurringRequest.id, 'approved')).statusCode).toBe(200);
    expect(await availableFunds(world.adminClient)).toBe(1_700);

    await reverse(reversed.id);
    // 10,000 taken back with only 1,700 left unallocated: 8,300 short, recorded as such.
    expect(await availableFunds(world.adminClient)).toBe(-8_300);
    expect((await kpi(world)).issuing_available).toBe(-8_300);
    expect(await statusOf(reversed.id)).toBe('reversed');
    expect(await cardLimit(world)).toBe(8_300); // the cards keep what they were given
    expect(await integrityProblems(ctx.db, orgId)).toEqual({ unbalancedEntries: [], driftedAccounts: [] });

    // Every admin is told, once, with the amount short.
    const mails = await mailsOf(ctx, orgId, 'funds_shortfall');
    expect(mails.map((mail) => mail.to_email).sort()).toEqual(
      [world.admin.email, world.first.email, world.second.email].sort(),
    );
    expect(mails[0]!.text_body).toContain('$83.00');
    await reverse(reversed.id);
    expect(await mailsOf(ctx, orgId, 'funds_shortfall')).toHaveLength(3);

    // No card can be funded while short: one card, several, an approval, a recurring period.
    const single = await putBalance(world.adminClient, other.id, 1, 'Lunch');
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    const many = await world.adminClient.post('/api/cards/fund', {
      card_ids: [world.card.id, other.id],
      amount: 1,
      description: 'Lunch',
    });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    const approval = await decide(world.secondClient, request.id, request.approvals[1]!.id, 'approved');
    expect(approval.statusCode).toBe(409);
    expect(approval.json().message).toBe(CARD_MESSAGES.insufficientFunds);
    expect((await requestAsAdmin(world, request.id)).transferred).toBeNull();
    expect(await runDueFundings(ctx.deps, addDays(start, 30))).toMatchObject({ funded: 0, failed: 1 });
    // Taking money off a card is still allowed: it only brings the shortfall down.
    expect((await putBalance(world.adminClient, world.card.id, 7_000, 'Back to the organisation')).statusCode).toBe(
      200,
    );
    expect(await availableFunds(world.adminClient)).toBe(-7_000);
    expect(await cardLimit(world)).toBe(7_000);

    // The database itself refuses anything but a reversal taking the funds further below zero.
    const [funds, otherAccount] = [
      await orgAccountId(ctx.db, orgId, 'issuer_funds'),
      await cardAccountId(ctx.db, orgId, other.id),
    ];
    await expect(
      ctx.db.transaction().execute((tx) =>
        postEntry(tx, {
          orgId,
          reference: 'sneaky',
          kind: 'card_funding',
          cardId: other.id,
          lines: [
            { accountId: funds, amount: -1 },
            { accountId: otherAccount, amount: 1 },
          ],
        }),
      ),
    ).rejects.toThrow(/violates check constraint/);

    // A new top-up covers it and funding works again.
    await topUp(world.adminClient, 8_000, 'Covering wire');
    expect(await availableFunds(world.adminClient)).toBe(1_000);
    expect((await putBalance(world.adminClient, other.id, 400, 'Lunch')).statusCode).toBe(200);
    expect((await decide(world.secondClient, request.id, request.approvals[1]!.id, 'approved')).statusCode).toBe(200);
    expect(await availableFunds(world.adminClient)).toBe(100);
    expect((await cardAccountBalances(ctx.db, orgId)).get(other.id)).toBe(400);
    expect(await integrityProblems(ctx.db, orgId)).toEqual({ unbalancedEntries: [], driftedAccounts: [] });
  });

  it('a second reversal while short mails every admin again with the deeper shortfall', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = await makeUser(ctx.db, world.organization.id, 'super-admin');
    const first = await topUp(world.adminClient, 1_000, 'First');
    const second = await topUp(world.adminClient, 2_000, 'Second');
    await fundCard(world.adminClient, world.card.id, 2_500);
    await reverse(second.id);
    expect(await availableFunds(world.adminClient)).toBe(-1_500);
    expect((await mailsOf(ctx, world.organization.id, 'funds_shortfall')).map((mail) => mail.to_email)).toContain(
      admin.email,
    );
    const before = (await mailsOf(ctx, world.organization.id, 'funds_shortfall')).length;
    await reverse(first.id);
    expect(await availableFunds(world.adminClient)).toBe(-2_500);
    const after = await mailsOf(ctx, world.organization.id, 'funds_shortfall');
    expect(after).toHaveLength(before * 2);
    expect(after.at(-1)!.text_body).toContain('$25.00');
  });
});
