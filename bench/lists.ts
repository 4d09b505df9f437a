import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { analyticsOptions, withSeededServer, type SeededServer } from './analytics.js';
import { figureTable, type Figure, verdict } from './helpers.js';

/**
 * npm run bench -- lists [--quick] (ISSUE 9): the list endpoints under load. autocannon keeps 50 connections busy
 * for ~10 s per endpoint, signed in as the admin, against a server process on the analytics bench's organisation
 * (1,000,000 expenses, 500 cards, 50 holders, 5 teams, 10,000 purchase requests), asking what the SPA's pages ask.
 */

const TARGET_P99_MS = 250;
const CONNECTIONS = 50;

const ENDPOINTS: Array<[name: string, path: string]> = [
  ['GET /api/cards', '/api/cards?include=user,pendingIssuingAuthorizationHolds&page[size]=10'],
  ['GET /api/users', '/api/users?filter[wallet]=true&include=teams,roles&page[size]=10'],
  [
    'GET /api/purchase-requests',
    '/api/purchase-requests?include=user,card,team,walletCategory,recurringPurchaseRequest&sort=-submitted&page[size]=10',
  ],
  ['GET /api/expenses', '/api/expenses?include=user,walletCard,walletCategory,team&page[size]=10'],
  ['GET /api/teams', '/api/teams?include=usersCount,activeCardsCount,approvedPurchaseRequestsAmount&page[size]=10'],
];

export async function listFigures(
  { server, client, options }: SeededServer,
  durationSeconds: number,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, path] of ENDPOINTS) {
    options.log(`${name}: ${CONNECTIONS} connections for ${durationSeconds} s`);
    const result = await autocannon({
      url: server.baseUrl + path,
      connections: CONNECTIONS,
      duration: durationSeconds,
      headers: { accept: 'application/json', cookie: client.cookieHeader() },
    });
    const answered = result.requests.total;
    const failed = result.non2xx + result.errors + result.timeouts;
    figures.push({
      name: `${name} at ${CONNECTIONS} connections: ${result.requests.average.toFixed(0)} requests/s (p99)`,
      value: `${result.latency.p99.toFixed(0)} ms`,
      target: `<= ${TARGET_P99_MS} ms, no errors`,
      pass: result.latency.p99 <= TARGET_P99_MS && failed === 0 && answered > 0,
      gate: true,
    });
    if (failed)
      figures.push({
        name: `  ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${answered}`,
        value: '',
        target: '',
        pass: null,
        gate: true,
      });
  }
  return figures;
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { quick: { type: 'boolean', default: false }, duration: { type: 'string' } },
    strict: true,
  });
  const quick = values.quick ?? false;
  const duration = Number(values.duration ?? (quick ? 2 : 10));
  const figures = await withSeededServer(
    analyticsOptions(quick, (line) => console.log(`[bench] ${line}`)),
    (context) => listFigures(context, duration),
  );
  console.log(`\n${figureTable(figures)}\n`);
  return verdict(figures);
}
