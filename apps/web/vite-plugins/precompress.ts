import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What a browser fetches as text; source maps are left out (only DevTools reads them, and they are big to squeeze). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a file gains little, and the server sends it as it is. */
const MIN_BYTES = 1024;
/** A variant that is not at least this much smaller than its file is not worth a file of its own. */
const MAX_RATIO = 0.9;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The highest settings: this runs once per build, and every visitor downloads the result. */
const variants = [
  {
    extension: '.br',
    compress: (body: Buffer) =>
      brotliCompress(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
  },
  { extension: '.gz', compress: (body: Buffer) => gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }) },
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of the build; returns how many it wrote. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      if (body.length < MIN_BYTES) return 0;
      const outputs = await Promise.all(
        variants.map(async ({ extension, compress }) => {
          const compressed = await compress(body);
          if (compressed.length > body.length * MAX_RATIO) return 0;
          await fs.writeFile(file + extension, compressed);
          return 1;
        }),
      );
      return outputs.reduce<number>((sum, count) => sum + count, 0);
    }),
  );
  return written.reduce((sum, count) => sum + count, 0);
}

/**
 * After `vite build`: brotli and gzip variants of the built files, which the server picks by Accept-Encoding
 * (apps/server/src/http/spa.ts), so no request pays for compression and the highest levels cost nothing at run time.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'wallet:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error || !config) return;
      const count = await precompressDirectory(path.resolve(config.root, config.build.outDir));
      config.logger.info(`precompress: ${count} brotli and gzip files written beside the built files`);
    },
  };
}
