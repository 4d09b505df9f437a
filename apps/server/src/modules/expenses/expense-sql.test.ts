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
import type { ExpenseCriteria } from './criteria.js';
import { DEFAULT_EXPENSE_POLICY } from './expense-policy.js';
import { expensePageQuery } from './repo.js';

/**
 * The expense search (the All Transactions table's page query) compiled as the app sends it, against a committed
 * snapshot: a change to it (and so to which index it can use) shows in review. Update with
 * `npx vitest run <this file> --update` (vitest 4 reads a value after -u).
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

const search: ExpenseCriteria = {
  orgId: 7,
  policy: DEFAULT_EXPENSE_POLICY,
  between: { from: '2025-01-01', to: '2025-03-31' },
  types: ['capture'],
  search: {
    pattern: '%delta%',
    userIds: [3],
    cardIds: [],
    categoryIds: [5],
    teamIds: [],
    wallets: [],
    types: [],
    uncategorized: false,
  },
};
const page = { number: 1, size: 25 };

describe('the expense search statement', () => {
  it('is the committed SQL for a search by date, by cardholder, by notes and on a deep page', async () => {
    const text = [
      render(
        'a search, newest first',
        expensePageQuery(search, [{ column: 'posted_date', direction: 'desc' }], page).compile(compiler),
      ),
      render(
        'sorted by cardholder: group by group',
        expensePageQuery(
          { orgId: 7, policy: DEFAULT_EXPENSE_POLICY, userId: 3 },
          [{ column: 'cardholder', direction: 'asc', order: [3, 1, 2] }],
          page,
        ).compile(compiler),
      ),
      render(
        'sorted by notes',
        expensePageQuery(
          { orgId: 7, policy: DEFAULT_EXPENSE_POLICY },
          [{ column: 'notes', direction: 'asc' }],
          page,
        ).compile(compiler),
      ),
      render(
        'a deep page sorted by amount then team',
        expensePageQuery(
          search,
          [
            { column: 'amount', direction: 'desc' },
            { column: 'team', direction: 'asc', order: [2, 1] },
          ],
          { number: 50, size: 25 },
        ).compile(compiler),
      ),
    ].join('\n');
    await expect(text).toMatchFileSnapshot('./__snapshots__/expense-search.sql');
  });
});
