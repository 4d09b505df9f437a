import { describe, expect, it } from 'vitest';
import type { AuditAction } from '@wallet/contract';
import type { TestClient } from '../../test/client.js';
import { useTestApp } from '../../test/context.js';
import { createCard, putBalance, setUserCreatedAt } from '../../test/card-factories.js';
import { addUser, uniqueEmail } from '../../test/helpers.js';
import { createPersonWithoutRole } from '../users/service.js';
import { addDays } from '../recurring/service.js';
import { runDueFundings } from '../recurring/test-fixtures.js';
import { expireDueAllocations } from '../cards/test-fixtures.js';
import {
  daysFromToday,
  decide,
  fileRequest,
  force,
  linkIn,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  type RequestWorld,
} from '../purchase-requests/test-fixtures.js';

/**
 * Each admin action is recorded once, in the transaction of its change, with the actor, the client and the
 * details; a refused request (403/409/422) records nothing.
 */
const ctx = useTestApp();
const AGENT = 'AuditTest/2.0';

interface Entry {
  action: AuditAction;
  actor_kind: string;
  actor_user_id: number | null;
  subject_type: string;
  subject_id: number | null;
  subject_label: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
}

/** The organisation's entries of these actions, oldest first, read through the API. */
async function entries(client: TestClient, ...actions: AuditAction[]): Promise<Entry[]> {
  const response = await client.get(
    `/api/audit-log?page[size]=200&sort=created_at${actions.length ? `&filter[action]=${actions.join(',')}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Entry[];
}

/** Runs `work` and expects it to add no entry at all. */
async function recordsNothing(client: TestClient, work: () => Promise<void>) {
  const before = (await entries(client)).length;
  await work();
  expect(await entries(client)).toHaveLength(before);
}

const withAgent = { 'user-agent': AGENT };

describe('cards and money', () => {
  it('card.created, card.status_changed, card.funded and topup.created: once each, with old and new values in cents', async () => {
    const world = await requestWorld(ctx, { funds: 50_000 });
    const admin = world.adminClient;
    // requestWorld topped up, issued and activated a card through the routes.
    expect((await entries(admin, 'topup.created')).map((entry) => entry.details)).toEqual([
      { amount: 50_000, description: 'Top-up' },
    ]);
    const [created] = await entries(admin, 'card.created');
    expect(created).toMatchObject({
      actor_kind: 'user',
      actor_user_id: world.admin.id,
      subject_type: 'card',
      subject_id: world.card.id,
      details: { holder_user_id: world.member.id, type: 'virtual' },
    });
    expect(created!.subject_label).toMatch(/^Mia Member •••• \d{4}$/);
    expect((await entries(admin, 'card.status_changed')).map((entry) => entry.details)).toEqual([
      { holder_user_id: world.member.id, old_status: 'inactive', new_status: 'active' },
    ]);

    const funded = await putBalance(admin, world.card.id, 12_000, 'Travel budget', 'key-audit-0001');
    expect(funded.statusCode, funded.body).toBe(200);
    // A retry with the same key moves nothing and records nothing.
    expect((await putBalance(admin, world.card.id, 12_000, 'Travel budget', 'key-audit-0001')).statusCode).toBe(200);
    expect(
      (await admin.put(`/api/cards/${world.card.id}/balance`, { amount: 5_000, description: 'Less' }, withAgent))
        .statusCode,
    ).toBe(200);
    const fundings = await entries(admin, 'card.funded');
    expect(fundings.map((entry) => entry.details)).toEqual([
      {
        holder_user_id: world.member.id,
        old_spending_limit: 0,
        new_spending_limit: 12_000,
        delta: 12_000,
        description: 'Travel budget',
      },
      {
        holder_user_id: world.member.id,
        old_spending_limit: 12_000,
        new_spending_limit: 5_000,
        delta: -7_000,
        description: 'Less',
      },
    ]);
    expect(fundings[1]).toMatchObject({ user_agent: AGENT, subject_id: world.card.id });
    expect(fundings[1]!.ip).toBeTruthy();

    const topup = await admin.post(
      '/api/topups',
      { amount: 7_500, description: 'March budget' },
      { ...withAgent, 'idempotency-key': 'topup-audit-0001' },
    );
    expect(topup.statusCode, topup.body).toBe(201);
    expect(
      (
        await admin.post(
          '/api/topups',
          { amount: 7_500, description: 'March budget' },
          { 'idempotency-key': 'topup-audit-0001' },
        )
      ).statusCode,
    ).toBe(201);
    const topups = await entries(admin, 'topup.created');
    expect(topups).toHaveLength(2);
    expect(topups[1]).toMatchObject({
      subject_type: 'topup',
      subject_id: topup.json().data.id,
      subject_label: 'March budget',
      details: { amount: 7_500, description: 'March budget' },
      user_agent: AGENT,
    });

    // Setting the status it already has changes nothing and records nothing.
    expect((await admin.put(`/api/cards/${world.card.id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect(await entries(admin, 'card.status_changed')).toHaveLength(1);
  });

  it('cards.funded_many: one entry per Fund Card(s) call with the cards, the amount and the total; a retry or a refusal records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 50_000 });
    const admin = world.adminClient;
    const second = await createCard(admin, world.member.id);
    const body = { card_ids: [second.id, world.card.id], amount: 2_000, description: 'Team offsite' };
    const funded = await admin.post('/api/cards/fund', body, { ...withAgent, 'idempotency-key': 'key-audit-many-01' });
    expect(funded.statusCode, funded.body).toBe(200);
    expect((await admin.post('/api/cards/fund', body, { 'idempotency-key': 'key-audit-many-01' })).statusCode).toBe(
      200,
    );
    const many = await entries(admin, 'cards.funded_many');
    expect(many).toHaveLength(1);
    expect(many[0]).toMatchObject({
      actor_kind: 'user',
      actor_user_id: world.admin.id,
      subject_type: 'cards',
      subject_id: null,
      subject_label: '2 cards',
      user_agent: AGENT,
      details: {
        card_ids: [world.card.id, second.id].sort((a, b) => a - b),
        count: 2,
        amount: 2_000,
        total: 4_000,
        description: 'Team offsite',
      },
    });
    expect(many[0]!.ip).toBeTruthy();
    await recordsNothing(admin, async () => {
      expect((await admin.post('/api/cards/fund', { ...body, amount: 40_000 })).statusCode).toBe(409); // more than the organisation holds
      expect((await admin.post('/api/cards/fund', { ...body, card_ids: [] })).statusCode).toBe(422);
      expect((await world.memberClient.post('/api/cards/fund', body)).statusCode).toBe(403);
    });
  });

  it('a refused card change (409, 422, 403) records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 1_000 });
    const admin = world.adminClient;
    await recordsNothing(admin, async () => {
      expect((await putBalance(admin, world.card.id, 5_000)).statusCode).toBe(409); // more than the organisation holds
      expect((await putBalance(admin, world.card.id, -1)).statusCode).toBe(422);
      expect(
        (await world.memberClient.put(`/api/cards/${world.card.id}/status`, { status: 'inactive' })).statusCode,
      ).toBe(403);
      expect((await admin.post('/api/topups', { amount: 0, description: 'Nothing' })).statusCode).toBe(422);
    });
    // A holder who has not accepted the terms: activating is a 409 and leaves no entry.
    const late = await addUser(ctx.db, world.organization.id, 'wallet-user', { first_name: 'Lee', last_name: 'Late' });
    await setUserCreatedAt(ctx.db, late.id, new Date());
    const card = await createCard(admin, late.id, {
      legal_first_name: 'Lee',
      legal_last_name: 'Late',
      cardholder_name: 'Lee Late',
    });
    await recordsNothing(admin, async () => {
      expect((await admin.put(`/api/cards/${card.id}/status`, { status: 'active' })).statusCode).toBe(409);
    });
  });

  it('card.controls_changed and card.details_changed: old and new values; the same again or a refusal records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const controls = {
      spending_limits: [{ amount: 30_000, interval: 'monthly' }],
      blocked_categories: ['drinking_places'],
    };
    const set = await admin.put(`/api/cards/${world.card.id}/spending-controls`, controls, withAgent);
    expect(set.statusCode, set.body).toBe(200);
    const [changed] = await entries(admin, 'card.controls_changed');
    expect(changed).toMatchObject({
      actor_kind: 'user',
      actor_user_id: world.admin.id,
      subject_type: 'card',
      subject_id: world.card.id,
      user_agent: AGENT,
      details: {
        holder_user_id: world.member.id,
        old_controls: { spending_limits: [], allowed_categories: [], blocked_categories: [] },
        new_controls: { ...controls, allowed_categories: [] },
      },
    });
    const renamed = await admin.patch(`/api/cards/${world.card.id}`, { nickname: 'Travel', purpose: null }, withAgent);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await entries(admin, 'card.details_changed')).map((entry) => entry.details)).toEqual([
      { holder_user_id: world.member.id, old: { nickname: null }, new: { nickname: 'Travel' } },
    ]);
    await recordsNothing(admin, async () => {
      expect((await admin.put(`/api/cards/${world.card.id}/spending-controls`, controls)).statusCode).toBe(200);
      expect((await admin.patch(`/api/cards/${world.card.id}`, { nickname: 'Travel' })).statusCode).toBe(200);
      expect((await admin.patch(`/api/cards/${world.card.id}`, { nickname: 'x'.repeat(61) })).statusCode).toBe(422);
      expect((await world.memberClient.put(`/api/cards/${world.card.id}/spending-controls`, controls)).statusCode).toBe(
        403,
      );
    });
  });

  it('card.allocation_expired: recorded as the system, with what returned, once', async () => {
    const world = await requestWorld(ctx, { funds: 5_000 });
    const admin = world.adminClient;
    const expiresOn = daysFromToday(2);
    expect((await admin.patch(`/api/cards/${world.card.id}`, { allocation_expires_on: expiresOn })).statusCode).toBe(
      200,
    );
    expect((await putBalance(admin, world.card.id, 1_500)).statusCode).toBe(200);
    await expireDueAllocations({ db: ctx.db, jobs: ctx.jobs }, expiresOn);
    await expireDueAllocations({ db: ctx.db, jobs: ctx.jobs }, expiresOn);
    const expired = await entries(admin, 'card.allocation_expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({
      actor_kind: 'system',
      actor_user_id: null,
      subject_type: 'card',
      subject_id: world.card.id,
      details: { holder_user_id: world.member.id, expired_on: expiresOn, returned: 1_500, new_spending_limit: 0 },
    });
  });
});

describe('users', () => {
  it('user.roles_changed from PUT /api/users/{id}/roles and PUT /api/users/{id} with a role; unchanged or refused records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const person = await addUser(ctx.db, world.organization.id, 'wallet-user', {
      first_name: 'Rae',
      last_name: 'Role',
    });

    expect(
      (await admin.put(`/api/users/${person.id}/roles`, { roles: ['wallet-finance'] }, withAgent)).statusCode,
    ).toBe(200);
    expect((await admin.put(`/api/users/${person.id}/roles`, { roles: ['wallet-finance'] })).statusCode).toBe(200);
    const profile = { first_name: 'Rae', last_name: 'Role', email: person.email, role: 'wallet-admin' };
    expect((await admin.put(`/api/users/${person.id}`, profile)).statusCode).toBe(200);
    const changes = await entries(admin, 'user.roles_changed');
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      subject_type: 'user',
      subject_id: person.id,
      subject_label: 'Rae Role',
      details: { old_roles: ['wallet-user'], new_roles: ['wallet-finance'] },
      user_agent: AGENT,
    });
    expect(changes[1]!.details).toEqual({ old_roles: ['wallet-finance'], new_roles: ['wallet-admin'] });

    await recordsNothing(admin, async () => {
      expect((await admin.put(`/api/users/${world.admin.id}/roles`, { roles: ['wallet-user'] })).statusCode).toBe(409); // the last super-admin
      expect((await admin.put(`/api/users/${person.id}/roles`, { roles: ['super-admin'] })).statusCode).toBe(422);
      expect(
        (await world.memberClient.put(`/api/users/${person.id}/roles`, { roles: ['wallet-user'] })).statusCode,
      ).toBe(403);
      // A profile edit without a role is not a role change.
      expect(
        (await admin.put(`/api/users/${person.id}`, { first_name: 'Ray', last_name: 'Role', email: person.email }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('user.invited for a new user and for an existing person; a taken email or a second invitation records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const email = uniqueEmail('new');
    const created = await admin.post(
      '/api/users',
      { first_name: 'Nia', last_name: 'New', email, role: 'wallet-user' },
      withAgent,
    );
    expect(created.statusCode, created.body).toBe(201);
    const person = await createPersonWithoutRole(ctx.db, world.organization.id, {
      email: uniqueEmail('giver'),
      first_name: 'Gil',
      last_name: 'Giver',
    });
    expect((await admin.post(`/api/users/${person.id}/invitations`, { role: 'wallet-finance' })).statusCode).toBe(201);

    const invited = await entries(admin, 'user.invited');
    expect(invited.map((entry) => [entry.subject_id, entry.subject_label, entry.details])).toEqual([
      [created.json().data.id, 'Nia New', { roles: ['wallet-user'], new_user: true }],
      [person.id, 'Gil Giver', { roles: ['wallet-finance'], new_user: false }],
    ]);
    expect(invited[0]).toMatchObject({ actor_user_id: world.admin.id, user_agent: AGENT });

    await recordsNothing(admin, async () => {
      expect(
        (await admin.post('/api/users', { first_name: 'Nia', last_name: 'Again', email, role: 'wallet-user' }))
          .statusCode,
      ).toBe(422);
      expect((await admin.post(`/api/users/${world.member.id}/invitations`, { role: 'wallet-user' })).statusCode).toBe(
        409,
      );
      expect(
        (
          await world.memberClient.post('/api/users', {
            first_name: 'X',
            last_name: 'Y',
            email: uniqueEmail(),
            role: 'wallet-user',
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});

describe('purchase requests', () => {
  it('purchase_request.approval_decided for each step (in the app and by mail link), with the funding on the last', async () => {
    const world = await requestWorld(ctx);
    const request = await fileRequest(world, { amount: 4_200 });
    const [firstStep, secondStep] = request.approvals as Array<{
      id: number;
      approver_id: number;
      approved: string;
      position?: number;
    }>;
    expect((await decide(world.firstClient, request.id, firstStep!.id, 'approved', 'Fine by me')).statusCode).toBe(200);
    // The second approver answers from the mail.
    const mail = (await mailsOf(ctx, world.organization.id, 'approval_needed')).find(
      (message) => message.to_email === world.second.email,
    );
    const link = await ctx.client(world.host).get(linkIn(mail!.text_body, 'Approve'), withAgent);
    expect(link.statusCode).toBe(302);
    expect((await requestAsAdmin(world, request.id)).approved_path).toBe('approved');

    const decided = await entries(world.adminClient, 'purchase_request.approval_decided');
    expect(decided.map((entry) => [entry.actor_user_id, entry.subject_id, entry.details])).toEqual([
      [
        world.first.id,
        request.id,
        {
          status: 'approved',
          position: firstStep!.position,
          notes: 'Fine by me',
          requester_user_id: world.member.id,
          amount: 4_200,
          funded: 0,
        },
      ],
      [
        world.second.id,
        request.id,
        {
          status: 'approved',
          position: secondStep!.position,
          notes: null,
          requester_user_id: world.member.id,
          amount: 4_200,
          funded: 4_200,
        },
      ],
    ]);
    expect(decided[1]!.user_agent).toBe(AGENT);
    expect(decided[0]!.subject_label).toBe(`#${request.id} Conference tickets`);
  });

  it('purchase_request.force_decided; an approval the organisation cannot fund (409) or a refused decision records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 1_000 });
    const tooBig = await fileRequest(world, { amount: 5_000 });
    await recordsNothing(world.adminClient, async () => {
      expect((await force(world.adminClient, tooBig.id, 'approved')).statusCode).toBe(409);
      expect((await decide(world.secondClient, tooBig.id, tooBig.approvals[1]!.id, 'approved')).statusCode).toBe(409); // not their turn
      expect((await decide(world.firstClient, tooBig.id, tooBig.approvals[0]!.id, 'maybe')).statusCode).toBe(422);
      expect(
        (
          await world.memberClient.put(`/api/purchase-requests/${tooBig.id}/finance-approval`, {
            approving: true,
            status: 'approved',
          })
        ).statusCode,
      ).toBe(403);
    });
    expect((await force(world.adminClient, tooBig.id, 'rejected')).statusCode).toBe(200);
    const small = await fileRequest(world, { amount: 800 });
    expect((await force(world.adminClient, small.id, 'approved')).statusCode).toBe(200);
    await recordsNothing(world.adminClient, async () => {
      expect((await force(world.adminClient, small.id, 'rejected')).statusCode).toBe(409); // already decided
    });
    const forced = await entries(world.adminClient, 'purchase_request.force_decided');
    expect(forced.map((entry) => [entry.actor_user_id, entry.subject_id, entry.details])).toEqual([
      [world.admin.id, tooBig.id, { status: 'rejected', requester_user_id: world.member.id, amount: 5_000, funded: 0 }],
      [world.admin.id, small.id, { status: 'approved', requester_user_id: world.member.id, amount: 800, funded: 800 }],
    ]);
  });
});

describe('recurring requests', () => {
  async function approvedRecurring(world: RequestWorld, amount: number) {
    const request = await fileRequest(world, { amount, interval: 'monthly', start_date: daysFromToday(1) });
    expect((await force(world.adminClient, request.id, 'approved')).statusCode).toBe(200);
    return {
      requestId: request.id,
      recurringId: (await requestAsAdmin(world, request.id)).recurring_purchase_request!.id,
    };
  }

  it('recurring.paused, recurring.unpaused and recurring.deleted by people; a system pause is recorded as the system', async () => {
    const world = await requestWorld(ctx, { funds: 15_000 });
    const { requestId, recurringId } = await approvedRecurring(world, 10_000);
    const admin = world.adminClient;
    expect(
      (await admin.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: true }, withAgent)).statusCode,
    ).toBe(200);
    expect((await admin.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: true })).statusCode).toBe(
      200,
    ); // no change
    expect((await admin.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: false })).statusCode).toBe(
      200,
    );
    const toggles = await entries(admin, 'recurring.paused', 'recurring.unpaused');
    expect(toggles.map((entry) => [entry.action, entry.actor_user_id, entry.subject_type, entry.subject_id])).toEqual([
      ['recurring.paused', world.admin.id, 'recurring_purchase_request', recurringId],
      ['recurring.unpaused', world.admin.id, 'recurring_purchase_request', recurringId],
    ]);
    expect(toggles[0]).toMatchObject({
      details: { paused_by: 'admin' },
      subject_label: `Request #${requestId} (monthly)`,
      user_agent: AGENT,
    });
    expect(toggles[1]!.details).toMatchObject({ was_paused_by: 'admin' });

    // The schedule can't cover the next period: the system pauses it, and says so as the system.
    await ctx.db
      .updateTable('recurring_purchase_requests')
      .set({ status: 'inactive' })
      .where('org_id', '!=', world.organization.id)
      .execute();
    expect((await runDueFundings(ctx.deps, addDays(daysFromToday(1), 30))).failed).toBe(1);
    const [system] = await entries(admin, 'recurring.paused').then((rows) => rows.slice(1));
    expect(system).toMatchObject({
      actor_kind: 'system',
      actor_user_id: null,
      ip: null,
      user_agent: null,
      subject_id: recurringId,
      details: { paused_by: 'system' },
    });
    expect(String(system!.details.reason)).not.toBe('');

    await recordsNothing(admin, async () => {
      expect(
        (await world.memberClient.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: false }))
          .statusCode,
      ).toBe(403);
      expect(
        (await admin.put(`/api/recurring-purchase-requests/${recurringId}`, { is_paused: 'sometimes' })).statusCode,
      ).toBe(422);
    });
    // The requester deletes their own recurring request: recorded with them as the actor.
    expect((await world.memberClient.delete(`/api/recurring-purchase-requests/${recurringId}`)).statusCode).toBe(204);
    expect(await entries(admin, 'recurring.deleted')).toMatchObject([
      {
        actor_user_id: world.member.id,
        subject_id: recurringId,
        details: { purchase_request_id: requestId, interval: 'monthly', status: 'active' },
      },
    ]);
  });
});

