import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { CSRF_COOKIE, CSRF_HEADER } from '@wallet/contract';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.js';
import { ensureDatabase } from '../apps/server/src/db/connect.js';
import { createDb, migrateToLatest, type Db } from '../apps/server/src/db/database.js';
import { repoRoot } from '../apps/server/src/test/server-process.js';

/** Shared by the benches: a keep-alive HTTP client with a session, percentiles, /proc readings and a table. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank) of ascending numbers. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Resident memory of a process in bytes (VmRSS from /proc), 0 when unknown. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const CLOCK_TICKS_PER_SECOND = 100;
export const ticksToSeconds = (ticks: number) => ticks / CLOCK_TICKS_PER_SECOND;

/** CPU a process has used so far, in clock ticks (user + system, from /proc/<pid>/stat); with its reaped children. */
export async function processTicks(pid: number, withChildren = false): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state is fields[0], utime fields[11], stime [12], cutime [13], cstime [14].
  const own = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return withChildren ? own + Number(fields[13] ?? 0) + Number(fields[14] ?? 0) : own;
}

/** PostgreSQL's CPU so far: the postmaster with its reaped children, plus every live backend. */
export async function postgresTicks(postmaster: number): Promise<number> {
  let total = await processTicks(postmaster, true);
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === postmaster) total += await processTicks(Number(entry));
  }
  return total;
}

/** Samples a process's resident memory every `everyMs` until stopped; the highest reading wins. */
export function watchResident(pid: number, everyMs = 50) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await residentBytes(pid));
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return Math.max(peak, await residentBytes(pid));
    },
  };
}

export interface Download {
  status: number;
  bytes: number;
  lines: number;
  headers: http.IncomingHttpHeaders;
  firstBytes: Buffer;
}

/** A keep-alive HTTP client holding a session and its XSRF token, like the SPA. */
export class BenchClient {
  private readonly agent: http.Agent;
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: URL,
    sockets = 8,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  private send(
    method: string,
    pathname: string,
    body: unknown,
    onResponse: (response: http.IncomingMessage) => void,
    reject: (error: Error) => void,
    extraHeaders: Record<string, string> = {},
  ) {
    const payload =
      body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers: Record<string, string | number> = { accept: 'application/json', ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers[CSRF_HEADER] = decodeURIComponent(this.cookies.get(CSRF_COOKIE) ?? '');
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const request = http.request(
      { host: this.baseUrl.hostname, port: this.baseUrl.port, path: pathname, method, headers, agent: this.agent },
      (response) => {
        for (const cookie of response.headers['set-cookie'] ?? []) {
          const [pair = ''] = cookie.split(';');
          const index = pair.indexOf('=');
          this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
        }
        onResponse(response);
      },
    );
    request.on('error', reject);
    request.end(payload);
  }

  /** A JSON request (a string body is sent as it is); `extraHeaders` e.g. a webhook's signature. */
  request(
    method: string,
    pathname: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      this.send(
        method,
        pathname,
        body,
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
        reject,
        extraHeaders,
      );
    });
  }

  /** The Cookie header of this session (for other load generators, e.g. autocannon). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** GET a file without keeping it: counts bytes (as transferred, never decoded) and newlines, keeps the first 64 KiB. */
  download(pathname: string, extraHeaders?: Record<string, string>): Promise<Download> {
    return new Promise((resolve, reject) => {
      this.send(
        'GET',
        pathname,
        undefined,
        (response) => {
          let bytes = 0;
          let lines = 0;
          const head: Buffer[] = [];
          let headBytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
            if (headBytes < 65_536) {
              head.push(chunk);
              headBytes += chunk.length;
            }
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              bytes,
              lines,
              headers: response.headers,
              firstBytes: Buffer.concat(head),
            }),
          );
          response.on('error', reject);
        },
        reject,
        extraHeaders,
      );
    });
  }

  async signIn(email: string, password: string) {
    await this.request('GET', '/sanctum/csrf-cookie');
    const response = await this.request('POST', '/login', { email, password });
    if (response.status !== 200) throw new Error(`bench sign-in failed: ${response.status} ${response.body}`);
  }

  close() {
    this.agent.destroy();
  }
}

/** A plain text table: the first column left-aligned, the others right-aligned, a rule under the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  ');
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line;
    })
    .join('\n');
}

export const fixed = (value: number | null, digits = 1) =>
  value === null || !Number.isFinite(value) ? '' : value.toFixed(digits);

/** A measured figure; `gate` figures are targets and decide the exit code, the others are reported beside them. */
export interface Figure {
  name: string;
  value: string;
  target: string;
  pass: boolean | null;
  gate: boolean;
}

/** Figures as a table: figure, value, target, PASS/FAIL. */
export function figureTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => [
    figure.name,
    figure.value,
    figure.target,
    figure.pass === null ? '' : figure.pass ? 'PASS' : 'FAIL',
  ]);
  return table([['figure', 'value', 'target', 'result'], ...rows]);
}

export const missedTargets = (figures: readonly Figure[]) =>
  figures.filter((figure) => figure.gate && figure.pass === false);

export const machineContext = () =>
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;

