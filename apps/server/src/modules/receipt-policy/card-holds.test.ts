import { afterAll, describe, expect, it } from 'vitest';
import { RECEIPT_POLICY_TEXTS, type Receipt } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { multipartFile, PNG_BYTES, waitFor } from '../../test/helpers.js';
import { drawPdfReceipt } from '../../test/receipt-images.js';
import { notificationMailsTo } from '../notifications/test-fixtures.js';
import { stopOcrEngine } from '../receipts/service.js';
import {
  attachByHand,
  cardRow,
  daysAfter,
  noticesOf,
  policyWorld,
  purchase,
  runPolicyAt,
  savePolicy,
  statusAudits,
  type PolicyWorld,
} from './test-fixtures.js';

/**
 * Cards deactivated for missing receipts (issue 21 point 4), with the clock in the test's hands: M days after a
 * purchase still missing its required receipt the card is deactivated (audited as the system with the reason, the
 * issuer told through the outbox, the holder told why); it reactivates itself when the last missing receipt arrives,
 * by hand or through the inbox, or stops being required. A card an admin deactivated is never the policy's to
 * reactivate, and an admin's reactivation over the policy sticks.
 */
const ctx = useTestApp();

afterAll(() => stopOcrEngine());

const systemAudits = async (world: PolicyWorld) =>
  (await statusAudits(ctx, world.orgId, world.card.id)).filter((audit) => audit.actor_kind === 'system');

async function statusCommands(world: PolicyWorld) {
  const rows = await ctx.db
    .selectFrom('issuer_commands')
    .select('kind')
    .where('card_id', '=', world.card.id)
    .where('kind', '=', 'card_status')
    .execute();
  return rows.length;
}