describe('teams and categories', () => {
  it('team.approval_path_changed with old and new approvers (also when removing an approver from the team); unchanged or refused records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const url = `/api/teams/${world.team.id}`;
    expect((await admin.put(url, { approval_path: [world.second.id, world.first.id] }, withAgent)).statusCode).toBe(
      200,
    );
    expect((await admin.put(url, { approval_path: [world.second.id, world.first.id] })).statusCode).toBe(200);
    expect((await admin.put(url, { name: 'Operations' })).statusCode).toBe(200);
    await recordsNothing(admin, async () => {
      const person = await createPersonWithoutRole(ctx.db, world.organization.id, {
        email: uniqueEmail(),
        first_name: 'No',
        last_name: 'Role',
      });
      expect((await admin.put(url, { approval_path: [person.id] })).statusCode).toBe(422);
      expect((await admin.put(url, { approval_path: [world.first.id, world.first.id] })).statusCode).toBe(422);
      expect((await world.memberClient.put(url, { approval_path: [] })).statusCode).toBe(403);
    });
    expect((await admin.post(`/api/teams/${world.team.id}/users`, { users: [world.first.id] })).statusCode).toBe(200);
    expect((await admin.delete(`/api/teams/${world.team.id}/users/${world.first.id}`)).statusCode).toBe(204);

    const changes = await entries(admin, 'team.approval_path_changed');
    const first = { id: world.first.id, name: 'Fay First' };
    const second = { id: world.second.id, name: 'Sam Second' };
    expect(changes.map((entry) => [entry.subject_id, entry.details])).toEqual([
      [world.team.id, { old_path: [first, second], new_path: [second, first] }],
      [world.team.id, { old_path: [second, first], new_path: [second] }],
    ]);
    expect(changes[0]).toMatchObject({ subject_type: 'team', subject_label: 'Ops', user_agent: AGENT });
    expect(changes[1]!.subject_label).toBe('Operations');
  });

  it('wallet_category.created, renamed and gl_code_changed; a taken name or the same code records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const created = await admin.post('/api/wallet-categories', { name: 'Hardware' }, withAgent);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await admin.put(`/api/wallet-categories/${id}`, { name: 'Devices' })).statusCode).toBe(200);
    const coded = await admin.put(`/api/wallet-categories/${id}`, { name: 'Devices', gl_code: '6100' });
    expect(coded.statusCode, coded.body).toBe(200);
    await recordsNothing(admin, async () => {
      expect((await admin.put(`/api/wallet-categories/${id}`, { name: 'Devices', gl_code: '=1+1' })).statusCode).toBe(
        422,
      );
      expect((await admin.put(`/api/wallet-categories/${id}`, { name: 'Devices', gl_code: '6100' })).statusCode).toBe(
        200,
      );
      expect((await admin.post('/api/wallet-categories', { name: 'devices' })).statusCode).toBe(422);
      expect((await admin.put(`/api/wallet-categories/${id}`, { name: 'Travel' })).statusCode).toBe(422);
      expect((await admin.put('/api/wallet-categories/999999', { name: 'Elsewhere' })).statusCode).toBe(404);
      expect((await world.memberClient.post('/api/wallet-categories', { name: 'Mine' })).statusCode).toBe(403);
    });
    expect(
      (
        await entries(admin, 'wallet_category.created', 'wallet_category.renamed', 'wallet_category.gl_code_changed')
      ).map((entry) => [entry.action, entry.subject_id, entry.subject_label, entry.details]),
    ).toEqual([
      ['wallet_category.created', id, 'Hardware', { name: 'Hardware' }],
      ['wallet_category.renamed', id, 'Devices', { old_name: 'Hardware', new_name: 'Devices' }],
      ['wallet_category.gl_code_changed', id, 'Devices', { old_gl_code: null, new_gl_code: '6100' }],
    ]);
  });

  it('card_settings.updated with what changed, from and to; the same settings again and a 422 record nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const saved = await admin.put('/api/card-settings', { default_type: 'physical' }, withAgent);
    expect(saved.statusCode, saved.body).toBe(200);
    await recordsNothing(admin, async () => {
      expect((await admin.put('/api/card-settings', { default_type: 'physical' })).statusCode).toBe(200);
      expect((await admin.put('/api/card-settings', { org_funds_low_threshold: 0 })).statusCode).toBe(422);
      expect((await world.memberClient.put('/api/card-settings', {})).statusCode).toBe(403);
    });
    const [entry] = await entries(admin, 'card_settings.updated');
    expect(entry).toMatchObject({
      action: 'card_settings.updated',
      actor_kind: 'user',
      subject_type: 'card_settings',
      subject_label: 'Card Settings',
      user_agent: AGENT,
      details: { default_type: { from: 'virtual', to: 'physical' } },
    });
  });
});

