import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase } from '../db/connect.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';

/**
 * An embedded PostgreSQL cluster of a test's own, in a temporary folder, durable like production (fsync and
 * synchronous commit on, unlike the shared test cluster), that the test may kill with SIGKILL and start again on
 * the same port. `destroy()` stops whatever runs and removes the folder.
 */
export interface KillableCluster {
  /** Connection string of the `wallet` database. */
  url: string;
  port: number;
  /** SIGKILL to the postmaster; resolves when it and every backend it had are gone. */
  kill(): Promise<void>;
  /** Starts PostgreSQL again on the same files and port (it runs crash recovery first). */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes whose parent is `pid` (from /proc: Linux only, as the embedded binaries are). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(entry));
  }
  return children;
}

async function waitUntilGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = pids.filter(running);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startKillableCluster(): Promise<KillableCluster> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-resilience-pg-'));
  await fs.chmod(root, 0o755); // as root, the postgres user must reach the cluster folder inside
  const dataDir = path.join(root, 'cluster');
  let cluster: EmbeddedPostgres | undefined;
  try {
    cluster = await startEmbeddedPostgres({ dataDir, durable: true });
    await ensureDatabase(cluster.url, 'wallet');
  } catch (error) {
    await cluster?.stop();
    await fs.rm(root, { recursive: true, force: true });
    throw error;
  }
  const port = cluster.port;
  const url = new URL(cluster.url);
  url.pathname = '/wallet';

  const killEverything = async () => {
    const pid = await postmasterPid(dataDir);
    if (pid === undefined || !running(pid)) return;
    const backends = await childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    // Backends notice their postmaster died and exit; one that doesn't within the grace period is killed too,
    // as PostgreSQL won't start while a process of the old one still holds its shared memory.
    const lingering = await waitUntilGone([pid, ...backends], 10_000);
    for (const child of lingering) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    await waitUntilGone(lingering, 5_000);
  };

  return {
    url: url.toString(),
    port,
    kill: killEverything,
    async restart() {
      cluster = await startEmbeddedPostgres({ dataDir, port, durable: true });
    },
    async destroy() {
      await cluster?.stop().catch(() => undefined);
      await killEverything().catch(() => undefined);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
