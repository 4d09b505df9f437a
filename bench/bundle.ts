import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../apps/server/src/test/server-process.js';
import { figureTable, verdict, type Figure } from './helpers.js';

/**
 * npm run bench -- bundle (ISSUE 9): the JavaScript a first visit (/login) loads, gzipped: the entry script and
 * every modulepreload index.html names. Lazily loaded chunks (the signed-in frame, other pages) are not counted.
 * Builds apps/web first when its dist is missing or older than any source file.
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

/** Each script index.html loads at once (the module entry and its modulepreloads) with its gzipped size. */
export async function firstLoadScripts(dist = WEB_DIST): Promise<Array<{ file: string; gzipBytes: number }>> {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  return Promise.all(
    files.map(async (file) => ({
      file,
      gzipBytes: gzipSync(await fs.readFile(path.join(dist, file)), { level: 9 }).length,
    })),
  );
}

export async function bundleFigures(log: (line: string) => void): Promise<Figure[]> {
  await ensureWebBuild(log);
  const scripts = await firstLoadScripts();
  const kb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  const largest = [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 3)
    .map(
      (script) => `${path.basename(script.file).replace(/-[\w-]{8}\.js$/, '')} ${(script.gzipBytes / 1024).toFixed(0)}`,
    );
  return [
    {
      name: `SPA first-load JavaScript, gzipped (${scripts.length} files; largest ${largest.join(', ')} KB)`,
      value: `${kb.toFixed(1)} KB`,
      target: `<= ${TARGET_KB} KB`,
      pass: kb <= TARGET_KB,
      gate: true,
    },
  ];
}

export async function main(): Promise<number> {
  const figures = await bundleFigures((line) => console.log(`[bench] ${line}`));
  console.log(`\n${figureTable(figures)}\n`);
  return verdict(figures);
}
