import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { CSRF_COOKIE, CSRF_HEADER } from '@wallet/contract';
import { createDb, type Db } from '../apps/server/src/db/database.js';
import { HttpClient, startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process.js';
import { startHaproxy, startPgBouncer, type PgBouncer } from '../apps/server/src/resilience/load-balancer.js';
import { authorizeOptions, seed } from './authorize.js';
import {
  BENCH_ORG,
  figureTable,
  machineContext,
  builtServerEntry,
  serverNodeArgs,
  startBenchCluster,
  withCleanup,
  type Figure,
  verdict,
} from './helpers.js';

/**
 * npm run bench -- scale-out [--quick] [--duration 10] (issue 19 point 6, OPERATIONS.md "Scaling out"): card
 * purchases decided by one and by three server processes, each deployed as OPERATIONS.md says: HAProxy in front
 * (deploy/haproxy.cfg), PgBouncer in transaction pooling mode (deploy/pgbouncer.ini) between them and PostgreSQL.
 * The load is the simulator's purchase route (a signed-in admin, so each process also proves the shared session),
 * 32 connections on 1,000 funded cards, through HAProxy. On this 2-core machine three processes share the cores
 * with PostgreSQL, HAProxy, PgBouncer and the load generator: the figure shows the cost of the extra hops and
 * processes, not a gain; more processes pay off on more cores. Gated: no failed request and no card over its limit.
 */

const CONNECTIONS = 32;
const AMOUNT = 100;

interface Run {
  name: string;
  rate: number;
  p99: number;
  failed: number;
}

/** Headers of a signed-in admin of the bench organisation (session cookie and CSRF token), for autocannon. */
export async function signedInHeaders(baseUrl: string): Promise<Record<string, string>> {
  const client = await new HttpClient(baseUrl).signIn(BENCH_ORG.email, BENCH_ORG.password);
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    [CSRF_HEADER]: decodeURIComponent(client.cookies.get(CSRF_COOKIE) ?? ''),
  };
}

/**
 * $1.00 simulated purchases (held, never captured) on random cards, `connections` at a time for `seconds`, through
 * `baseUrl` as the signed-in admin of `headers`: autocannon's result.
 */
export function simulatedPurchases(
  baseUrl: string,
  headers: Record<string, string>,
  cardIds: number[],
  { seconds, connections }: { seconds: number; connections: number },
) {
  return autocannon({
    url: `${baseUrl}/api/simulator/purchases`,
    method: 'POST',
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            card_id: cardIds[Math.floor(Math.random() * cardIds.length)],
            amount: AMOUNT,
            capture: 'never',
          }),
        }),
      },
    ],
  });
}

/** Purchases on random cards for `seconds`, through `baseUrl`: decisions per second and p99. */
async function purchases(name: string, baseUrl: string, cardIds: number[], seconds: number): Promise<Run> {
  const headers = await signedInHeaders(baseUrl);
  const result = await simulatedPurchases(baseUrl, headers, cardIds, { seconds, connections: CONNECTIONS });
  return {
    name,
    rate: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Cards whose approved holds exceed their limit, or whose cached holds differ from the holds. */
async function overspentCards(db: Db, orgId: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM cards c
    LEFT JOIN (SELECT card_id, sum(amount) AS held FROM authorization_holds
               WHERE approved AND status = 'pending' GROUP BY card_id) h ON h.card_id = c.id
    WHERE c.org_id = ${orgId} AND (coalesce(h.held, 0) > c.spending_limit OR coalesce(h.held, 0) <> c.holds_amount)`.execute(
    db,
  );
  return rows[0]!.count;
}

async function behindHaproxy(
  count: number,
  pgbouncer: PgBouncer,
  directUrl: string,
  run: (baseUrl: string) => Promise<Run>,
): Promise<Run> {
  const processes: ServerProcess[] = [];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  try {
    const env = {
      DATABASE_URL: pgbouncer.url,
      DATABASE_DIRECT_URL: directUrl,
      DEFAULT_ORG: BENCH_ORG.slug,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      // Not production: purchases come through the simulator, which production does not serve.
    };
    const entry = await builtServerEntry();
    for (let index = 0; index < count; index++)
      processes.push(await startServerProcess(env, { timeoutMs: 120_000, nodeArgs: serverNodeArgs(), entry }));
    haproxy = await startHaproxy(processes.map((server) => new URL(server.baseUrl).host));
    const deadline = Date.now() + 30_000;
    while ((await haproxy.servers()).filter((server) => server.status === 'UP').length < count) {
      if (Date.now() > deadline) throw new Error(`HAProxy did not see ${count} processes up`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await run(haproxy.baseUrl);
  } finally {
    await haproxy?.stop();
    await Promise.all(processes.map((server) => server.stop()));
  }
}

export async function scaleOutFigures(options: { quick: boolean; seconds: number; log(line: string): void }) {
  const { log } = options;
  const bench = await startBenchCluster({ name: 'scale-out', durable: true, poolSize: 10, log });
  let pgbouncer: PgBouncer | undefined;
  const cleanup = async () => {
    await pgbouncer?.stop();
    await bench.stop();
  };
  return withCleanup(cleanup, async () => {
    const seedOptions = authorizeOptions(options.quick, log, { cards: options.quick ? 100 : 1000 });
    log(`seeding ${seedOptions.cards} funded, active cards`);
    const issuerDb = createDb(bench.url, 4);
    const seeded = await seed(bench.db, issuerDb, bench.url, seedOptions).finally(() => issuerDb.destroy());
    const cardIds = seeded.many.map((card) => card.id);
    pgbouncer = await startPgBouncer(bench.url);
    const runs: Run[] = [];
    for (const count of [1, 3]) {
      log(`${count} process${count > 1 ? 'es' : ''} behind HAProxy and PgBouncer: warm-up, then ${options.seconds} s`);
      runs.push(
        await behindHaproxy(count, pgbouncer, bench.url, async (baseUrl) => {
          await purchases('warm-up', baseUrl, cardIds, options.quick ? 1 : 3);
          return purchases(`${count} process${count > 1 ? 'es' : ''}`, baseUrl, cardIds, options.seconds);
        }),
      );
    }
    const overspent = await overspentCards(bench.db, seeded.orgId);
    const [one, three] = runs as [Run, Run];
    const figures: Figure[] = runs.map((run) => ({
      name: `Purchases decided, ${run.name} behind HAProxy + PgBouncer, ${CONNECTIONS} connections (p99 ${run.p99.toFixed(0)} ms)`,
      value: `${run.rate.toFixed(0)}/s`,
      target: 'no failed request',
      pass: run.failed === 0 && run.rate > 0,
      gate: true,
    }));
    figures.push(
      {
        name: `Three processes against one on ${machineContext()} (overhead on 2 cores, not gain)`,
        value: `${(three.rate / one.rate).toFixed(2)}x`,
        target: 'reported',
        pass: null,
        gate: false,
      },
      {
        name: 'Cards over their limit after both runs',
        value: String(overspent),
        target: '0',
        pass: overspent === 0,
        gate: true,
      },
    );
    return figures;
  });
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { quick: { type: 'boolean', default: false }, duration: { type: 'string' } },
    strict: true,
  });
  const quick = values.quick ?? false;
  const figures = await scaleOutFigures({
    quick,
    seconds: Number(values.duration ?? (quick ? 2 : 10)),
    log: (line) => console.log(`[bench] ${line}`),
  });
  console.log(`\n${figureTable(figures)}\n`);
  return verdict(figures);
}
