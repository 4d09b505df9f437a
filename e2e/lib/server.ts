import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startGiving } from './giving.js';
import { startOidcProvider, type RunningOidcProvider } from './oidc.js';

/**
 * Starts the real, built server (`node apps/server/dist/main.js`) on a free port with its own temporary
 * DATA_DIR, so the run gets a fresh embedded PostgreSQL and the demo organisation, and tears it all down again.
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..');

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const OUTPUT_LIMIT = 200_000;

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Its embedded PostgreSQL's `wallet` database, for a second server process on the same data. */
  databaseUrl: string;
  /** The built web app it serves. */
  webDist: string;
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** SIGINT, wait for exit, check no PostgreSQL of this DATA_DIR is left, remove DATA_DIR. Returns the problems found. */
  stop(): Promise<string[]>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The postmaster's pid from DATA_DIR/postgres/postmaster.pid, when the cluster is running. */
async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Processes whose command line mentions dataDir (the postmaster runs `postgres -D <DATA_DIR>/postgres ...`). */
async function processesUsing(dataDir: string): Promise<Array<{ pid: number; command: string }>> {
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const raw = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const command = raw.split('\0').join(' ').trim();
    if (command.includes(dataDir)) found.push({ pid: Number(entry), command });
  }
  return found;
}

/**
 * A private copy of the built web app (apps/web/dist), so a rebuild running at the same time in the checkout
 * cannot pull the files out from under the browser mid-run.
 */
async function snapshotWebDist(): Promise<string> {
  const source = path.join(repoRoot, 'apps/web/dist');
  const index = await fs.readFile(path.join(source, 'index.html'), 'utf8').catch(() => undefined);
  if (!index) throw new Error(`${source}/index.html is missing: run \`npm run build\` first (npm run test:e2e does).`);
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-e2e-web-'));
  await fs.cp(source, copy, { recursive: true });
  const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
  for (const asset of assets) {
    if (!(await fs.stat(path.join(copy, asset)).catch(() => undefined))) {
      await fs.rm(copy, { recursive: true, force: true });
      throw new Error(`apps/web/dist is incomplete (${asset} is missing; a build still running?)`);
    }
  }
  return copy;
}

export async function startServer(): Promise<RunningServer> {
  const webDist = await snapshotWebDist();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-e2e-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter this folder.
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  // A known port for the embedded PostgreSQL, so a second server process can share the database.
  const databasePort = await freePort();
  // The browser uses the configured public address (links in mails point there); the runner's own probes go to the
  // loopback address the server binds.
  const baseURL = `http://localhost:${port}`;
  const probeURL = `http://127.0.0.1:${port}`;
  // Google sign-in against a real OpenID provider on loopback; without it the other tests still run.
  const oidc: RunningOidcProvider | undefined = await startOidcProvider([`${baseURL}/oauth/google/callback`]).catch(
    (error: unknown) => {
      console.warn(
        `e2e: no OpenID provider, Google sign-in is not configured: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    },
  );

  // The companion giving product for single sign-on both ways.
  const giving = await startGiving();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(databasePort),
    // Not production: the flows read mail from the development outbox (/dev/mailbox) and make simulated card
    // purchases (/api/simulator), both of which the server switches off in production.
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    WEB_DIST: webDist,
    ...oidc?.env,
    ...giving.env,
  };
  delete env.DATABASE_URL; // always the embedded cluster in the temp folder, never someone's database

  // The built server (`npm run build`), as `npm start` runs it in production.
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches only the runner, which then stops the server once.
    detached: true,
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  // 'exit' can come before the last of the output: 'close' is when stdout and stderr are drained.
  const outputClosed = new Promise<void>((resolve) => child.once('close', () => resolve()));

  let stopped: Promise<string[]> | undefined;
  const stop = () =>
    (stopped ??= stopServer(child, dataDir, webDist, outputClosed).finally(() =>
      Promise.all([oidc?.stop(), giving.stop()]),
    ));
  // The embedded cluster's superuser (apps/server/src/db/embedded-postgres.ts) and the app's database (connect.ts).
  const databaseUrl = `postgres://wallet:wallet@127.0.0.1:${databasePort}/wallet`;
  const server: RunningServer = { baseURL, dataDir, databaseUrl, webDist, output: () => output, stop };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (spawnError || exited(child)) {
      await stop();
      throw new Error(
        `The server exited before it was healthy (${spawnError?.message ?? `code ${child.exitCode ?? child.signalCode}`}).\n${output}`,
      );
    }
    const status = await fetch(`${probeURL}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    if (Date.now() > deadline) {
      const problems = await stop();
      throw new Error(
        `GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last status ${status}).\n` +
          `Server output:\n${output}${problems.length ? `\nShutdown problems:\n  ${problems.join('\n  ')}` : ''}`,
      );
    }
    await sleep(250);
  }
}

async function stopServer(
  child: ChildProcess,
  dataDir: string,
  webDist: string,
  outputClosed: Promise<void>,
): Promise<string[]> {
  const problems: string[] = [];
  const postmaster = await postmasterPid(dataDir);

  if (!exited(child)) {
    child.kill('SIGINT');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
      problems.push(`the server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGINT; killed it`);
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    } else if (child.exitCode !== 0) {
      problems.push(`the server exited with ${child.exitCode ?? child.signalCode} after SIGINT`);
    }
  }
  // What it said on the way out (a failing shutdown says why), unless something it started holds the pipes.
  await Promise.race([outputClosed, sleep(2_000)]);

  // The server stops its PostgreSQL on the way out; give a slow fast-shutdown a moment, then insist.
  const leftovers = async () => {
    const found = await processesUsing(dataDir);
    if (postmaster && isAlive(postmaster) && !found.some((p) => p.pid === postmaster)) {
      found.push({ pid: postmaster, command: `postmaster ${postmaster}` });
    }
    return found;
  };
  let remaining = await leftovers();
  for (let waited = 0; remaining.length > 0 && waited < 5_000; waited += 250) {
    await sleep(250);
    remaining = await leftovers();
  }
  if (remaining.length > 0) {
    problems.push(
      `PostgreSQL still running after the server stopped: ${remaining.map((p) => `${p.pid} (${p.command})`).join(', ')}`,
    );
    // Processes of our own cluster: stop them by pid so the temp folder can go.
    for (const { pid } of remaining) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // already gone
      }
    }
    // Until they have exited (or 5 s), so the folders below can go.
    for (let waited = 0; remaining.some(({ pid }) => isAlive(pid)) && waited < 5_000; waited += 100) await sleep(100);
  }

  for (const dir of [dataDir, webDist]) {
    await fs.rm(dir, { recursive: true, force: true }).catch((error: unknown) => {
      problems.push(`could not remove ${dir}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return problems;
}

/**
 * Another server process on the first one's database (as behind a load balancer): its own port, no demo seeding, no
 * PostgreSQL of its own. The browser reaches it at http://localhost:<port>, so the session cookie is the same.
 */
export async function startAnotherProcess(
  first: RunningServer,
): Promise<{ baseURL: string; output(): string; stop(): Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-e2e-second-')),
      DATABASE_URL: first.databaseUrl,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      WEB_DIST: first.webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (exited(child)) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) child.kill('SIGKILL');
  };
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (exited(child)) throw new Error(`The second server process exited before it was healthy.\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, output: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The second server process was not ready within ${HEALTH_TIMEOUT_MS / 1000} s.\n${output}`);
    }
    await sleep(250);
  }
}
