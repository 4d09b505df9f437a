import fs from 'node:fs/promises';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { table } from './helpers.js';

/** The parts of a V8 CPU profile (CDP Profiler.stop) the summary reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Where the page's main thread spent its time: milliseconds of self time per origin, busiest first. */
export interface CpuSummary {
  /** Sampled time that was not idle: scripts, garbage collection, and the browser's own work ("(program)"). */
  busyMs: number;
  byOrigin: Array<[string, number]>;
  byFunction: Array<[string, number]>;
}

/** A package under node_modules (its scope kept), or our own source file, from a source map's source path. */
function originOf(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1]!;
  const own = /(apps\/web\/src\/.*|packages\/contract\/src\/.*)$/.exec(source);
  return own ? own[1]! : source;
}

/**
 * Sums a profile's samples by the original source of their innermost frame (read through the build's source maps in
 * `dist`), so a minified chunk's time reads as "@ant-design/cssinjs" or "apps/web/src/app/layout/AppLayout.tsx".
 */
export async function summarizeCpuProfile(profile: CpuProfile, dist: string): Promise<CpuSummary> {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = async (url: string) => {
    const file = /\/(assets\/[^?#]+\.js)/.exec(url)?.[1];
    if (!file) return undefined;
    if (!maps.has(file)) {
      const payload = await fs.readFile(path.join(dist, `${file}.map`), 'utf8').then(
        (text) => JSON.parse(text) as SourceMapPayload,
        () => undefined,
      );
      maps.set(file, payload && new SourceMap(payload));
    }
    return maps.get(file);
  };
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample lasts until the next one.
  for (let index = 0; index < samples.length; index++) {
    const lasted = (deltas[index + 1] ?? 0) / 1000;
    selfMs.set(samples[index]!, (selfMs.get(samples[index]!) ?? 0) + lasted);
  }
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busyMs = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id);
    if (!ms) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busyMs += ms;
    let origin = url ? url.replace(/^https?:\/\/[^/]+\//, '') : functionName;
    let name = functionName || '(anonymous)';
    const entry = (await mapOf(url))?.findEntry(lineNumber, columnNumber);
    if (entry && 'originalSource' in entry && entry.originalSource) {
      origin = originOf(entry.originalSource);
      // Node's types omit the mapping's name, which source maps of minified code carry (the function's own name).
      const original = (entry as { name?: string }).name;
      name = `${original ?? name} ${origin}:${entry.originalLine + 1}`;
    }
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const busiest = (sums: Map<string, number>) => [...sums].sort((a, b) => b[1] - a[1]);
  return { busyMs, byOrigin: busiest(byOrigin), byFunction: busiest(byFunction) };
}

/** The summary as lines: the busy total, then the top origins and functions by self time. */
export function cpuSummaryLines({ busyMs, byOrigin, byFunction }: CpuSummary, top = 15): string[] {
  const rows = (sums: Array<[string, number]>) =>
    sums.slice(0, top).map(([name, ms]) => [name.length > 100 ? `${name.slice(0, 99)}…` : name, ms.toFixed(0)]);
  return [
    `main thread busy ${busyMs.toFixed(0)} ms (CPU profile: scripts, GC and "(program)", the browser's own work)`,
    ...table([['self time by origin', 'ms'], ...rows(byOrigin)]).split('\n'),
    ...table([['self time by function', 'ms'], ...rows(byFunction)]).split('\n'),
  ];
}
