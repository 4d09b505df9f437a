/** npm run bench -- <name> [options]: runs one of the benchmarks in this folder. */
const BENCHES: Record<string, () => Promise<{ main(argv: string[]): Promise<number> }>> = {
  authorize: () => import('./authorize.js'),
  analytics: () => import('./analytics.js'),
};

const [name, ...rest] = process.argv.slice(2);
const load = name ? BENCHES[name] : undefined;
if (!load) {
  console.error(`Usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [options]`);
  process.exit(1);
}
load()
  .then((bench) => bench.main(rest))
  .then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
