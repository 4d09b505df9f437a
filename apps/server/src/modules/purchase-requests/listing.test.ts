import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { acceptTermsInDb, activateCard, createCard } from '../../test/card-factories.js';
import { makeOrganization, TEST_PASSWORD } from '../../test/factories.js';
import type { TestClient } from '../../test/client.js';
import {
  daysFromToday,
  decide,
  fileRequest,
  force,
  requestBody,
  requestWorld,
  signedInUser,
  type FiledRequest,
  type RequestWorld,
} from './test-fixtures.js';

/**
 * PRODUCT.md §7 purchase-request lists: who sees what, the filters the Requests screen and the dashboard panels send,
 * sorts, paging, includes, tenancy.
 */
const ctx = useTestApp();
let world: RequestWorld;
/** A second member on the Design team, whose path is [world.member]: the member approves their requests. */
let colleague: { id: number; client: TestClient };
let stranger: { id: number; client: TestClient };
let mine: FiledRequest[];
let theirs: FiledRequest;

const ids = (response: { json(): { data: Array<{ id: number }> } }) => response.json().data.map((row) => row.id);

beforeAll(async () => {
  world = await requestWorld(ctx);
  const made = await signedInUser(ctx, world, 'wallet-user');
  await acceptTermsInDb(ctx.db, made.user.id);
  const card = await createCard(world.adminClient, made.user.id);
  await activateCard(world.adminClient, card.id);
  const design = (
    await world.adminClient.post('/api/teams', {
      name: 'Design',
      color: '#FA541C',
      team: { users: [made.user.id] },
      approval_path: [world.member.id],
    })
  ).json().data;
  colleague = { id: made.user.id, client: made.client };
  const other = await signedInUser(ctx, world, 'wallet-user');
  stranger = { id: other.user.id, client: other.client };

  mine = [];
  for (const amount of [1_000, 2_000, 3_000, 4_000]) mine.push(await fileRequest(world, { amount }));
  const filed = await colleague.client.post(
    `/api/users/${colleague.id}/purchase-requests`,
    requestBody({ card, team: design }, { amount: 7_700 }),
  );
  expect(filed.statusCode, filed.body).toBe(201);
  theirs = filed.json().data;
  // mine[0]: approved by both; mine[1]: rejected; mine[2]: first step approved; mine[3]: untouched.
  await decide(world.firstClient, mine[0]!.id, mine[0]!.approvals[0]!.id, 'approved');
  await decide(world.secondClient, mine[0]!.id, mine[0]!.approvals[1]!.id, 'approved');
  await decide(world.firstClient, mine[1]!.id, mine[1]!.approvals[0]!.id, 'rejected');
  await decide(world.firstClient, mine[2]!.id, mine[2]!.approvals[0]!.id, 'approved');
});