describe('month close', () => {
  it('month.closed and month.reopened: the month named, once each; a refused close or reopen records nothing', async () => {
    const world = await requestWorld(ctx, { funds: 0 });
    const admin = world.adminClient;
    const closed = await world.firstClient.post('/api/month-closes', { month: '2025-02' }, withAgent);
    expect(closed.statusCode, closed.body).toBe(201);
    await recordsNothing(admin, async () => {
      expect((await admin.post('/api/month-closes', { month: '2025-02' })).statusCode).toBe(409);
      expect((await admin.post('/api/month-closes', { month: '2999-01' })).statusCode).toBe(422);
      expect((await world.firstClient.delete('/api/month-closes/2025-02')).statusCode).toBe(403);
      expect((await admin.delete('/api/month-closes/2025-03')).statusCode).toBe(404);
    });
    expect((await admin.delete('/api/month-closes/2025-02', withAgent)).statusCode).toBe(200);
    const [close] = await entries(admin, 'month.closed');
    expect(close).toMatchObject({
      action: 'month.closed',
      actor_kind: 'user',
      actor_user_id: world.first.id,
      subject_type: 'month',
      subject_id: null,
      subject_label: 'February 2025',
      user_agent: AGENT,
      details: { month: '2025-02' },
    });
    const [reopen] = await entries(admin, 'month.reopened');
    expect(reopen).toMatchObject({
      action: 'month.reopened',
      actor_user_id: world.admin.id,
      subject_type: 'month',
      subject_label: 'February 2025',
      user_agent: AGENT,
      details: { month: '2025-02', closed_by: world.first.id },
    });
  });
});
