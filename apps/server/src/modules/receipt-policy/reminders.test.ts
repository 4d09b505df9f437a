import { describe, expect, it } from 'vitest';
import { RECEIPT_POLICY_TEXTS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { notificationMailsTo } from '../notifications/test-fixtures.js';
import { attachByHand, daysAfter, noticesOf, policyWorld, purchase, refund, runPolicyAt } from './test-fixtures.js';

/**
 * Receipt reminders (issue 21 point 4) with the clock in the test's hands: N days after a purchase that still misses
 * its required receipt, its cardholder is told once, in the bell and by mail; never before, never for a purchase with
 * its receipt, below the threshold, or a refund; the person's switches decide the channels.
 */
const ctx = useTestApp();

describe('receipt reminders', () => {
  it('reminds once, N days after the purchase and not before, naming merchant, amount, day and card', async () => {
    const now = new Date();
    // Receipts above $10.00, reminders after 3 days.
    const world = await policyWorld(ctx, { receipt_required_above: 1_000, receipt_reminder_days: 3 });
    const missing = await purchase(ctx, world, { amount: 4_250, merchant: 'Blue Bottle Coffee', daysAgo: 2, now });
    const withReceipt = await purchase(ctx, world, { amount: 6_000, merchant: 'Delta Air Lines', daysAgo: 2, now });
    await attachByHand(world.memberClient, withReceipt.expenseId);
    await purchase(ctx, world, { amount: 900, merchant: 'Corner Store', daysAgo: 2, now }); // below the threshold
    const refunded = await purchase(ctx, world, { amount: 5_000, merchant: 'Hotel', daysAgo: 2.5, now });
    await attachByHand(world.memberClient, refunded.expenseId);
    await refund(ctx, world, refunded.authorizationId, { amount: 2_000, daysAgo: 2, now }); // a refund needs no receipt

    // Two days after: not yet.
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, world.member.id, 'receipt_reminder')).toEqual([]);

    // Three days after (and a second run, and two at once): one reminder, of the purchase missing its receipt.
    const due = daysAfter(now, 1.01);
    await runPolicyAt(ctx, due);
    await Promise.all([runPolicyAt(ctx, due), runPolicyAt(ctx, daysAfter(due, 1))]);
    expect(await noticesOf(ctx, world.member.id, 'receipt_reminder')).toEqual([
      {
        title: RECEIPT_POLICY_TEXTS.reminderTitle('Blue Bottle Coffee'),
        body: RECEIPT_POLICY_TEXTS.reminderBody({
          amount: 4_250,
          merchant: 'Blue Bottle Coffee',
          posted: missing.posted,
          last4: world.card.last4,
        }),
        link: `/cards/${world.card.id}`,
      },
    ]);
    const body = RECEIPT_POLICY_TEXTS.reminderBody({
      amount: 4_250,
      merchant: 'Blue Bottle Coffee',
      posted: missing.posted,
      last4: world.card.last4,
    });
    expect(body).toContain('$42.50');
    expect(body).toContain(`•••• ${world.card.last4}`);
    const mails = await notificationMailsTo(ctx.db, world.member.email, 'receipt_reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(RECEIPT_POLICY_TEXTS.reminderTitle('Blue Bottle Coffee'));
    expect(mails[0]!.text_body).toContain(`/cards/${world.card.id}`);
    // Nobody else hears of it.
    expect(await noticesOf(ctx, world.admin.id, 'receipt_reminder')).toEqual([]);
  });

  it('never reminds of history from before the look-back, nor when reminders are off', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_reminder_days: 3 });
    await purchase(ctx, world, { amount: 2_000, daysAgo: 60, now });
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, world.member.id, 'receipt_reminder')).toEqual([]);

    const quiet = await policyWorld(ctx, { receipt_reminder_days: null });
    await purchase(ctx, quiet, { amount: 2_000, daysAgo: 4, now });
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, quiet.member.id, 'receipt_reminder')).toEqual([]);
  });

  it("honours the cardholder's switches: the bell off, the mail off", async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_reminder_days: 1 });
    const switched = await world.memberClient.put(`/api/users/${world.member.id}/notification-preferences`, {
      receipt_reminder: { in_app: false, mail: false },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.receipt_reminder).toEqual({ in_app: false, mail: false });
    await purchase(ctx, world, { amount: 2_000, daysAgo: 2, now });
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, world.member.id, 'receipt_reminder')).toEqual([]);
    expect(await notificationMailsTo(ctx.db, world.member.email, 'receipt_reminder')).toEqual([]);
    // Claimed all the same: switching back on later does not bring the old purchase back.
    await world.memberClient.put(`/api/users/${world.member.id}/notification-preferences`, {
      receipt_reminder: { in_app: true },
    });
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, world.member.id, 'receipt_reminder')).toEqual([]);
  });

  it('leaves another organisation alone', async () => {
    const now = new Date();
    const strict = await policyWorld(ctx, { receipt_reminder_days: 1 });
    const lenient = await policyWorld(ctx);
    await purchase(ctx, strict, { amount: 2_000, daysAgo: 2, now });
    await purchase(ctx, lenient, { amount: 2_000, daysAgo: 2, now });
    await runPolicyAt(ctx, now);
    expect(await noticesOf(ctx, strict.member.id, 'receipt_reminder')).toHaveLength(1);
    expect(await noticesOf(ctx, lenient.member.id, 'receipt_reminder')).toEqual([]);
  });
});
