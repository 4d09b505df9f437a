import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { topUp } from '../../test/card-factories.js';
import { integrityProblems } from '../ledger/service.js';
import {
  cardLimit,
  daysFromToday,
  decide,
  entriesWithReference,
  fileRequest,
  force,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  type RequestWorld,
} from '../purchase-requests/test-fixtures.js';
import { runDueFundings } from './schedule.js';
import { addDays, fundingsOf } from './service.js';

/**
 * Recurring fundings on a clock the test controls: runDueFundings(deps, today) is what the pg-boss schedule
 * runs every ten minutes with the real date. Every date here is after the real today, so the real schedule
 * running alongside never finds anything due.
 */
const ctx = useTestApp();
const AMOUNT = 12_345;
const start = daysFromToday(1);
const day = (offset: number) => addDays(start, offset);
const run = (today: string) => runDueFundings(ctx.deps, today);

/** Files a recurring request, force-approves it (funding it at once) and returns its recurring request. */
async function approvedRecurring(
  world: RequestWorld,
  interval: 'weekly' | 'monthly' | 'yearly',
  endDate: string | null = null,
) {
  const request = await fileRequest(world, { interval, start_date: start, end_date: endDate });
  expect((await force(world.adminClient, request.id, 'approved')).statusCode).toBe(200);
  const { recurring_purchase_request: recurring } = await requestAsAdmin(world, request.id);
  expect(recurring).not.toBeNull();
  return { requestId: request.id, recurringId: recurring!.id };
}

const recurringOf = async (world: RequestWorld, requestId: number) =>
  (await requestAsAdmin(world, requestId)).recurring_purchase_request!;
// Each test starts with no other recurring request due, so what a run reports is this test's alone.
beforeEach(async () => {
  await ctx.db.updateTable('recurring_purchase_requests').set({ status: 'inactive' }).execute();
});

const periods = async (recurringId: number) =>
  (await fundingsOf(ctx.db, recurringId)).map((funding) => funding.period_date);