export const BENCH_ORG = { slug: 'bench', email: 'admin@bench.test', password: 'bench-password' };

/**
 * Waits (up to 5 s) until no connection but this check's is open on the cluster at `url`: pg's pool.end() resolves
 * before its sockets have closed, and a fast shutdown racing them would raise an error. The check's own client is
 * ended in full (Client.end() waits for its socket).
 */
async function untilNoOtherConnections(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n === 0 || Date.now() > deadline) return;
      await sleep(50);
    }
  } finally {
    await client.end();
  }
}

/** What a bench runs against: its own embedded PostgreSQL (in a temp folder) with a migrated `wallet` database. */
export interface BenchCluster {
  workDir: string;
  /** URL of the `wallet` database. */
  url: string;
  db: Db;
  postmasterPid: number;
  /** Stops PostgreSQL and removes the folder; after `pools` (other pools on it) are closed. */
  stop(): Promise<void>;
}

/** Extra node flags for a benchmarked server: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it. */
export const serverNodeArgs = (): string[] => process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

let builtServer: Promise<{ main: string }> | undefined;

/**
 * The server as production runs it: built once per bench run by apps/server/build.mjs from the current sources (so a
 * bench never measures a stale dist/), into .tmp/bench/ (three levels under the repository, as dist/ is, so it finds
 * node_modules and the repository as dist/main.js does). Benched servers run it with NODE_ENV=production.
 */
export function builtServerEntry(): Promise<{ main: string }> {
  builtServer ??= (async () => {
    const scratch = path.join(repoRoot, '.tmp/bench');
    await fs.mkdir(scratch, { recursive: true });
    const outdir = await fs.mkdtemp(path.join(scratch, 'server-'));
    process.once('exit', () => void rmSync(outdir, { recursive: true, force: true }));
    await promisify(execFile)(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs'), outdir]);
    return { main: path.join(outdir, 'main.js') };
  })();
  return builtServer;
}

export async function startBenchCluster(options: {
  name: string;
  durable: boolean;
  poolSize?: number;
  preloadLibraries?: string[];
  log(line: string): void;
}): Promise<BenchCluster> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `wallet-bench-${options.name}-`));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter this folder.
  await fs.chmod(workDir, 0o755);
  const dataDir = path.join(workDir, 'cluster');
  options.log(`starting ${options.durable ? 'a durable' : 'an'} embedded PostgreSQL in ${workDir}`);
  let cluster: EmbeddedPostgres | undefined;
  let db: Db | undefined;
  const stop = async () => {
    await db?.destroy().catch(() => undefined);
    if (db && cluster) await untilNoOtherConnections(cluster.url).catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    await fs.rm(workDir, { recursive: true, force: true });
  };
  try {
    cluster = await startEmbeddedPostgres({ dataDir, durable: options.durable });
    if (options.preloadLibraries?.length) {
      const admin = createDb(cluster.url, 1);
      await sql
        .raw(`ALTER SYSTEM SET shared_preload_libraries = '${options.preloadLibraries.join(',')}'`)
        .execute(admin);
      await admin.destroy();
      await untilNoOtherConnections(cluster.url);
      await cluster.stop();
      cluster = await startEmbeddedPostgres({ dataDir, durable: options.durable });
    }
    await ensureDatabase(cluster.url, 'wallet');
    const url = new URL(cluster.url);
    url.pathname = '/wallet';
    db = createDb(url.toString(), options.poolSize ?? 10);
    await migrateToLatest(db);
    const postmasterPid = Number((await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return { workDir, url: url.toString(), db, postmasterPid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs `run`, then `cleanup`, also when interrupted (Ctrl-C, SIGTERM): no PostgreSQL or server left behind. */
export async function withCleanup<T>(cleanup: () => Promise<void>, run: () => Promise<T>): Promise<T> {
  const interrupted = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await run();
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    await cleanup();
  }
}

/** Prints whether every target was met (with the machine's load, the figures' context); 1 when one was missed. */
export function verdict(figures: readonly Figure[]): number {
  const missed = missedTargets(figures);
  console.log(
    missed.length
      ? `${missed.length} target(s) missed (${machineContext()}).`
      : `Every target met (${machineContext()}).`,
  );
  return missed.length ? 1 : 0;
}

/**
 * With pg_stat_statements loaded (startBenchCluster's preloadLibraries, then CREATE EXTENSION): what `units` calls of
 * something (decisions, requests) ran in PostgreSQL since the last pg_stat_statements_reset(), as lines of
 * calls per unit x mean server time (planning included) and the statement.
 */
export async function statementsPerUnit(db: Db, units: number): Promise<string[]> {
  const { rows: stats } = await sql<{ calls: number; total: number; query: string }>`
    SELECT calls::int AS calls, (total_exec_time + total_plan_time)::float8 AS total, query FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND calls > 0
    ORDER BY total_exec_time DESC LIMIT 12
  `.execute(db);
  const per = Math.max(1, units);
  return stats
    .filter((stat) => stat.calls >= per / 10)
    .map(
      (stat) =>
        `  ${(stat.calls / per).toFixed(2).padStart(5)} x ${(stat.total / stat.calls).toFixed(3).padStart(7)} ms  ${stat.query.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
}
