import type { Db } from '../db/database.js';
import type { IssuingProvider } from '../issuing/provider.js';
import { listCards, type CardRow } from '../modules/cards/service.js';
import { MERCHANTS, WALLETS } from '../modules/simulator/service.js';
import { simulatePurchase, simulateRefund } from '../modules/simulator/service.js';

const DAY = 24 * 60 * 60;

/** A small deterministic generator, so every fresh demo has the same history. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** Typical ticket sizes per merchant category, in cents. */
function amountFor(category: string | null | undefined, random: ReturnType<typeof generator>): number {
  switch (category) {
    case 'airlines_air_carriers':
      return random.int(18_000, 62_000);
    case 'hotels_motels_and_resorts':
      return random.int(14_000, 48_000);
    case 'advertising_services':
      return random.int(5_000, 35_000);
    case 'computer_network_services':
      return random.int(2_000, 25_000);
    case 'computer_software_stores':
      return random.int(1_200, 9_900);
    case 'taxicabs_limousines':
      return random.int(1_100, 6_500);
    case 'eating_places_restaurants':
      return random.int(600, 9_500);
    default:
      return random.int(1_500, 12_000);
  }
}

/**
 * Twelve months of card activity through the simulator's own code path: purchases across merchants and
 * wallets, refunds, declines, and a few holds still pending. Skipped when the cards already have activity.
 */
export async function seedDemoHistory(deps: { db: Db; issuer: IssuingProvider }, orgId: number): Promise<void> {
  const { db } = deps;
  const { rows: cards } = await listCards(
    db,
    orgId,
    {},
    [{ column: 'created_at', direction: 'asc' }],
    { number: 1, size: 50 },
    async () => [],
  );
  if (cards.some((card) => card.last_used_at)) return;
  const random = generator(20_260_101);
  const now = Math.floor(Date.now() / 1000);
  const active = cards.filter((card) => card.status === 'active');

  const buy = async (card: CardRow, at: number, capture: 'now' | 'later') => {
    const merchant = random.pick(MERCHANTS);
    const wallet = random.next() < 0.35 ? random.pick(WALLETS) : null;
    return simulatePurchase(db, card, { amount: amountFor(merchant.category, random), merchant, wallet, capture, at });
  };

  for (let daysAgo = 360; daysAgo >= 2; daysAgo -= random.int(2, 5)) {
    for (const card of active) {
      if (random.next() < 0.45) continue;
      const at = now - daysAgo * DAY + random.int(8 * 3600, 20 * 3600);
      const result = await buy(card, at, 'now');
      if (result.approved && random.next() < 0.06) {
        await simulateRefund(db, orgId, result.authorization_id, random.int(500, 2_000), at + random.int(1, 6) * DAY);
      }
    }
  }
  // A few purchases still pending, and a few declines (an inactive card, more than is left).
  for (const card of active.slice(0, 2)) await buy(card, now - random.int(1, 20) * 3600, 'later');
  const inactive = cards.find((card) => card.status === 'inactive');
  if (inactive) await buy(inactive, now - 3 * 3600, 'now');
  const smallest = active[active.length - 1];
  if (smallest) {
    const fresh = (await listCards(db, orgId, {}, [], { number: 1, size: 50 }, async () => [])).rows.find(
      (row) => row.id === smallest.id,
    )!;
    await simulatePurchase(db, fresh, {
      amount: Math.max(fresh.spending_limit - fresh.holds_amount, 0) + 50_000,
      merchant: MERCHANTS[0]!,
      wallet: null,
      capture: 'now',
      at: now - 2 * 3600,
    });
  }
}
