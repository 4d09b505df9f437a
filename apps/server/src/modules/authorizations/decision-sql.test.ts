import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import type { Database } from '../../db/schema.js';
import { compiledDecision, decideAndHoldQuery, declineReasonQuery, type DecideAndHoldInput } from './repo.js';

/**
 * The authorisation decision's SQL, compiled as the app sends it, against a committed snapshot: a change to the one
 * statement every purchase runs (its rules, locks, joins) shows in review. Re-run the bench (npm run bench --
 * authorize) when it changes. Update with `npx vitest run <this file> --update` (vitest 4 reads a value after -u).
 */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const render = (title: string, compiled: CompiledQuery) =>
  `-- ${title}\n${compiled.sql.trim()}\n-- parameters: ${JSON.stringify(compiled.parameters)}\n`;

const request: DecideAndHoldInput = {
  provider: 'stripe',
  providerAuthorizationId: 'iauth_1',
  providerCardId: 'ic_1',
  amount: 1250,
  forcedReason: null,
  requestedAmount: 1250,
  merchantData: '{"name":"Coffee"}',
  wallet: null,
  stripeCreated: 1_700_000_000,
};

describe('the authorisation decision statement', () => {
  it('is the committed SQL, by the issuer card id and by our own card id', async () => {
    const text = [
      render(
        "decideAndHoldQuery: the issuer's card id (Stripe's webhook)",
        decideAndHoldQuery(request).compile(compiler),
      ),
      render(
        'decideAndHoldQuery: our own card id (the simulator)',
        decideAndHoldQuery({ ...request, provider: 'simulator', ownCard: { orgId: 7, cardId: 42 } }).compile(compiler),
      ),
      render(
        'declineReasonQuery: an incremental authorisation',
        declineReasonQuery(
          { orgId: 7, cardId: 42 },
          { amount: 300, forcedReason: null, merchantData: '{"name":"Coffee"}' },
        ).compile(compiler),
      ),
    ].join('\n');
    await expect(text).toMatchFileSnapshot('./__snapshots__/decision.sql');
  });

  it("is compiled once per card shape, with each purchase's own values in their places", () => {
    const requests: DecideAndHoldInput[] = [
      request,
      {
        ...request,
        providerAuthorizationId: 'iauth_2',
        amount: 0,
        forcedReason: 'invalid_amount',
        wallet: 'apple_pay',
      },
      { ...request, provider: 'simulator', ownCard: { orgId: 7, cardId: 42 } },
      { ...request, provider: 'simulator', ownCard: { orgId: 8, cardId: 9 }, requestedAmount: 5, stripeCreated: 1 },
    ];
    for (const input of requests) {
      const cached = compiledDecision(compiler, input);
      const built = decideAndHoldQuery(input).compile(compiler);
      expect({ sql: cached.sql, parameters: cached.parameters }).toEqual({
        sql: built.sql,
        parameters: built.parameters,
      });
    }
  });
});
