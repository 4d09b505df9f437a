import { describe, expect, it } from 'vitest';
import { ORG_FUNDS_LOW_NOTICE } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { putBalance, topUp } from '../../test/card-factories.js';
import { fileRequest, force, requestWorld, type RequestWorld } from '../purchase-requests/test-fixtures.js';
import { notificationMailsTo } from '../notifications/test-fixtures.js';
import { setCardStatusFromIssuer } from '../cards/service.js';
import { checkOrgFundsLow } from './service.js';

/**
 * Issue 20 point 7, organisation funds low: when the unallocated funds fall below Card Settings' threshold every admin
 * is notified, once per crossing: not again while they stay below, again after they were back at or above it.
 */
const ctx = useTestApp();

/** $1,500.00 of funds, admins told below $1,000.00. */
async function world(): Promise<RequestWorld> {
  const made = await requestWorld(ctx, { funds: 150_000 });
  const saved = await made.adminClient.put('/api/card-settings', { org_funds_low_threshold: 100_000 });
  expect(saved.statusCode, saved.body).toBe(200);
  return made;
}

/** The org_funds_low notifications of each person of the world, by who. */
async function fundsLowNotices(made: RequestWorld) {
  const rows = await ctx.db
    .selectFrom('notifications')
    .select(['user_id', 'title', 'body', 'link'])
    .where('org_id', '=', made.organization.id)
    .where('kind', '=', 'org_funds_low')
    .orderBy('id')
    .execute();
  const count = (userId: number) => rows.filter((row) => row.user_id === userId).length;
  return {
    rows,
    admin: count(made.admin.id),
    first: count(made.first.id),
    second: count(made.second.id),
    member: count(made.member.id),
  };
}

let balanceKey = 0;
const setCardLimit = async (made: RequestWorld, cents: number) => {
  const response = await putBalance(made.adminClient, made.card.id, cents, 'Funding', `funds-low-${++balanceKey}`);
  expect(response.statusCode, response.body).toBe(200);
};

describe('organisation funds low', () => {
  it('a card the issuer cancels returns its money: funds back above the threshold arm the next notice', async () => {
    const made = await world();
    await setCardLimit(made, 60_000); // funds 90,000: below
    expect((await fundsLowNotices(made)).admin).toBe(1);
    const notifiedAt = () =>
      ctx.db
        .selectFrom('card_settings')
        .select('org_funds_low_notified_at')
        .where('org_id', '=', made.organization.id)
        .executeTakeFirstOrThrow();
    expect((await notifiedAt()).org_funds_low_notified_at).toBeInstanceOf(Date);
    const card = await ctx.db
      .selectFrom('cards')
      .select(['provider', 'provider_card_id'])
      .where('id', '=', made.card.id)
      .executeTakeFirstOrThrow();
    await setCardStatusFromIssuer(ctx.db, card.provider, card.provider_card_id!, 'canceled', 'lost');
    expect((await notifiedAt()).org_funds_low_notified_at).toBeNull();
  });

  it('tells every admin (not members) once when a card funding takes the funds below the threshold, by mail too', async () => {
    const made = await world();
    await setCardLimit(made, 40_000); // funds 110,000: above
    expect((await fundsLowNotices(made)).rows).toEqual([]);
    await setCardLimit(made, 60_000); // funds 90,000: below
    const told = await fundsLowNotices(made);
    expect(told).toMatchObject({ admin: 1, first: 1, second: 1, member: 0 });
    expect(told.rows[0]).toEqual({
      user_id: expect.any(Number),
      title: ORG_FUNDS_LOW_NOTICE.title,
      body: ORG_FUNDS_LOW_NOTICE.body(90_000, 100_000),
      link: ORG_FUNDS_LOW_NOTICE.link,
    });
    expect(await notificationMailsTo(ctx.db, made.admin.email, 'org_funds_low')).toHaveLength(1);

    await setCardLimit(made, 70_000); // funds 80,000: still below, nothing new
    expect(await fundsLowNotices(made)).toMatchObject({ admin: 1, first: 1, second: 1 });
  });

  it('tells them again only after the funds were back at or above the threshold', async () => {
    const made = await world();
    await setCardLimit(made, 60_000); // 90,000: below, told
    await setCardLimit(made, 50_000); // 100,000: at the threshold, no longer low
    expect((await fundsLowNotices(made)).admin).toBe(1);
    await setCardLimit(made, 55_000); // 95,000: below again
    expect((await fundsLowNotices(made)).admin).toBe(2);
    await topUp(made.adminClient, 20_000); // 115,000: back above by a top-up
    await setCardLimit(made, 75_000); // 95,000: below again
    expect((await fundsLowNotices(made)).admin).toBe(3);
  });

  it('an approved purchase request that funds the card counts like any funding', async () => {
    const made = await world();
    const request = await fileRequest(made, { amount: 60_000 });
    expect((await force(made.adminClient, request.id, 'approved')).statusCode).toBe(200);
    expect((await fundsLowNotices(made)).admin).toBe(1);
  });

  it('checks running at once tell the admins once', async () => {
    const made = await world();
    await ctx.db
      .updateTable('card_settings')
      .set({ org_funds_low_threshold: 200_000 })
      .where('org_id', '=', made.organization.id)
      .execute();
    const results = await Promise.all(Array.from({ length: 5 }, () => checkOrgFundsLow(ctx.db, made.organization.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await fundsLowNotices(made)).admin).toBe(1);
  });

  it('no threshold, no notification; a new threshold judges the funds afresh at the next change', async () => {
    const made = await requestWorld(ctx, { funds: 150_000 });
    await setCardLimit(made, 100_000); // 50,000 with no threshold: nothing
    expect((await fundsLowNotices(made)).rows).toEqual([]);
    await made.adminClient.put('/api/card-settings', { org_funds_low_threshold: 60_000 });
    await setCardLimit(made, 100_500); // 49,500: below the new threshold
    expect((await fundsLowNotices(made)).admin).toBe(1);
    await made.adminClient.put('/api/card-settings', { org_funds_low_threshold: 50_000 });
    await setCardLimit(made, 101_000); // 49,000: below the changed threshold, told again
    expect((await fundsLowNotices(made)).admin).toBe(2);
  });
});