describe('deactivation for missing receipts', () => {
  it('deactivates after M days and not before, audited as the system, the issuer and the holder told; once', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_required_above: 1_000, receipt_deactivate_days: 14 });
    await purchase(ctx, world, { amount: 5_000, daysAgo: 10, now });
    await purchase(ctx, world, { amount: 7_000, merchant: 'Delta Air Lines', daysAgo: 12, now });
    await purchase(ctx, world, { amount: 500, daysAgo: 30, now }); // below the threshold: never counts
    const commandsBefore = await statusCommands(world);

    await runPolicyAt(ctx, daysAfter(now, 1));
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });

    // 14 days after the older purchase: only it is overdue.
    const due = daysAfter(now, 2.01);
    await Promise.all([runPolicyAt(ctx, due), runPolicyAt(ctx, due)]);
    const card = await cardRow(ctx, world.card.id);
    expect(card.status).toBe('inactive');
    expect(card.receipt_policy_deactivated_at).toBeInstanceOf(Date);
    // The holder's card page says why (held_for_receipts).
    const shown = (await world.memberClient.get(`/api/cards/${world.card.id}`)).json().data;
    expect(shown).toMatchObject({ status: 'inactive', held_for_receipts: true });
    expect(await systemAudits(world)).toEqual([
      {
        actor_kind: 'system',
        actor_user_id: null,
        details: {
          holder_user_id: world.member.id,
          old_status: 'active',
          new_status: 'inactive',
          reason: RECEIPT_POLICY_TEXTS.auditDeactivated(1, 14),
        },
      },
    ]);
    expect(await statusCommands(world)).toBe(commandsBefore + 1);
    expect(await noticesOf(ctx, world.member.id, 'receipt_card_status')).toEqual([
      {
        title: RECEIPT_POLICY_TEXTS.deactivatedTitle,
        body: RECEIPT_POLICY_TEXTS.deactivatedBody(world.card, 1, 14),
        link: `/cards/${world.card.id}`,
      },
    ]);
    const mails = await notificationMailsTo(ctx.db, world.member.email, 'receipt_card_status');
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining(RECEIPT_POLICY_TEXTS.deactivatedTitle)]);

    // Later runs change nothing more; a purchase on it now is declined.
    await runPolicyAt(ctx, daysAfter(now, 10));
    expect(await systemAudits(world)).toHaveLength(1);
    expect(await noticesOf(ctx, world.member.id, 'receipt_card_status')).toHaveLength(1);
    await expect(purchase(ctx, world, { amount: 100, daysAgo: 0, now: new Date() })).rejects.toThrow(/card_inactive/);
  });

  it('reactivates itself when the last missing receipt is attached by hand, in that request', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    const first = await purchase(ctx, world, { amount: 2_000, daysAgo: 20, now });
    const second = await purchase(ctx, world, { amount: 3_000, daysAgo: 16, now });
    await runPolicyAt(ctx, now);
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');
    expect((await systemAudits(world))[0]!.details).toMatchObject({
      reason: RECEIPT_POLICY_TEXTS.auditDeactivated(2, 14),
    });

    await attachByHand(world.memberClient, first.expenseId);
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');

    // An admin attaches the last one: the card is active when the answer comes.
    await attachByHand(world.adminClient, second.expenseId);
    const card = await cardRow(ctx, world.card.id);
    expect(card).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });
    expect((await systemAudits(world)).map((audit) => audit.details)).toEqual([
      expect.objectContaining({ new_status: 'inactive' }),
      {
        holder_user_id: world.member.id,
        old_status: 'inactive',
        new_status: 'active',
        reason: RECEIPT_POLICY_TEXTS.auditReactivated,
      },
    ]);
    expect((await noticesOf(ctx, world.member.id, 'receipt_card_status')).map((notice) => notice.title)).toEqual([
      RECEIPT_POLICY_TEXTS.deactivatedTitle,
      RECEIPT_POLICY_TEXTS.reactivatedTitle,
    ]);
    const purchaseNow = await purchase(ctx, world, { amount: 100, daysAgo: 0, now: new Date() });
    expect(purchaseNow.expenseId).toBeGreaterThan(0);
  });

  it('reactivates itself when the inbox reads the last missing receipt and attaches it', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    const posted = await purchase(ctx, world, { amount: 4_200, merchant: 'Delta Air Lines', daysAgo: 20, now });
    await runPolicyAt(ctx, now);
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');

    const day = new Date(posted.posted * 1000).toISOString().slice(0, 10);
    const pdf = drawPdfReceipt(['Delta Air Lines', `Receipt date: ${day}`, 'Fare 40.00', 'Total 42.00']);
    const boundary = '----policy-inbox';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="delta.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await world.memberClient.post('/api/receipts', payload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const receiptId = (uploaded.json().data as Receipt[])[0]!.id;
    const read = await waitFor(async () => {
      const receipt = (await world.memberClient.get(`/api/receipts/${receiptId}`)).json().data as Receipt;
      return receipt.reading !== 'queued' && receipt;
    }, 60_000);
    expect(read.expense_id).toBe(posted.expenseId);
    // Attached and reactivated in the reading's own transaction.
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });
  });

  it('reactivates itself when the cardholder picks the purchase for a receipt waiting in the inbox', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    const posted = await purchase(ctx, world, { amount: 1_500, daysAgo: 15, now });
    await runPolicyAt(ctx, now);
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');

    const { payload, headers } = multipartFile('receipt', 'scan.png', 'image/png', PNG_BYTES);
    const uploaded = await world.memberClient.post('/api/receipts', payload, headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const receiptId = (uploaded.json().data as Receipt[])[0]!.id;
    const attached = await world.memberClient.post(`/api/receipts/${receiptId}/attach`, {
      expense_id: posted.expenseId,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });
  });

  it('reactivates itself when the threshold is raised above its missing purchase', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_required_above: 1_000, receipt_deactivate_days: 7 });
    await purchase(ctx, world, { amount: 5_000, daysAgo: 10, now });
    await runPolicyAt(ctx, now);
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');

    // Still required at $40.00: nothing changes.
    await savePolicy(ctx, world.adminClient, { receipt_required_above: 4_000 });
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');
    // At $50.00 it no longer needs one: the settings' own job reactivates the card.
    await savePolicy(ctx, world.adminClient, { receipt_required_above: 5_000 });
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });
    expect((await systemAudits(world)).at(-1)!.details).toMatchObject({
      new_status: 'active',
      reason: RECEIPT_POLICY_TEXTS.auditReactivated,
    });
  });
});

