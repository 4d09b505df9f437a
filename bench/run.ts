import { analyticsFigures, analyticsOptions, withSeededServer } from './analytics.js';
import { authorizeFigures, authorizeOptions, benchAuthorize } from './authorize.js';
import { bundleFigures, ensureWebBuild } from './bundle.js';
import { dashboardFigures } from './dashboard.js';
import { figureTable, verdict, type Figure } from './helpers.js';
import { listFigures } from './lists.js';
import { receiptFigures } from './receipts.js';
import { scaleOutFigures } from './scale-out.js';

/**
 * npm run bench [-- --quick]: every benchmark, one table of figures beside their targets; exit 1 when a target is
 * missed or any overspend is seen. npm run bench -- <name> [options]: one of them, with its own details.
 * --quick is a small, fast variant of everything (small data, short runs): a smoke test of the benches.
 */
const BENCHES: Record<string, () => Promise<{ main(argv: string[]): Promise<number> }>> = {
  authorize: () => import('./authorize.js'),
  analytics: () => import('./analytics.js'),
  lists: () => import('./lists.js'),
  bundle: () => import('./bundle.js'),
  dashboard: () => import('./dashboard.js'),
  'scale-out': () => import('./scale-out.js'),
  receipts: () => import('./receipts.js'),
};

const log = (line: string) => console.log(`[bench] ${line}`);

async function all(quick: boolean): Promise<number> {
  const started = performance.now();
  const sections: Array<[string, Figure[]]> = [];
  const section = async (title: string, collect: () => Promise<Figure[]>) => {
    log(`== ${title}`);
    sections.push([title, await collect()]);
  };
  await section('authorize', async () => {
    const options = authorizeOptions(quick, log);
    const outcome = await benchAuthorize(options);
    console.log(`\n${outcome.table}\n`);
    return authorizeFigures(outcome, options.concurrency);
  });
  await section('scale-out', () => scaleOutFigures({ quick, seconds: quick ? 2 : 10, log }));
  await section('receipts', () => receiptFigures({ quick, log }));
  // The bundle, analytics, the list endpoints and the dashboard share one seeded organisation and server process.
  await ensureWebBuild(log);
  await withSeededServer(analyticsOptions(quick, log), async (context) => {
    await section('bundle', () => bundleFigures(context.server.baseUrl));
    await section('analytics', async () => (await analyticsFigures(context)).filter((figure) => figure.gate));
    await section('lists', () => listFigures(context, quick ? 2 : 10));
    await section('dashboard', () => dashboardFigures(context, quick ? 1 : 3));
  });
  const figures = sections.flatMap(([, list]) => list);
  console.log(
    `\nnpm run bench${quick ? ' -- --quick (small data, short runs: a smoke test, not the targets)' : ''}: ${((performance.now() - started) / 1000).toFixed(0)} s\n${figureTable(figures)}\n`,
  );
  return verdict(figures);
}

const argv = process.argv.slice(2);
const [name, ...rest] = argv;
const run = (): Promise<number> => {
  if (!name || name.startsWith('-')) {
    const unknown = argv.filter((arg) => arg !== '--quick');
    if (unknown.length === 0) return all(argv.includes('--quick'));
  }
  const load = name ? BENCHES[name] : undefined;
  if (!load) {
    console.error(
      `Usage: npm run bench [-- --quick] | npm run bench -- <${Object.keys(BENCHES).join('|')}> [--quick] [options]`,
    );
    return Promise.resolve(1);
  }
  return load().then((bench) => bench.main(rest));
};
run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
