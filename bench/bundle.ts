import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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
 * npm run bench -- bundle (issue 19.7): the JavaScript a first visit (/login) loads, in the bytes the server really
 * sends a browser that asks with Accept-Encoding: gzip, deflate, br (brotli files written at build time): the entry
 * script and every modulepreload index.html names. Lazily loaded chunks (the signed-in frame, other pages) are not
 * counted. The same files' uncompressed size is shown beside it. Builds apps/web first when its dist is missing or
 * older than any source file.
 */

const TARGET_KB = 200;
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

/** A script a first visit loads: its bytes on the wire as the server sends them, and the file's own size. */
export interface SentScript {
  file: string;
  /** The body's bytes as transferred (compressed when the server compressed it). */
  sentBytes: number;
  /** The Content-Encoding the server answered with ('none' when it sent the file as it is). */
  encoding: string;
  /** The file as built, uncompressed. */
  fileBytes: number;
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
          fileBytes: (await fs.stat(path.join(dist, file))).size,
        };
      }),
    );
  } finally {
    client.close();
  }
}

const kilobytes = (bytes: number) => bytes / 1024;

/** How many files went in each Content-Encoding, e.g. "br 32, none 7". */
function encodingCounts(scripts: SentScript[]): string {
  const counts = new Map<string, number>();
  for (const script of scripts) counts.set(script.encoding, (counts.get(script.encoding) ?? 0) + 1);
  return [...counts].map(([encoding, count]) => `${encoding} ${count}`).join(', ');
}

/** The first-load JavaScript the server at `baseUrl` sends, judged as sent; the files' own size beside it. */
export async function bundleFigures(baseUrl: string): Promise<Figure[]> {
  const scripts = await firstLoadScripts(baseUrl);
  const sentKb = kilobytes(scripts.reduce((sum, script) => sum + script.sentBytes, 0));
  const fileKb = kilobytes(scripts.reduce((sum, script) => sum + script.fileBytes, 0));
  const largest = [...scripts]
    .sort((a, b) => b.sentBytes - a.sentBytes)
    .slice(0, 3)
    .map(
      (script) =>
        `${path.basename(script.file).replace(/-[\w-]{8}\.js$/, '')} ${kilobytes(script.sentBytes).toFixed(0)}`,
    );
  return [
    {
      name: `SPA first-load JavaScript as the server sends it (${scripts.length} files, Content-Encoding ${encodingCounts(scripts)}; largest ${largest.join(', ')} KB)`,
      value: `${sentKb.toFixed(1)} KB`,
      target: `<= ${TARGET_KB} KB`,
      pass: sentKb <= TARGET_KB,
      gate: true,
    },
    {
      name: '  the same files uncompressed (files under 1 KiB are sent as they are)',
      value: `${fileKb.toFixed(1)} KB`,
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
