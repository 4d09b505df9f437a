// Builds the server for production: one ES module per entry in apps/server/dist/ (esbuild), so `npm start` runs
// plain JavaScript instead of compiling TypeScript at every start (tsx stays for tests and development).
// Dependencies stay in node_modules; the shared contract (TypeScript source) is bundled in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
/** `node build.mjs [folder]`: tests build into a folder of their own. */
const outdir = path.resolve(process.argv[2] ?? path.join(serverDir, 'dist'));

/** Everything imported by a bare name is left to node_modules, except our own workspace package. */
const keepDependenciesExternal = {
  name: 'keep-dependencies-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@wallet/contract' || args.path.startsWith('@wallet/contract/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: serverDir,
  // Flat names: the export thread's worker file sits beside main.js, where export-thread.ts looks for it.
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'export-thread-worker': 'src/modules/expenses/export-thread-worker.ts',
    'heic-worker': 'src/modules/receipts/reading/heic-worker.mjs',
    'ocr-worker': 'src/modules/receipts/reading/ocr-worker.mjs',
    'pdf-text-worker': 'src/modules/receipts/reading/pdf-text-worker.mjs',
  },
  outdir,
  // No shared chunks: code that finds files next to itself (config.ts, export-thread.ts) must sit in dist/ itself.
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [keepDependenciesExternal],
  logLevel: 'warning',
});
console.log(`Built the server into ${path.relative(process.cwd(), outdir) || '.'}/`);
