import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARD_MESSAGES } from '@wallet/contract';
import type { TestClient } from '../../test/client.js';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import {
  availableFunds,
  cardAccountBalances,
  createCard,
  fundCard,
  ledgerCounts,
  putBalance,
  topUp,
} from '../../test/card-factories.js';
import { ledgerIntegrity, SOUND_LEDGER } from './service.js';

const ctx = useTestApp();

const CARDS = 3;

type Op =
  | { kind: 'topup'; amount: number }
  | { kind: 'fund'; card: number; amount: number }
  /** The client retries an earlier funding with its Idempotency-Key. */
  | { kind: 'retry'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  },
  // Limits go up and down, often past what is unallocated (those must be refused).
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      card: fc.integer({ min: 0, max: CARDS - 1 }),
      amount: fc.integer({ min: 0, max: 80_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
);

/** A fresh organisation with a signed-in admin and a member. */
async function freshOrg() {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  return { orgId: organization.id, client, member };
}

async function newCards(client: TestClient, userId: number) {
  const cards: number[] = [];
  for (let index = 0; index < CARDS; index++) cards.push((await createCard(client, userId)).id);
  return cards;
}

async function expectLedgerIntact(orgId: number) {
  expect(await ledgerIntegrity(ctx.db, orgId)).toEqual(SOUND_LEDGER);
  const accounts = await cardAccountBalances(ctx.db, orgId);
  const rows = await ctx.db.selectFrom('cards').select(['id', 'spending_limit']).where('org_id', '=', orgId).execute();
  for (const row of rows) expect(accounts.get(row.id), `card ${row.id}'s account`).toBe(row.spending_limit);
}

describe('ledger: random top-ups, fundings and defundings through the API', () => {
  let books: Awaited<ReturnType<typeof freshOrg>>;
  let sink: { id: number; limit: number };
  beforeAll(async () => {
    books = await freshOrg();
    sink = { id: (await createCard(books.client, books.member.id)).id, limit: 0 };
  });

  /** Each run starts with nothing unallocated (what earlier runs left goes to a sink card), so refusals stay common. */
  async function drain() {
    const available = await availableFunds(books.client);
    if (available > 0) sink.limit = (await fundCard(books.client, sink.id, sink.limit + available)).spending_limit;
  }

  it('keeps entries balanced, cached balances equal to their lines, card accounts equal to limits, and unallocated funds = top-ups - allocations >= 0', async () => {
    // Runs share one organisation (its history grows run after run); each run funds three new cards.
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const { orgId, client, member } = books;
        await drain();
        const cards = await newCards(client, member.id);
        const startAvailable = await availableFunds(client);
        expect(startAvailable).toBe(0);
        const startEntries = (await ledgerCounts(ctx.db, orgId)).entries;
        const limits = cards.map(() => 0);
        const unallocated = () => startAvailable + toppedUp - limits.reduce((sum, limit) => sum + limit, 0);
        let toppedUp = 0;
        let entries = 0;
        const fundings: Array<{ card: number; amount: number; key: string; recorded: boolean }> = [];

        const attemptFunding = async (card: number, amount: number, key: string) => {
          const response = await putBalance(client, cards[card]!, amount, 'Property funding', key);
          const delta = amount - limits[card]!;
          if (delta > unallocated()) {
            expect(response.statusCode).toBe(409);
            expect(response.json().message).toBe(CARD_MESSAGES.insufficientFunds);
            return false;
          }
          expect(response.statusCode).toBe(200);
          expect(response.json().data.spending_limit).toBe(amount);
          limits[card] = amount;
          if (delta !== 0) entries += 1;
          return delta !== 0;
        };

        for (const op of ops) {
          if (op.kind === 'topup') {
            await topUp(client, op.amount);
            toppedUp += op.amount;
            entries += 1;
          } else if (op.kind === 'fund') {
            const key = `prop-${randomUUID()}`;
            fundings.push({
              card: op.card,
              amount: op.amount,
              key,
              recorded: await attemptFunding(op.card, op.amount, key),
            });
          } else if (fundings.length > 0) {
            const earlier = fundings[op.pick % fundings.length]!;
            if (earlier.recorded) {
              // Already applied: the retry changes nothing, whatever happened since.
              const response = await putBalance(
                client,
                cards[earlier.card]!,
                earlier.amount,
                'Property funding',
                earlier.key,
              );
              expect(response.statusCode).toBe(200);
              expect(response.json().data.spending_limit).toBe(limits[earlier.card]);
            } else {
              // Refused or a no-op before: nothing was recorded, so the retry is a fresh attempt.
              earlier.recorded = await attemptFunding(earlier.card, earlier.amount, earlier.key);
            }
          }
          const available = await availableFunds(client);
          expect(available).toBe(unallocated());
          expect(available).toBeGreaterThanOrEqual(0);
        }

        await expectLedgerIntact(orgId);
        expect((await ledgerCounts(ctx.db, orgId)).entries - startEntries).toBe(entries);
        const rows = await ctx.db
          .selectFrom('cards')
          .select(['id', 'spending_limit'])
          .where('id', 'in', cards)
          .execute();
        for (const row of rows) expect(row.spending_limit).toBe(limits[cards.indexOf(row.id)]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('never overspends the organisation when fundings of different cards race', async () => {
    const { orgId, client, member } = await freshOrg();
    const cards = await newCards(client, member.id);
    await topUp(client, 10_000);
    const responses = await Promise.all(cards.map((card) => putBalance(client, card, 6_000)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await availableFunds(client)).toBe(4_000);
    await expectLedgerIntact(orgId);
  });

  it('records a retried funding once even when both copies arrive at the same time', async () => {
    const { orgId, client, member } = await freshOrg();
    const cards = await newCards(client, member.id);
    await topUp(client, 10_000);
    const before = await ledgerCounts(ctx.db, orgId);
    const responses = await Promise.all([
      putBalance(client, cards[0]!, 2_500, 'Twice', 'same-key-123'),
      putBalance(client, cards[0]!, 2_500, 'Twice', 'same-key-123'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await ledgerCounts(ctx.db, orgId)).entries).toBe(before.entries + 1);
    expect(await availableFunds(client)).toBe(7_500);
  });
});
