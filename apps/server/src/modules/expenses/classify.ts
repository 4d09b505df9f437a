import type { DbOrTx } from '../../db/database.js';
import type { MerchantData } from '../authorizations/service.js';
import { teamsOfUsers } from '../teams/service.js';
import { categoriesOf } from '../wallet-categories/service.js';

/** Merchant categories (the card networks' codes, as Stripe names them) to the default wallet categories. */
const CATEGORY_BY_MERCHANT: Array<[RegExp, string]> = [
  [/airline|air_carrier|hotel|motel|resort|taxi|limousine|car_rental|railroad|travel|bus_lines|parking/, 'Travel'],
  [/software|computer|network|digital_goods|cable|telecommunication/, 'Software'],
  [/eating|restaurant|fast_food|caterer|bakeries|drinking|grocery/, 'Meals'],
  [/stationery|office|furniture|hardware|electronics/, 'Office'],
  [/advertising|marketing|printing|direct_marketing/, 'Marketing'],
];

/**
 * What a posted transaction counts towards in reports: the holder's (first) team, and the wallet category its
 * merchant falls in ("Other" when none fits; none at all if the organisation removed its categories).
 */
export async function classifyExpense(
  db: DbOrTx,
  orgId: number,
  userId: number,
  merchant: MerchantData,
): Promise<{ teamId: number | null; categoryId: number | null }> {
  const [teams, categories] = await Promise.all([teamsOfUsers(db, orgId, [userId]), categoriesOf(db, orgId)]);
  const merchantCategory = (merchant.category ?? '').toLowerCase();
  const name = CATEGORY_BY_MERCHANT.find(([pattern]) => pattern.test(merchantCategory))?.[1] ?? 'Other';
  const category = categories.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
  return { teamId: teams.get(userId)?.[0]?.id ?? null, categoryId: category?.id ?? null };
}
