import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { createCard, waitForIssuerSync } from '../../test/card-factories.js';
import type { TestClient } from '../../test/client.js';

/**
 * The cards list reads each card's cardholder id, issuer sync state and holder in its page's statement (issue 19.9);
 * the card's own answer reads them apart. Both must say the same: synced, syncing while a command waits, failed with
 * the newest refusal; the holder's name, email and avatar URL (its version from updated_at, microseconds and all).
 */
const ctx = useTestApp();

let admin: TestClient;
let orgId: number;
let memberId: number;
beforeAll(async () => {
  const { organization, admin: adminUser, host } = await makeOrganization(ctx.db);
  orgId = organization.id;
  memberId = (await makeUser(ctx.db, orgId, 'wallet-user')).id;
  admin = await ctx.client(host).signIn(adminUser.email, TEST_PASSWORD);
});

/** An unsent issuer command, waiting (failedAt null) or refused; the sweep leaves fresh ones to their job. */
const addCommand = (cardId: number, failed: { error: string } | null) =>
  ctx.db
    .insertInto('issuer_commands')
    .values({
      org_id: orgId,
      card_id: cardId,
      kind: 'card_status',
      failed_at: failed ? new Date() : null,
      last_error: failed?.error ?? null,
    })
    .execute();

describe('GET /api/cards', () => {
  it("answers each card's cardholder id, issuer sync and holder as the card's own answer does", async () => {
    const synced = await createCard(admin, memberId);
    const failed = await createCard(admin, memberId);
    const syncing = await createCard(admin, memberId);
    for (const card of [synced, failed, syncing]) await waitForIssuerSync(ctx.db, card.id);
    await addCommand(failed.id, { error: 'older refusal' });
    await addCommand(failed.id, { error: 'newest refusal' });
    await addCommand(syncing.id, { error: 'a refusal before' });
    await addCommand(syncing.id, null);

    await ctx.db
      .updateTable('users')
      .set({ avatar_path: 'avatars/member.png', updated_at: new Date('2026-05-04T03:02:01.123Z') })
      .where('id', '=', memberId)
      .execute();
    // A timestamp PostgreSQL keeps to the microsecond, as now() writes it; the URL's version is in milliseconds.
    await ctx.db
      .updateTable('users')
      .set({ updated_at: sql<Date>`updated_at + interval '456 microseconds'` })
      .where('id', '=', memberId)
      .execute();

    const listed = (await admin.get(`/api/cards?filter[user_id]=${memberId}&include=user`)).json().data as Array<{
      id: number;
      issuer_sync: unknown;
      stripe_cardholder_id: string;
    }>;
    const byId = new Map(listed.map((card) => [card.id, card]));
    expect(byId.get(synced.id)?.issuer_sync).toEqual({ state: 'synced', error: null });
    expect(byId.get(failed.id)?.issuer_sync).toEqual({ state: 'failed', error: 'newest refusal' });
    expect(byId.get(syncing.id)?.issuer_sync).toEqual({ state: 'syncing', error: null });
    for (const card of [synced, failed, syncing]) {
      // A card's own answer adds its limits' use (spending_usage), which lists leave out.
      const { spending_usage: usage, ...own } = (await admin.get(`/api/cards/${card.id}?include=user`)).json().data;
      expect(usage).toEqual([]);
      expect(byId.get(card.id)).toEqual(own);
      expect(own.stripe_cardholder_id).not.toBe('');
      expect(own.user.avatar_url).toBe(`/users/${memberId}/avatar?v=${Date.parse('2026-05-04T03:02:01.123Z')}`);
    }
  });
});