describe('recurring fundings', () => {
  it('monthly: funded on approval, then every 30 days from start_date, each period once', async () => {
    const world = await requestWorld(ctx);
    const { requestId, recurringId } = await approvedRecurring(world, 'monthly');
    expect(await cardLimit(world)).toBe(AMOUNT);
    expect(await recurringOf(world, requestId)).toMatchObject({
      status: 'active',
      is_paused: false,
      next_run: day(30),
      last_run: daysFromToday(0),
    });

    expect(await run(day(29))).toEqual({ funded: 0, failed: 0, ended: 0 });
    expect(await cardLimit(world)).toBe(AMOUNT);
    expect(await periods(recurringId)).toEqual([]);

    expect(await run(day(30))).toEqual({ funded: 1, failed: 0, ended: 0 });
    expect(await cardLimit(world)).toBe(2 * AMOUNT);
    expect(await recurringOf(world, requestId)).toMatchObject({
      last_run: day(30),
      next_run: day(60),
      status: 'active',
    });

    expect(await run(day(30))).toEqual({ funded: 0, failed: 0, ended: 0 });
    await run(day(45));
    expect(await cardLimit(world)).toBe(2 * AMOUNT);

    // Far later: each missed period is funded once, in one run.
    expect(await run(day(155))).toEqual({ funded: 4, failed: 0, ended: 0 });
    expect(await periods(recurringId)).toEqual([day(30), day(60), day(90), day(120), day(150)]);
    expect(await cardLimit(world)).toBe(6 * AMOUNT);
    expect(await recurringOf(world, requestId)).toMatchObject({ last_run: day(150), next_run: day(180) });
    await run(day(155));
    expect(await cardLimit(world)).toBe(6 * AMOUNT);
    expect(await entriesWithReference(ctx, world.organization.id, `recurring:${recurringId}:`)).toHaveLength(5);
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });
  });

  it('weekly every 7 days and yearly every 365 days', async () => {
    const world = await requestWorld(ctx);
    const weekly = await approvedRecurring(world, 'weekly');
    const yearly = await approvedRecurring(world, 'yearly');
    expect(await cardLimit(world)).toBe(2 * AMOUNT);
    await run(day(6));
    expect(await periods(weekly.recurringId)).toEqual([]);
    await run(day(7));
    expect(await periods(weekly.recurringId)).toEqual([day(7)]);
    await run(day(28));
    expect(await periods(weekly.recurringId)).toEqual([day(7), day(14), day(21), day(28)]);
    // Deleting the weekly one stops it; the yearly one goes on.
    expect((await world.adminClient.delete(`/api/recurring-purchase-requests/${weekly.recurringId}`)).statusCode).toBe(
      204,
    );
    await run(day(364));
    expect(await periods(yearly.recurringId)).toEqual([]);
    await run(day(365));
    expect(await periods(yearly.recurringId)).toEqual([day(365)]);
    expect(await cardLimit(world)).toBe((2 + 4 + 1) * AMOUNT);
  });

  it('an approval through the path starts it too; a rejected recurring request never funds', async () => {
    const world = await requestWorld(ctx);
    const approved = await fileRequest(world, { interval: 'weekly', start_date: start });
    await decide(world.firstClient, approved.id, approved.approvals[0]!.id, 'approved');
    expect((await requestAsAdmin(world, approved.id)).recurring_purchase_request).toBeNull();
    await decide(world.secondClient, approved.id, approved.approvals[1]!.id, 'approved');
    expect(await recurringOf(world, approved.id)).toMatchObject({ status: 'active', next_run: day(7) });

    const rejected = await fileRequest(world, { interval: 'weekly', start_date: start });
    await decide(world.firstClient, rejected.id, rejected.approvals[0]!.id, 'rejected');
    expect((await requestAsAdmin(world, rejected.id)).recurring_purchase_request).toBeNull();
    await run(day(7));
    expect(await cardLimit(world)).toBe(2 * AMOUNT);
  });

  it('becomes inactive on its end date and funds nothing after it', async () => {
    const world = await requestWorld(ctx);
    const { requestId, recurringId } = await approvedRecurring(world, 'monthly', day(75));
    await run(day(30));
    await run(day(60));
    // No period falls between day 60 and the end date; it stays active until the end date comes.
    expect(await recurringOf(world, requestId)).toMatchObject({ status: 'active', last_run: day(60), next_run: null });
    await run(day(74));
    expect((await recurringOf(world, requestId)).status).toBe('active');
    expect(await run(day(75))).toEqual({ funded: 0, failed: 0, ended: 1 });
    expect((await recurringOf(world, requestId)).status).toBe('inactive');
    await run(day(400));
    expect(await periods(recurringId)).toEqual([day(30), day(60)]);
    expect(await cardLimit(world)).toBe(3 * AMOUNT);

    // A period on the end date itself is funded, and a late run funds only the periods up to the end date.
    const onEnd = await approvedRecurring(world, 'monthly', day(60));
    await run(day(500));
    expect(await periods(onEnd.recurringId)).toEqual([day(30), day(60)]);
    expect(await recurringOf(world, onEnd.requestId)).toMatchObject({ status: 'inactive', next_run: null });
    expect(await cardLimit(world)).toBe(6 * AMOUNT);
  });

  it('a funding the organisation cannot cover pauses it (by the system), funds nothing and mails the admins', async () => {
    const world = await requestWorld(ctx, { funds: 20_000 });
    const { requestId, recurringId } = await approvedRecurring(world, 'monthly');
    expect(await run(day(30))).toEqual({ funded: 0, failed: 1, ended: 0 });
    expect(await recurringOf(world, requestId)).toMatchObject({
      is_paused: true,
      paused_by: 'system',
      next_run: day(30),
      status: 'active',
    });
    expect(await periods(recurringId)).toEqual([]);
    expect(await cardLimit(world)).toBe(AMOUNT);
    expect(await entriesWithReference(ctx, world.organization.id, `recurring:${recurringId}:`)).toEqual([]);
    const mails = await mailsOf(ctx, world.organization.id, 'recurring_paused');
    expect(mails.map((mail) => mail.to_email).sort()).toEqual(
      [world.admin.email, world.first.email, world.second.email].sort(),
    );
    expect(mails[0]!.text_body).toContain('paused');

    // Paused: later runs do nothing and mail nobody again.
    await topUp(world.adminClient, 100_000);
    await run(day(61));
    expect(await periods(recurringId)).toEqual([]);
    expect(await mailsOf(ctx, world.organization.id, 'recurring_paused')).toHaveLength(3);

    // An admin unpauses: the next run funds the period that failed, then the schedule goes on.
    const unpaused = await world.adminClient.put(`/api/recurring-purchase-requests/${recurringId}`, {
      is_paused: false,
    });
    expect(unpaused.statusCode, unpaused.body).toBe(200);
    expect(unpaused.json().data).toMatchObject({ is_paused: false, paused_by: null, next_run: day(30) });
    await run(day(61));
    expect(await periods(recurringId)).toEqual([day(30), day(60)]);
    expect(await cardLimit(world)).toBe(3 * AMOUNT);
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });
  });

  it('an admin pause stops the fundings until an admin unpauses; members may not (403)', async () => {
    const world = await requestWorld(ctx);
    const { requestId, recurringId } = await approvedRecurring(world, 'weekly');
    const paused = await world.adminClient.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toMatchObject({ is_paused: true, paused_by: 'admin' });
    await run(day(14));
    expect(await periods(recurringId)).toEqual([]);

    expect(
      (await world.memberClient.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await world.adminClient.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: 'no' })).statusCode,
    ).toBe(422);
    expect(
      (await world.adminClient.put('/api/recurring-purchase-requests/999999', { is_paused: false })).statusCode,
    ).toBe(404);
    expect((await recurringOf(world, requestId)).is_paused).toBe(true);

    expect(
      (await world.adminClient.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: false })).json().data
        .is_paused,
    ).toBe(false);
    await run(day(14));
    expect(await periods(recurringId)).toEqual([day(7), day(14)]);
  });
});
