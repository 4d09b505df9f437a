import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../db/embedded-postgres.js';
import { repoRoot } from '../test/server-process.js';

/**
 * PgBouncer and HAProxy from Debian's packages, started from the repository's own config files (deploy/), for the
 * heavy tests that run several server processes the way OPERATIONS.md "Scaling out" deploys them.
 */
const PGBOUNCER = '/usr/sbin/pgbouncer';
const HAPROXY = '/usr/sbin/haproxy';

export interface Daemon {
  output(): string;
  stop(): Promise<void>;
}

async function installed(binary: string, debianPackage: string): Promise<void> {
  await fs.access(binary).catch(() => {
    throw new Error(`${binary} is missing: apt-get install ${debianPackage} (.ci/run installs it)`);
  });
}

/** Fills ${NAME} from values; a name without a value is an error (a config silently half-filled is worse). */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}}`);
    return value;
  });
}

function supervise(child: ChildProcess): Daemon & { exited: () => boolean } {
  let output = '';
  const append = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000));
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    output: () => output,
    exited,
    async stop() {
      if (exited()) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

async function waitFor(what: string, ready: () => Promise<boolean>, daemon: { exited(): boolean; output(): string }) {
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (daemon.exited() || Date.now() > deadline) throw new Error(`${what} did not start:\n${daemon.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface PgBouncer extends Daemon {
  /** The database through PgBouncer (transaction pooling): what the server processes get as DATABASE_URL. */
  url: string;
  /** SHOW POOLS of PgBouncer's admin console: the pool of the database, its mode and connections. */
  pool(): Promise<{ pool_mode: string; sv_active: number; sv_idle: number; cl_active: number; cl_waiting: number }>;
}

/** PgBouncer for one database, configured by deploy/pgbouncer.ini. */
export async function startPgBouncer(databaseUrl: string): Promise<PgBouncer> {
  await installed(PGBOUNCER, 'pgbouncer');
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username);
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-pgbouncer-'));
  // PgBouncer refuses to run as root: as root it drops to the postgres user, which must read its files.
  await fs.chmod(runDir, 0o777);
  const authFile = path.join(runDir, 'userlist.txt');
  await fs.writeFile(authFile, `"${user}" "${decodeURIComponent(target.password)}"\n`, { mode: 0o644 });
  const port = await freePort();
  const template = await fs.readFile(path.join(repoRoot, 'deploy/pgbouncer.ini'), 'utf8');
  const configFile = path.join(runDir, 'pgbouncer.ini');
  await fs.writeFile(
    configFile,
    renderTemplate(template, {
      PG_HOST: target.hostname,
      PG_PORT: target.port || '5432',
      PG_DATABASE: database,
      PG_USER: user,
      PGBOUNCER_PORT: String(port),
      PGBOUNCER_AUTH_FILE: authFile,
      PGBOUNCER_RUN_DIR: runDir,
    }),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const daemon = supervise(child);
  const url = new URL(databaseUrl);
  url.port = String(port);
  const admin = new URL(url);
  admin.pathname = '/pgbouncer';
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      return (await client.query(text)).rows as Array<Record<string, string>>;
    } finally {
      await client.end();
    }
  };
  await waitFor(
    'pgbouncer',
    () =>
      adminQuery('SHOW VERSION').then(
        () => true,
        () => false,
      ),
    daemon,
  );
  return {
    url: url.toString(),
    output: daemon.output,
    async stop() {
      await daemon.stop();
      await fs.rm(runDir, { recursive: true, force: true });
    },
    async pool() {
      const row = (await adminQuery('SHOW POOLS')).find((pool) => pool.database === database);
      if (!row) throw new Error(`PgBouncer has no pool for ${database}`);
      const count = (name: string) => Number(row[name]);
      return {
        pool_mode: row.pool_mode ?? '',
        sv_active: count('sv_active'),
        sv_idle: count('sv_idle'),
        cl_active: count('cl_active'),
        cl_waiting: count('cl_waiting'),
      };
    },
  };
}

export interface ServerState {
  name: string;
  /** HAProxy's status of the server: UP, DOWN, MAINT, or a transition such as 'UP 1/2'. */
  status: string;
  /** Requests HAProxy has sent it. */
  sent: number;
}

export interface Haproxy extends Daemon {
  baseUrl: string;
  /** The backend's servers as HAProxy's stats page reports them. */
  servers(): Promise<ServerState[]>;
}

/** HAProxy in front of up to three server addresses (host:port), configured by deploy/haproxy.cfg. */
export async function startHaproxy(servers: string[]): Promise<Haproxy> {
  await installed(HAPROXY, 'haproxy');
  if (servers.length < 1 || servers.length > 3) throw new Error('deploy/haproxy.cfg names three servers');
  const [port, statsPort, unused] = await Promise.all([freePort(), freePort(), freePort()]);
  const env: Record<string, string> = {
    ...process.env,
    WALLET_BIND: `127.0.0.1:${port}`,
    WALLET_STATS_BIND: `127.0.0.1:${statsPort}`,
  };
  // A slot without a process points at a port nobody listens on: HAProxy's checks keep it out of rotation.
  for (let slot = 0; slot < 3; slot++) env[`WALLET_SERVER_${slot + 1}`] = servers[slot] ?? `127.0.0.1:${unused}`;
  const configFile = path.join(repoRoot, 'deploy/haproxy.cfg');
  const check = spawn(HAPROXY, ['-c', '-q', '-f', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const checked = supervise(check);
  const code = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  if (code !== 0) throw new Error(`haproxy -c refused deploy/haproxy.cfg:\n${checked.output()}`);
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const daemon = supervise(child);
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const servers_ = async (): Promise<ServerState[]> => {
    const csv = await (await fetch(statsUrl)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    return rows
      .map((line) => line.split(','))
      .filter((row) => at(row, 'pxname') === 'wallet_servers' && !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
      .map((row) => ({ name: at(row, 'svname'), status: at(row, 'status'), sent: Number(at(row, 'stot')) }));
  };
  await waitFor(
    'haproxy',
    () =>
      servers_().then(
        () => true,
        () => false,
      ),
    daemon,
  );
  return { baseUrl: `http://127.0.0.1:${port}`, output: daemon.output, stop: daemon.stop, servers: servers_ };
}
