import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TestContext } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../../test/card-factories.js';
import { simulatePurchase, simulateRefund } from '../simulator/service.js';
import { categoriesOf, renameWalletCategory } from '../wallet-categories/service.js';

/** Shared by the analytics and transactions test files (not a test file itself). */

/** Unix seconds of an ISO instant written in UTC, e.g. '2025-01-31T23:59:59Z'. */
export const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export type Row = { date: string; amount: number };
export const amounts = (rows: Row[]) => rows.map((row) => row.amount);
export const dates = (rows: Row[]) => rows.map((row) => row.date);

/**
 * Ledger entries are append-only; tests move them back in time with the table's triggers off for one transaction
 * (only the test's own database is touched).
 */
export async function backdateEntries(
  db: Db,
  where: { reference?: string; kind?: string; cardId?: number },
  iso: string,
) {
  await db.transaction().execute(async (tx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(tx);
    await sql`
      UPDATE journal_entries SET created_at = ${iso}::timestamptz
      WHERE true ${where.reference ? sql`AND reference = ${where.reference}` : sql``}
        ${where.kind ? sql`AND kind = ${where.kind}` : sql``} ${where.cardId ? sql`AND card_id = ${where.cardId}` : sql``}`.execute(
      tx,
    );
  });
}

export interface SpendWorld {
  host: string;
  orgId: number;
  admin: TestClient;
  mia: { id: number; client: TestClient; cardId: number };
  ned: { id: number; client: TestClient; cardId: number };
  team: { id: number; name: string };
  categories: Map<string, number>;
}

const restaurant = (name: string) => ({
  name,
  category: 'eating_places_restaurants',
  category_code: '5812',
  city: 'Oakland',
  state: 'CA',
  country: 'US',
});
const airline = (name: string) => ({
  name,
  category: 'airlines_air_carriers',
  category_code: '3058',
  city: 'Atlanta',
  state: 'GA',
  country: 'US',
});
const oddity = (name: string) => ({
  name,
  category: 'antique_shops',
  category_code: '5932',
  city: 'Boston',
  state: 'MA',
  country: 'US',
});

/**
 * One organisation whose spending is known to the cent (UTC):
 *   2025-01-31 23:59:59  Mia   1,000  Meals  (the last second of January)
 *   2025-02-01 00:00:00  Mia   2,000  Travel (the first second of February)
 *   2025-02-01 12:00:00  Ned     500  Uncategorized, no team
 *   2025-02-03 08:00:00  Mia   3,000  Meals
 *   2025-03-15 10:00:00  Mia    -250  Meals  (a refund of the 3,000)
 *   2025-04-30 23:59:59  Ned   4,000  Travel
 *   (nothing in May)
 *   2025-06-01 00:00:00  Mia     700  Meals
 * Mia is in team Alpha, Ned in none; 'Other' is renamed so Ned's antique shop has no category.
 */
export async function spendWorld(ctx: TestContext): Promise<SpendWorld> {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const orgId = organization.id;
  const miaUser = await makeUser(ctx.db, orgId, 'wallet-user', { first_name: 'Mia', last_name: 'Member' });
  const nedUser = await makeUser(ctx.db, orgId, 'wallet-user', { first_name: 'Ned', last_name: 'Nobody' });
  await acceptTermsInDb(ctx.db, miaUser.id);
  await acceptTermsInDb(ctx.db, nedUser.id);
  const adminClient = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  const teamResponse = await adminClient.post('/api/teams', {
    name: 'Alpha',
    color: '#1677FF',
    team: { users: [miaUser.id] },
    approval_path: [],
  });
  if (teamResponse.statusCode !== 201) throw new Error(teamResponse.body);
  const other = (await categoriesOf(ctx.db, orgId)).find((category) => category.name === 'Other');
  if (other) await renameWalletCategory(ctx.db, orgId, other.id, 'Miscellaneous');
  await topUp(adminClient, 1_000_000);
  const issue = async (userId: number, funding: number) => {
    const card = await createCard(adminClient, userId);
    await fundCard(adminClient, card.id, funding);
    await activateCard(adminClient, card.id);
    return ctx.db.selectFrom('cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
  };
  const miaCard = await issue(miaUser.id, 100_000);
  const nedCard = await issue(nedUser.id, 20_000);
  const buy = (
    card: typeof miaCard,
    amount: number,
    merchant: ReturnType<typeof restaurant>,
    iso: string,
    wallet: 'apple_pay' | 'google_pay' | null = null,
  ) => simulatePurchase(ctx.db, card, { amount, merchant, wallet, capture: 'now', at: at(iso) });
  await buy(miaCard, 1_000, restaurant('Blue Bottle Coffee'), '2025-01-31T23:59:59Z', 'apple_pay');
  await buy(miaCard, 2_000, airline('Delta Air Lines'), '2025-02-01T00:00:00Z');
  await buy(nedCard, 500, oddity('Old Curiosity Shop'), '2025-02-01T12:00:00Z', 'google_pay');
  const dinner = await buy(miaCard, 3_000, restaurant('Sweetgreen'), '2025-02-03T08:00:00Z');
  await simulateRefund(ctx.db, orgId, dinner.authorization_id, 250, at('2025-03-15T10:00:00Z'));
  await buy(nedCard, 4_000, airline('United Airlines'), '2025-04-30T23:59:59Z');
  await buy(miaCard, 700, restaurant('Blue Bottle Coffee'), '2025-06-01T00:00:00Z');
  const [miaClient, nedClient] = await Promise.all([
    ctx.client(host).signIn(miaUser.email, TEST_PASSWORD),
    ctx.client(host).signIn(nedUser.email, TEST_PASSWORD),
  ]);
  return {
    host,
    orgId,
    admin: adminClient,
    mia: { id: miaUser.id, client: miaClient, cardId: miaCard.id },
    ned: { id: nedUser.id, client: nedClient, cardId: nedCard.id },
    team: teamResponse.json().data,
    categories: new Map((await categoriesOf(ctx.db, orgId)).map((category) => [category.name, category.id])),
  };
}

/** Another organisation with one purchase in February 2025, which must never show in the first one's figures. */
export async function otherOrganisation(ctx: TestContext) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const holder = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Olga', last_name: 'Other' });
  await acceptTermsInDb(ctx.db, holder.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 500_000);
  const card = await createCard(client, holder.id);
  await fundCard(client, card.id, 200_000);
  await activateCard(client, card.id);
  const row = await ctx.db.selectFrom('cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
  await simulatePurchase(ctx.db, row, {
    amount: 99_999,
    merchant: restaurant('Elsewhere Diner'),
    wallet: null,
    capture: 'now',
    at: at('2025-02-01T12:00:00Z'),
  });
  return { client, holderId: holder.id, cardId: card.id, host };
}
