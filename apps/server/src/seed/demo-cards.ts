import { NO_SPENDING_CONTROLS, spendingControlsSchema, type SpendingControlsInput } from '@wallet/contract';
import {
  createCard,
  fundCard,
  listCards,
  setCardStatus,
  setSpendingControls,
  type CardsDeps,
} from '../modules/cards/service.js';
import { addFunds } from '../modules/funding/service.js';
import { findUserByEmail, setTermsAccepted } from '../modules/users/service.js';

const BILLING = {
  'member@demo.test': {
    line1: '410 Market Street',
    line2: 'Suite 200',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94111',
  },
  'sam@demo.test': { line1: '77 Lake Shore Drive', line2: null, city: 'Chicago', state: 'IL', postal_code: '60611' },
  'priya@demo.test': { line1: '12 Congress Avenue', line2: null, city: 'Austin', state: 'TX', postal_code: '78701' },
} as const;

type Holder = keyof typeof BILLING;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** Cards of the demo organisation: what each holder gets, whether it is active, and its spending limit in cents. */
// Active cards start with a year's budget; the demo history (demo-history.ts) spends most of it.
// Each has a nickname and purpose (issue 20.4), and a few have controls (set after the history, seedDemoCardControls).
const DEMO_CARDS: Array<{
  holder: Holder;
  type: 'virtual' | 'physical';
  active: boolean;
  limit: number;
  nickname: string;
  purpose: string;
  merchantLock?: string;
  /** Days from the seed's day to the allocation's expiry. */
  expiresInDays?: number;
  controls?: SpendingControlsInput;
}> = [
  {
    holder: 'member@demo.test',
    type: 'virtual',
    active: true,
    limit: 2_600_000,
    nickname: 'Software & cloud',
    purpose: 'Cloud hosting, developer tools and software subscriptions',
    controls: {
      spending_limits: [
        { amount: 1_000_000, interval: 'monthly' },
        { amount: 250_000, interval: 'per_authorization' },
      ],
      blocked_categories: ['betting_casino_gambling', 'drinking_places'],
    },
  },
  {
    holder: 'member@demo.test',
    type: 'physical',
    active: true,
    limit: 2_200_000,
    nickname: 'Travel',
    purpose: 'Flights, hotels and ground transport for customer visits',
    controls: { spending_limits: [{ amount: 400_000, interval: 'weekly' }] },
  },
  {
    holder: 'sam@demo.test',
    type: 'virtual',
    active: true,
    limit: 2_400_000,
    nickname: 'Team meals',
    purpose: 'Team lunches and on-call dinners',
    controls: { spending_limits: [{ amount: 150_000, interval: 'daily' }] },
  },
  {
    holder: 'sam@demo.test',
    type: 'virtual',
    active: false,
    limit: 40_000,
    nickname: 'Offsite',
    purpose: 'Engineering offsite in the spring',
    expiresInDays: 45,
  },
  {
    holder: 'priya@demo.test',
    type: 'virtual',
    active: false,
    limit: 60_000,
    nickname: 'Ads',
    purpose: 'Search advertising for the product launch',
    merchantLock: 'Google',
  },
];

/** Days ago of the top-ups made during the year of history, one a quarter. */
const QUARTERLY_TOPUP_DAYS = [275, 184, 93, 12];

/** Terms accepted by every demo holder but Priya, so one card shows the terms warning. */
const TERMS_ACCEPTED: Holder[] = ['member@demo.test', 'sam@demo.test'];

/**
 * Money and cards for the demo organisation, through the same services the API uses: a top-up, cards issued,
 * funded and some activated. Runs once: skipped when the organisation already has cards.
 */
export async function seedDemoCards(deps: CardsDeps, orgId: number, adminId: number): Promise<void> {
  const { db } = deps;
  const existing = await listCards(db, orgId, {}, [], { number: 1, size: 1 }, async () => []);
  if (existing.total > 0) return;
  // Dated before the year of history (demo-history.ts) that spends it, so balance charts read as a real year.
  await addFunds(
    deps,
    orgId,
    adminId,
    { amount: 6_000_000, description: 'Initial funding from operating account' },
    'demo-seed-topup-1',
    undefined,
    daysAgo(370),
  );
  await addFunds(
    deps,
    orgId,
    adminId,
    { amount: 2_500_000, description: 'Quarterly budget top-up' },
    'demo-seed-topup-2',
    undefined,
    daysAgo(365),
  );
  // Then a top-up every quarter of the year, so funding shows beside spending in the charts and statements.
  for (const [quarter, days] of QUARTERLY_TOPUP_DAYS.entries()) {
    await addFunds(
      deps,
      orgId,
      adminId,
      { amount: 1_500_000, description: 'Quarterly budget top-up' },
      `demo-seed-topup-q${quarter + 1}`,
      undefined,
      daysAgo(days),
    );
  }

  for (const email of TERMS_ACCEPTED) {
    const user = (await findUserByEmail(db, orgId, email))!;
    await setTermsAccepted(db, orgId, user.id, {
      date: new Date(Date.now() - 90 * 24 * 60 * 60 * 1000),
      ip: '127.0.0.1',
      userAgent: 'Demo seed',
    });
  }

  for (const [index, spec] of DEMO_CARDS.entries()) {
    const holder = (await findUserByEmail(db, orgId, spec.holder))!;
    const billing = BILLING[spec.holder];
    const name = `${holder.first_name} ${holder.last_name}`;
    const card = await createCard(
      deps,
      orgId,
      {
        user_id: holder.id,
        type: spec.type,
        legal_first_name: holder.first_name,
        legal_last_name: holder.last_name,
        cardholder_name: name,
        billing: { ...billing, country: 'US' },
        shipping: spec.type === 'physical' ? { service: 'express', name, ...billing, country: 'US' } : null,
        // The year of history is bought without controls; they are set once it is there.
        spending_controls: NO_SPENDING_CONTROLS,
        nickname: spec.nickname,
        purpose: spec.purpose,
        merchant_lock: spec.merchantLock ?? null,
        allocation_expires_on: spec.expiresInDays
          ? new Date(Date.now() + spec.expiresInDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
          : null,
      },
      `demo-seed-card-${index}`,
    );
    await fundCard(
      deps,
      orgId,
      { id: adminId, roles: ['super-admin'] },
      card.id,
      { amount: spec.limit, description: 'Initial card budget' },
      `demo-seed-fund-${index}`,
      undefined,
      daysAgo(364),
    );
    if (spec.active) await setCardStatus(deps, orgId, card.id, 'active');
  }
}

/**
 * The demo cards' spending controls, set after the year of history (which they would otherwise have shaped): through
 * the service an admin's PUT /api/cards/{id}/spending-controls uses, so their windows count what the history spent.
 * Setting the same controls again changes nothing.
 */
export async function seedDemoCardControls(deps: CardsDeps, orgId: number): Promise<void> {
  const { rows: cards } = await listCards(
    deps.db,
    orgId,
    {},
    [{ column: 'created_at', direction: 'asc' }],
    { number: 1, size: 50 },
    async () => [],
  );
  for (const spec of DEMO_CARDS) {
    const card = cards.find((row) => row.nickname === spec.nickname);
    if (!card || !spec.controls) continue;
    await setSpendingControls(deps, orgId, card.id, spendingControlsSchema.parse(spec.controls));
  }
}
