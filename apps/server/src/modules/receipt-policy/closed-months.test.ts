import { describe, expect, it } from 'vitest';
import { monthOfUnix } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { cardRow, DAY_MS, noticesOf, policyWorld, purchase, runPolicyAt } from './test-fixtures.js';

/**
 * A closed month's transactions are locked (issue 21.6): no receipt can arrive for them, so the receipt policy neither
 * reminds of them nor holds a card for them, and a card held only for them reactivates once the month is closed.
 */
const ctx = useTestApp();

/** How many days ago the 10th of last month (UTC) was, at noon: a purchase in a month that has ended. */
function lastMonthTenth(now: Date): number {
  const tenth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12);
  return (now.getTime() - tenth) / DAY_MS;
}

async function closeMonth(world: Awaited<ReturnType<typeof policyWorld>>, posted: number) {
  const closed = await world.adminClient.post('/api/month-closes', { month: monthOfUnix(posted) });
  expect(closed.statusCode, closed.body).toBe(201);
}

describe('closed months and the receipt policy', () => {
  it('a card held for a purchase of a month since closed reactivates; its purchases are never reminded', async () => {
    const now = new Date();
    const daysAgo = lastMonthTenth(now);
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    const old = await purchase(ctx, world, { amount: 2_000, daysAgo, now });
    await runPolicyAt(ctx, now);
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');

    await closeMonth(world, old.posted);
    await runPolicyAt(ctx, now);
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });

    // Reminders fall due a day ago for a purchase of a closed month: none is sent.
    const reminded = await policyWorld(ctx, { receipt_reminder_days: Math.floor(daysAgo) - 1 });
    const closedPurchase = await purchase(ctx, reminded, { amount: 2_000, daysAgo, now });
    await closeMonth(reminded, closedPurchase.posted);
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, reminded.member.id, 'receipt_reminder')).toEqual([]);
    expect((await cardRow(ctx, reminded.card.id)).status).toBe('active');
  });
});
