import { beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { acceptTermsInDb, createCard } from '../../test/card-factories.js';
import { makeOrganization, TEST_PASSWORD } from '../../test/factories.js';
import { daysFromToday, mailsOf, requestBody, requestWorld, signedInUser, type RequestWorld } from './test-fixtures.js';

/** Filing a request: PRODUCT.md §5 new request rules, ownership of card and team, who may file for whom. */
const ctx = useTestApp();
let world: RequestWorld;

beforeAll(async () => {
  world = await requestWorld(ctx);
});

const post = (body: Record<string, unknown>) =>
  world.memberClient.post(`/api/users/${world.member.id}/purchase-requests`, body);

async function requestCount() {
  const row = await ctx.db
    .selectFrom('purchase_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', world.organization.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expect422(overrides: Record<string, unknown>, field: string, message?: string) {
  const before = await requestCount();
  const response = await post(requestBody(world, overrides));
  expect(response.statusCode, `${JSON.stringify(overrides)} -> ${response.body}`).toBe(422);
  const errors = response.json().errors as Record<string, string[]>;
  expect(Object.keys(errors), JSON.stringify(overrides)).toContain(field);
  if (message) expect(errors[field]![0]).toBe(message);
  expect(await requestCount()).toBe(before);
}

describe('PRODUCT.md §5 new request rules (422, nothing written)', () => {
  it('amount: at least 1 cent, whole cents, a number', async () => {
    for (const amount of [0, -100, 12.5, 0.01, '100', null, 1e15])
      await expect422({ amount }, 'amount', REQUEST_MESSAGES.amountInvalid);
    await expect422({ amount: undefined }, 'amount', REQUEST_MESSAGES.amountInvalid);
  });

  it('notes: required, at most 255 characters', async () => {
    await expect422({ notes: '' }, 'notes', REQUEST_MESSAGES.notesRequired);
    await expect422({ notes: '    ' }, 'notes', REQUEST_MESSAGES.notesRequired);
    await expect422({ notes: undefined }, 'notes', REQUEST_MESSAGES.notesRequired);
    await expect422({ notes: 'x'.repeat(256) }, 'notes');
    const longest = await post(requestBody(world, { notes: 'x'.repeat(255) }));
    expect(longest.statusCode, longest.body).toBe(201);
    expect(longest.json().data.notes).toHaveLength(255);
  });

  it('card and team are required', async () => {
    await expect422({ card_id: undefined }, 'card_id', REQUEST_MESSAGES.cardRequired);
    await expect422({ team_id: null }, 'team_id', REQUEST_MESSAGES.teamRequired);
  });

  it("another member's card, a team the requester is not in, an unknown category", async () => {
    const other = await signedInUser(ctx, world, 'wallet-user');
    await acceptTermsInDb(ctx.db, other.user.id);
    const othersCard = await createCard(world.adminClient, other.user.id);
    await expect422({ card_id: othersCard.id }, 'card_id', REQUEST_MESSAGES.cardNotYours);
    await expect422({ card_id: 999_999 }, 'card_id', REQUEST_MESSAGES.cardNotYours);
    // A card the issuer canceled can never be funded again, so no request is filed for it.
    const canceled = await createCard(world.adminClient, world.member.id);
    await ctx.db
      .updateTable('cards')
      .set({ status: 'canceled', cancellation_reason: 'lost', canceled_at: new Date() })
      .where('id', '=', canceled.id)
      .execute();
    await expect422({ card_id: canceled.id }, 'card_id', REQUEST_MESSAGES.cardCanceled);

    const elsewhere = await world.adminClient.post('/api/teams', {
      name: 'Elsewhere',
      color: '#FA541C',
      team: { users: [other.user.id] },
      approval_path: [],
    });
    expect(elsewhere.statusCode).toBe(201);
    await expect422({ team_id: elsewhere.json().data.id }, 'team_id', REQUEST_MESSAGES.teamNotYours);

    await expect422({ wallet_category_id: 999_999 }, 'wallet_category_id', REQUEST_MESSAGES.categoryUnknown);
    // A category of another organisation is unknown here too.
    const foreign = await makeOrganization(ctx.db);
    const foreignAdmin = await ctx.client(foreign.host).signIn(foreign.admin.email, TEST_PASSWORD);
    const foreignCategory = (await foreignAdmin.get('/api/wallet-categories')).json().data[0].id as number;
    await expect422({ wallet_category_id: foreignCategory }, 'wallet_category_id', REQUEST_MESSAGES.categoryUnknown);

    const categories = (await world.memberClient.get('/api/wallet-categories')).json().data as Array<{
      id: number;
      name: string;
    }>;
    const travel = categories.find((category) => category.name === 'Travel')!;
    const filed = await post(requestBody(world, { wallet_category_id: travel.id }));
    expect(filed.statusCode).toBe(201);
    expect(filed.json().data).toMatchObject({
      wallet_category_id: travel.id,
      wallet_category: { id: travel.id, name: 'Travel' },
    });
  });

  it('recurring dates: start_date required with an interval, after today; end_date after start_date', async () => {
    await expect422({ interval: 'monthly' }, 'start_date', REQUEST_MESSAGES.startDateRequired);
    await expect422(
      { interval: 'weekly', start_date: daysFromToday(0) },
      'start_date',
      REQUEST_MESSAGES.startDateFuture,
    );
    await expect422(
      { interval: 'yearly', start_date: daysFromToday(-3) },
      'start_date',
      REQUEST_MESSAGES.startDateFuture,
    );
    await expect422(
      { interval: 'monthly', start_date: daysFromToday(10), end_date: daysFromToday(5) },
      'end_date',
      REQUEST_MESSAGES.endDateAfterStart,
    );
    await expect422(
      { interval: 'monthly', start_date: daysFromToday(10), end_date: daysFromToday(10) },
      'end_date',
      REQUEST_MESSAGES.endDateAfterStart,
    );
    await expect422({ interval: 'daily', start_date: daysFromToday(10) }, 'interval');
    await expect422({ interval: 'monthly', start_date: '2030-13-45x' }, 'start_date');

    const recurring = await post(
      requestBody(world, { interval: 'monthly', start_date: daysFromToday(1), end_date: daysFromToday(100) }),
    );
    expect(recurring.statusCode, recurring.body).toBe(201);
    expect(recurring.json().data).toMatchObject({
      interval: 'monthly',
      start_date: daysFromToday(1),
      end_date: daysFromToday(100),
    });
    // Without an interval the dates are not kept (the date pickers are disabled).
    const oneTime = await post(
      requestBody(world, { interval: null, start_date: daysFromToday(3), end_date: daysFromToday(9) }),
    );
    expect(oneTime.json().data).toMatchObject({ interval: null, start_date: null, end_date: null });
  });
});

describe('who files for whom', () => {
  it('a member files only for themselves (403), an admin files for nobody else (403), signed out is 401', async () => {
    const before = await requestCount();
    const mailsBefore = (await mailsOf(ctx, world.organization.id, 'approval_needed')).length;
    const forAnother = await world.memberClient.post(
      `/api/users/${world.first.id}/purchase-requests`,
      requestBody(world),
    );
    expect(forAnother.statusCode).toBe(403);
    expect((await world.memberClient.post('/api/users/999999/purchase-requests', requestBody(world))).statusCode).toBe(
      403,
    );
    expect(
      (await world.adminClient.post(`/api/users/${world.member.id}/purchase-requests`, requestBody(world))).statusCode,
    ).toBe(403);
    const anonymous = ctx.client(world.host);
    expect(
      (await anonymous.post(`/api/users/${world.member.id}/purchase-requests`, requestBody(world))).statusCode,
    ).toBe(401);
    expect(await requestCount()).toBe(before);
    expect(await mailsOf(ctx, world.organization.id, 'approval_needed')).toHaveLength(mailsBefore);
  });

  it('a filed request is Pending with one approval per approver in path order, and the first approver is asked', async () => {
    const mailsBefore = (await mailsOf(ctx, world.organization.id, 'approval_needed')).length;
    const response = await post(requestBody(world, { amount: 2_500, notes: 'Team lunch' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      amount: 2_500,
      notes: 'Team lunch',
      status: 'Pending',
      approved_path: 'pending',
      approved_accounting: 'pending',
      transferred: null,
      user_id: world.member.id,
      approvals: [
        { approver_id: world.first.id, approved: 'pending', position: 0 },
        { approver_id: world.second.id, approved: 'pending', position: 1 },
      ],
    });
    const mails = await mailsOf(ctx, world.organization.id, 'approval_needed');
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.to_email).toBe(world.first.email);
    expect(mails.at(-1)!.text_body).toContain('$25.00');
  });

  it('a requester on their own team path is not asked to approve their own request', async () => {
    const selfApprover = await world.adminClient.post('/api/teams', {
      name: 'Self',
      color: '#13C2C2',
      team: { users: [world.member.id] },
      approval_path: [world.member.id, world.second.id],
    });
    expect(selfApprover.statusCode).toBe(201);
    const filed = await post(requestBody(world, { team_id: selfApprover.json().data.id }));
    expect(filed.json().data.approvals.map((approval: { approver_id: number }) => approval.approver_id)).toEqual([
      world.second.id,
    ]);
  });
});