describe("an admin's card status stays the admin's", () => {
  it('a card an admin deactivated is neither marked nor reactivated by the policy', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    const overdue = await purchase(ctx, world, { amount: 2_000, daysAgo: 20, now });
    const off = await world.adminClient.put(`/api/cards/${world.card.id}/status`, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);

    await runPolicyAt(ctx, now);
    expect(await cardRow(ctx, world.card.id)).toMatchObject({
      status: 'inactive',
      receipt_policy_deactivated_at: null,
    });
    await attachByHand(world.memberClient, overdue.expenseId);
    await runPolicyAt(ctx, daysAfter(now, 1));
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');
    expect(await systemAudits(world)).toEqual([]);
    expect(await noticesOf(ctx, world.member.id, 'receipt_card_status')).toEqual([]);
  });

  it('an admin who deactivates a card the policy holds takes it over: a receipt no longer reactivates it', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    const overdue = await purchase(ctx, world, { amount: 2_000, daysAgo: 20, now });
    await runPolicyAt(ctx, now);
    expect((await cardRow(ctx, world.card.id)).receipt_policy_deactivated_at).toBeInstanceOf(Date);
    // The admin activates it (forgiving what is overdue), then deactivates it themselves.
    expect((await world.adminClient.put(`/api/cards/${world.card.id}/status`, { status: 'active' })).statusCode).toBe(
      200,
    );
    const forgiven = await cardRow(ctx, world.card.id);
    expect(forgiven).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });
    expect(forgiven.receipt_policy_exempt_before).toBeInstanceOf(Date);
    // The policy leaves the forgiven purchase alone.
    await runPolicyAt(ctx, daysAfter(now, 1));
    expect((await cardRow(ctx, world.card.id)).status).toBe('active');

    expect((await world.adminClient.put(`/api/cards/${world.card.id}/status`, { status: 'inactive' })).statusCode).toBe(
      200,
    );
    await attachByHand(world.memberClient, overdue.expenseId);
    await runPolicyAt(ctx, daysAfter(now, 2));
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');
    expect((await systemAudits(world)).map((audit) => audit.details)).toEqual([
      expect.objectContaining({ new_status: 'inactive', reason: RECEIPT_POLICY_TEXTS.auditDeactivated(1, 14) }),
    ]);
  });

  it('a purchase overdue after the admin reactivated it deactivates the card again', async () => {
    const now = new Date();
    const world = await policyWorld(ctx, { receipt_deactivate_days: 14 });
    await purchase(ctx, world, { amount: 2_000, daysAgo: 20, now });
    await purchase(ctx, world, { amount: 3_000, daysAgo: 10, now });
    await runPolicyAt(ctx, now);
    expect((await world.adminClient.put(`/api/cards/${world.card.id}/status`, { status: 'active' })).statusCode).toBe(
      200,
    );
    await runPolicyAt(ctx, daysAfter(now, 3));
    expect((await cardRow(ctx, world.card.id)).status).toBe('active');
    // Four days on, the second purchase is 14 days without its receipt.
    await runPolicyAt(ctx, daysAfter(now, 4.01));
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');
    expect((await systemAudits(world)).at(-1)!.details).toMatchObject({
      reason: RECEIPT_POLICY_TEXTS.auditDeactivated(1, 14),
    });
  });

  it('leaves another organisation, and a run for one organisation leaves the others', async () => {
    const now = new Date();
    const strict = await policyWorld(ctx, { receipt_deactivate_days: 7 });
    const lenient = await policyWorld(ctx);
    const other = await policyWorld(ctx, { receipt_deactivate_days: 7 });
    for (const world of [strict, lenient, other]) await purchase(ctx, world, { amount: 2_000, daysAgo: 5, now });

    await runPolicyAt(ctx, daysAfter(now, 3), strict.orgId);
    expect((await cardRow(ctx, strict.card.id)).status).toBe('inactive');
    expect((await cardRow(ctx, other.card.id)).status).toBe('active');
    await runPolicyAt(ctx, daysAfter(now, 3));
    expect((await cardRow(ctx, other.card.id)).status).toBe('inactive');
    expect((await cardRow(ctx, lenient.card.id)).status).toBe('active');
    expect(await noticesOf(ctx, lenient.member.id, 'receipt_card_status')).toEqual([]);
  });
});

describe('turning deactivation on', () => {
  it('counts only purchases made from then on: history never deactivates a card; new days keep the start, off forgets it', async () => {
    const world = await policyWorld(ctx, { receipt_required_above: 1_000 });
    const before = new Date();
    await purchase(ctx, world, { amount: 5_000, merchant: 'Old Hotel', daysAgo: 60, now: before });
    await savePolicy(ctx, world.adminClient, { receipt_deactivate_days: 14 });
    const since = async () =>
      (
        await ctx.db
          .selectFrom('card_settings')
          .select('receipt_deactivate_since')
          .where('org_id', '=', world.orgId)
          .executeTakeFirstOrThrow()
      ).receipt_deactivate_since;
    const turnedOn = await since();
    expect(turnedOn).toBeInstanceOf(Date);
    // The 60-day-old purchase is overdue, but it was made before deactivation was on: the card stays active.
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });
    await runPolicyAt(ctx, daysAfter(before, 30));
    expect(await cardRow(ctx, world.card.id)).toMatchObject({ status: 'active', receipt_policy_deactivated_at: null });

    // Fewer days keep when it was turned on.
    await savePolicy(ctx, world.adminClient, { receipt_deactivate_days: 7 });
    expect(await since()).toEqual(turnedOn);

    // A purchase made after it was turned on deactivates the card once overdue, counted alone.
    const after = new Date();
    await purchase(ctx, world, { amount: 7_000, merchant: 'New Hotel', daysAgo: 0, now: after });
    await runPolicyAt(ctx, daysAfter(after, 6));
    expect((await cardRow(ctx, world.card.id)).status).toBe('active');
    await runPolicyAt(ctx, daysAfter(after, 7.01));
    expect((await cardRow(ctx, world.card.id)).status).toBe('inactive');
    expect((await systemAudits(world)).map((audit) => (audit.details as { reason: string }).reason)).toEqual([
      RECEIPT_POLICY_TEXTS.auditDeactivated(1, 7),
    ]);

    // Off forgets the start (the card is released), and on again starts afresh.
    await savePolicy(ctx, world.adminClient, { receipt_deactivate_days: null });
    expect(await since()).toBeNull();
    expect((await cardRow(ctx, world.card.id)).status).toBe('active');
  });
});