describe('who sees which requests', () => {
  it('admins see every request; meta.total counts them', async () => {
    const response = await world.adminClient.get('/api/purchase-requests');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([theirs.id, ...mine.map((request) => request.id).reverse()]);
    expect(response.json().meta).toMatchObject({ total: 5 });
  });

  it('a member sees the requests they made and those they approve, nothing else', async () => {
    expect(ids(await world.memberClient.get('/api/purchase-requests'))).toEqual([
      theirs.id,
      ...mine.map((request) => request.id).reverse(),
    ]);
    expect(ids(await colleague.client.get('/api/purchase-requests'))).toEqual([theirs.id]);
    const empty = await stranger.client.get('/api/purchase-requests');
    expect(empty.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("another member's request is 404 for a member, visible to its approver and to admins", async () => {
    expect((await stranger.client.get(`/api/purchase-requests/${mine[0]!.id}`)).statusCode).toBe(404);
    expect((await colleague.client.get(`/api/purchase-requests/${mine[0]!.id}`)).statusCode).toBe(404);
    expect((await world.memberClient.get(`/api/purchase-requests/${theirs.id}`)).statusCode).toBe(200);
    expect((await world.secondClient.get(`/api/purchase-requests/${theirs.id}`)).statusCode).toBe(200);
    expect((await world.memberClient.get('/api/purchase-requests/999999')).statusCode).toBe(404);
  });

  it("/api/users/{id}/purchase-requests: one's own, or anyone's for admins", async () => {
    const own = await world.memberClient.get(`/api/users/${world.member.id}/purchase-requests`);
    expect(ids(own)).toEqual(mine.map((request) => request.id).reverse());
    expect((await stranger.client.get(`/api/users/${world.member.id}/purchase-requests`)).statusCode).toBe(404);
    expect(ids(await world.adminClient.get(`/api/users/${colleague.id}/purchase-requests`))).toEqual([theirs.id]);
  });

  it('another organisation sees none of it (404), and a signed-out browser gets 401', async () => {
    const foreign = await makeOrganization(ctx.db);
    const foreignAdmin = await ctx.client(foreign.host).signIn(foreign.admin.email, TEST_PASSWORD);
    expect((await foreignAdmin.get(`/api/purchase-requests/${mine[3]!.id}`)).statusCode).toBe(404);
    expect((await foreignAdmin.get('/api/purchase-requests')).json().meta.total).toBe(0);
    expect((await force(foreignAdmin, mine[3]!.id, 'approved')).statusCode).toBe(404);
    expect((await foreignAdmin.delete(`/api/purchase-requests/${mine[3]!.id}`)).statusCode).toBe(404);
    expect((await world.adminClient.get(`/api/purchase-requests/${mine[3]!.id}`)).json().data.status).toBe('Pending');

    const anonymous = ctx.client(world.host);
    expect((await anonymous.get('/api/purchase-requests')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/purchase-requests/${mine[3]!.id}`)).statusCode).toBe(401);
    expect(
      (
        await anonymous.put(`/api/purchase-requests/${mine[3]!.id}/approvals/${mine[3]!.approvals[0]!.id}`, {
          status: 'approved',
          notes: null,
        })
      ).statusCode,
    ).toBe(401);
    expect((await anonymous.delete(`/api/purchase-requests/${mine[3]!.id}`)).statusCode).toBe(401);
  });
});

describe('filters, sorts and paging', () => {
  it('filter[pending_approval_by] lists the requests whose current step is that user', async () => {
    const byFirst = await world.firstClient.get(`/api/purchase-requests?filter[pending_approval_by]=${world.first.id}`);
    expect(ids(byFirst)).toEqual([mine[3]!.id]);
    const bySecond = await world.secondClient.get(
      `/api/purchase-requests?filter[pending_approval_by]=${world.second.id}`,
    );
    expect(ids(bySecond)).toEqual([mine[2]!.id]);
    const byMember = await world.memberClient.get(
      `/api/purchase-requests?filter[pending_approval_by]=${world.member.id}`,
    );
    expect(ids(byMember)).toEqual([theirs.id]);
    // A member cannot peek at someone else's queue.
    expect(
      ids(await stranger.client.get(`/api/purchase-requests?filter[pending_approval_by]=${world.first.id}`)),
    ).toEqual([]);
    // Admins can.
    expect(
      ids(await world.adminClient.get(`/api/purchase-requests?filter[pending_approval_by]=${world.second.id}`)),
    ).toEqual([mine[2]!.id]);
  });

  it('the dashboard panels: pending by -submitted two at a time; approved by -transferred', async () => {
    const page1 = await world.adminClient.get(
      '/api/purchase-requests?include=user&filter[pending]=1&sort=-submitted&page[number]=1&page[size]=2',
    );
    expect(ids(page1)).toEqual([theirs.id, mine[3]!.id]);
    expect(page1.json().meta).toMatchObject({ total: 3 });
    expect(page1.json().data[0].user).toMatchObject({ id: colleague.id });
    const page2 = await world.adminClient.get(
      '/api/purchase-requests?include=user&filter[pending]=1&sort=-submitted&page[number]=2&page[size]=2',
    );
    expect(ids(page2)).toEqual([mine[2]!.id]);

    // Force approve the colleague's request after mine[0] was approved: it is the most recently transferred.
    expect((await force(world.adminClient, theirs.id, 'approved')).statusCode).toBe(200);
    const approved = await world.adminClient.get(
      '/api/purchase-requests?include=user&filter[approved]=1&sort=-transferred&page[number]=1&page[size]=2',
    );
    expect(ids(approved)).toEqual([theirs.id, mine[0]!.id]);
    expect(approved.json().meta.total).toBe(2);
    const oldestFirst = await world.adminClient.get('/api/purchase-requests?filter[approved]=1&sort=transferred');
    expect(ids(oldestFirst)).toEqual([mine[0]!.id, theirs.id]);
    // A member's panels show only what they may see.
    expect(ids(await colleague.client.get('/api/purchase-requests?filter[approved]=1&sort=-transferred'))).toEqual([
      theirs.id,
    ]);
  });

  it('sorts by amount and pages with the default size of 10', async () => {
    expect(ids(await world.adminClient.get('/api/purchase-requests?sort=amount'))).toEqual([
      mine[0]!.id,
      mine[1]!.id,
      mine[2]!.id,
      mine[3]!.id,
      theirs.id,
    ]);
    const response = await world.adminClient.get('/api/purchase-requests');
    expect(response.json().meta).toMatchObject({ total: 5, per_page: 10, current_page: 1 });
    expect((await world.adminClient.get('/api/purchase-requests?sort=notes')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('includes', () => {
  it('user, card, team, walletCategory, recurringPurchaseRequest on the list; approvals.approver on one', async () => {
    const list = await world.memberClient.get(
      '/api/purchase-requests?include=user,card,team,walletCategory,recurringPurchaseRequest&sort=-submitted',
    );
    const row = list.json().data.find((item: { id: number }) => item.id === mine[0]!.id);
    expect(row).toMatchObject({
      user: { id: world.member.id, name: 'Mia Member', email: world.member.email },
      card: { id: world.card.id, last4: expect.any(String), status: 'active', brand: expect.any(String) },
      team: { id: world.team.id, name: 'Ops', color: '#1677FF' },
      wallet_category: null,
      recurring_purchase_request: null,
      status: 'Approved',
    });
    expect(row.approvals).toBeUndefined();

    const one = await world.memberClient.get(
      `/api/purchase-requests/${mine[2]!.id}?include=user,card,approvals.approver,team,walletCategory,recurringPurchaseRequest`,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().data.approvals).toMatchObject([
      { approver_id: world.first.id, approved: 'approved', approver: { id: world.first.id, name: 'Fay First' } },
      { approver_id: world.second.id, approved: 'pending', approver: { id: world.second.id, name: 'Sam Second' } },
    ]);
    const plain = await world.memberClient.get(`/api/purchase-requests/${mine[2]!.id}`);
    expect(plain.json().data.user).toBeUndefined();
    expect((await world.memberClient.get('/api/purchase-requests?include=secrets')).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });

  it("a recurring request's category and schedule read in the list's own statement equal what the request answers", async () => {
    const travel = (await world.adminClient.get('/api/wallet-categories')).json().data[0] as {
      id: number;
      name: string;
    };
    const recurring = await fileRequest(world, {
      amount: 4_200,
      interval: 'monthly',
      start_date: daysFromToday(3),
      wallet_category_id: travel.id,
    });
    expect((await force(world.adminClient, recurring.id, 'approved')).statusCode).toBe(200);
    const includes = 'include=user,card,team,walletCategory,recurringPurchaseRequest';
    const listed = (await world.adminClient.get(`/api/purchase-requests?${includes}&sort=-submitted`))
      .json()
      .data.find((item: { id: number }) => item.id === recurring.id);
    const one = (await world.adminClient.get(`/api/purchase-requests/${recurring.id}?${includes}`)).json().data;
    expect(listed.wallet_category).toEqual({ id: travel.id, name: travel.name });
    expect(listed.recurring_purchase_request).toMatchObject({
      interval: 'monthly',
      start_date: daysFromToday(3),
      status: 'active',
      is_paused: false,
      amount: 4_200,
    });
    expect(listed.recurring_purchase_request.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listed).toEqual(one);
  });
});
