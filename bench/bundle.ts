import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { repoRoot, startServerProcess, type ServerProcess } from '../apps/server/src/test/server-process.js';
import {
  BenchClient,
  figureTable,
  startBenchCluster,
  verdict,
  withCleanup,
  type BenchCluster,
  type Figure,
} from './helpers.js';

/**
 * npm run bench -- bundle (ISSUE 9): the JavaScript a first visit (/login) loads, in the bytes the server really sends
 * (with whatever Content-Encoding it answers a browser's Accept-Encoding; today none): the entry script and every
 * modulepreload index.html names. Lazily loaded chunks (the signed-in frame, other pages) are not counted. A gzip
 * figure is shown beside it, labelled hypothetical while the server does not compress. Builds apps/web first when
 * its dist is missing or older than any source file.
 */

const TARGET_KB = 250;
const WEB = path.join(repoRoot, 'apps/web');
export const WEB_DIST = path.join(WEB, 'dist');
const execFileAsync = promisify(execFile);

/** The newest modification time under `dir` (skipping node_modules and dist). */
async function newest(dir: string): Promise<number> {
  let latest = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? await newest(full) : (await fs.stat(full)).mtimeMs);
  }
  return latest;
}

/** Builds the SPA unless dist/index.html is newer than every source of the web app and the contract. */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  const built = await fs.stat(path.join(WEB_DIST, 'index.html')).then(
    (stat) => stat.mtimeMs,
    () => 0,
  );
  const sources = Math.max(await newest(WEB), await newest(path.join(repoRoot, 'packages/contract/src')));
  if (built > sources) return;
  log(built ? 'apps/web/dist is older than its sources: building it' : 'building apps/web (no dist yet)');
  await execFileAsync('npx', ['vite', 'build'], { cwd: WEB, maxBuffer: 64 * 1024 * 1024 });
}

/** A script a first visit loads: its bytes on the wire as the server sends them, and what gzip would make of it. */
export interface SentScript {
  file: string;
  /** The body's bytes as transferred (compressed when the server compressed it). */
  sentBytes: number;
  /** The Content-Encoding the server answered with ('none' when it sent the file as it is). */
  encoding: string;
  /** The file gzipped at level 9: what a compressing server could send, not what this one sends. */
  gzipBytes: number;
}

/**
 * Each script index.html loads at once (the module entry and its modulepreloads), fetched from the server at
 * `baseUrl` as a browser asks for it (Accept-Encoding: gzip, deflate, br), counting the bytes that come over the wire.
 */
export async function firstLoadScripts(baseUrl: string, dist = WEB_DIST): Promise<SentScript[]> {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const client = new BenchClient(new URL(baseUrl));
  try {
    return await Promise.all(
      files.map(async (file) => {
        const sent = await client.download(`/${file}`, { 'accept-encoding': 'gzip, deflate, br' });
        if (sent.status !== 200) throw new Error(`GET /${file}: ${sent.status}`);
        return {
          file,
          sentBytes: sent.bytes,
          encoding: String(sent.headers['content-encoding'] ?? 'none'),
          gzipBytes: gzipSync(await fs.readFile(path.join(dist, file)), { level: 9 }).length,
        };
      }),
    );
  } finally {
    client.close();
  }
}

const kilobytes = (bytes: number) => bytes / 1024;

/** The first-load JavaScript the server at `baseUrl` sends, judged as sent; a gzip figure beside it is hypothetical. */
export async function bundleFigures(baseUrl: string): Promise<Figure[]> {
  const scripts = await firstLoadScripts(baseUrl);
  const sentKb = kilobytes(scripts.reduce((sum, script) => sum + script.sentBytes, 0));
  const gzipKb = kilobytes(scripts.reduce((sum, script) => sum + script.gzipBytes, 0));
  const encodings = [...new Set(scripts.map((script) => script.encoding))].join(', ');
  const compressed = scripts.every((script) => script.encoding !== 'none');
  const largest = [...scripts]
    .sort((a, b) => b.sentBytes - a.sentBytes)
    .slice(0, 3)
    .map(
      (script) =>
        `${path.basename(script.file).replace(/-[\w-]{8}\.js$/, '')} ${kilobytes(script.sentBytes).toFixed(0)}`,
    );
  return [
    {
      name: `SPA first-load JavaScript as the server sends it, Content-Encoding ${encodings} (${scripts.length} files; largest ${largest.join(', ')} KB)`,
      value: `${sentKb.toFixed(1)} KB`,
      target: `<= ${TARGET_KB} KB`,
      pass: sentKb <= TARGET_KB,
      gate: true,
    },
    {
      name: compressed
        ? '  the same gzipped at level 9'
        : '  the same gzipped at level 9: hypothetical, the server sends it uncompressed',
      value: `${gzipKb.toFixed(1)} KB`,
      target: '',
      pass: null,
      gate: true,
    },
  ];
}

/** A server process serving the built SPA (the assets need no organisation), on a throwaway PostgreSQL. */
async function withWebServer<T>(log: (line: string) => void, run: (baseUrl: string) => Promise<T>): Promise<T> {
  let cluster: BenchCluster | undefined;
  let server: ServerProcess | undefined;
  return withCleanup(
    async () => {
      await server?.stop().catch(() => undefined);
      await cluster?.stop();
    },
    async () => {
      cluster = await startBenchCluster({ name: 'bundle', durable: false, log });
      log('starting the server (apps/server/src/main.ts) on the built SPA');
      server = await startServerProcess(
        { DATABASE_URL: cluster.url, NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST },
        { timeoutMs: 120_000 },
      );
      return run(server.baseUrl);
    },
  );
}

export async function main(): Promise<number> {
  const log = (line: string) => console.log(`[bench] ${line}`);
  await ensureWebBuild(log);
  const figures = await withWebServer(log, bundleFigures);
  console.log(`\n${figureTable(figures)}\n`);
  return verdict(figures);
}
