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
import type { Aggregation } from './query.js';
import { organizationAnalytics, userAnalytics, type OrgSeries, type UserSeries } from './service.js';

/**
 * The SQL every analytics endpoint runs over the spend rollups (spend_org_daily, spend_holder_daily,
 * spend_holder_monthly), the ledger, top-ups and requests, compiled as the app sends it, against a committed
 * snapshot: a change to a rollup query shows in review. The queries run against a driver that answers no rows, so
 * each answer's statements are recorded in order. Update with `npx vitest run <this file> --update` (vitest 4 reads a value after -u).
 */
const ORG_ID = 7;
const USER_ID = 42;
const RANGE = { from: '2026-01-01', to: '2026-03-31' };

function recordingDb() {
  const statements: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return { db, statements };
}

const render = (title: string, statements: CompiledQuery[]) =>
  [
    `-- ${title}`,
    ...statements.map(
      (statement) =>
        `${statement.sql.trim().replace(/[ \t]+$/gm, '')}\n-- parameters: ${JSON.stringify(statement.parameters)}`,
    ),
    '',
  ].join('\n');

const AGGREGATIONS: Array<[string, Aggregation, boolean]> = [
  ['sum_over_months', { kind: 'series', unit: 'month', how: 'sum', range: RANGE }, false],
  ['max_over_days, between_created', { kind: 'series', unit: 'day', how: 'max', range: RANGE }, true],
  ['group_single', { kind: 'single', range: RANGE }, false],
];
const TOPS: Array<Extract<Aggregation, { kind: 'top' }>['by']> = ['spender', 'card_balance', 'category', 'team'];
const ORG_SERIES: OrgSeries[] = ['expenses', 'topups', 'journal-entries', 'wallet-balances'];
const USER_SERIES: UserSeries[] = ['expenses', 'journal-entries', 'purchase-requests'];

describe('the analytics rollup queries', () => {
  it('are the committed SQL, for each series and aggregation and the top-five lists', async () => {
    const sections: string[] = [];
    for (const series of ORG_SERIES) {
      for (const [name, aggregation, byCreated] of AGGREGATIONS) {
        const { db, statements } = recordingDb();
        await organizationAnalytics(db, ORG_ID, series, aggregation, byCreated);
        sections.push(render(`/api/${series}/analytics: ${name}`, statements));
      }
    }
    for (const by of TOPS) {
      const { db, statements } = recordingDb();
      await organizationAnalytics(db, ORG_ID, 'expenses', { kind: 'top', by, range: RANGE, limit: 5 }, false);
      sections.push(render(`/api/expenses/analytics: top five by ${by}`, statements));
    }
    for (const series of USER_SERIES) {
      for (const [name, aggregation, byCreated] of AGGREGATIONS) {
        const { db, statements } = recordingDb();
        await userAnalytics(db, ORG_ID, USER_ID, series, aggregation, byCreated);
        sections.push(render(`/api/users/{id}/${series}/analytics: ${name}`, statements));
      }
    }
    await expect(sections.join('\n')).toMatchFileSnapshot('./__snapshots__/analytics-rollups.sql');
  });
});
