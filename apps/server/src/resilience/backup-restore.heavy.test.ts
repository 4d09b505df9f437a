import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { ensureDatabase } from '../db/connect.js';
import { createDb, migrateToLatest, type Db } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';
import { DEMO_PASSWORD, DEMO_SLUG, DEMO_USERS } from '../seed/demo.js';
import { useTestApp } from '../test/context.js';
import { HttpClient, repoRoot, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { ledgerIntegrity, SOUND_LEDGER } from '../modules/ledger/service.js';

/**
 * Issue 9 point 7, docs/OPERATIONS.md "Backups and restore": scripts/backup-restore-check.mjs run for real. pg_dump
 * refuses a server newer than itself, and the embedded PostgreSQL ships no client tools, so the database here is
 * a cluster of the PostgreSQL whose pg_dump this machine has (Debian's postgresql package; .ci/run installs it):
 * the server migrates it and seeds the demo organisation, then the script dumps it while top-ups keep arriving,
 * restores the dump into a new database and compares every table and the ledger. The copy is then opened by the
 * app itself.
 */
const ctx = useTestApp();
const SCRIPT = path.join(repoRoot, 'scripts/backup-restore-check.mjs');
const admin = DEMO_USERS.find((user) => user.role === 'super-admin')!;

/** A PostgreSQL installation with its server and its own pg_dump and pg_restore, the newest first. */
async function serverWithClientTools(): Promise<string | undefined> {
  const majors = (await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[])).sort(
    (a, b) => Number(b) - Number(a),
  );
  return majors
    .map((major) => `/usr/lib/postgresql/${major}/bin`)
    .find((bin) => ['postgres', 'initdb', 'pg_dump', 'pg_restore'].every((tool) => existsSync(path.join(bin, tool))));
}

function runCheck(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const withDatabase = (url: string, name: string) => {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
};

let binDir: string | undefined;
let work: string;
let cluster: EmbeddedPostgres | undefined;
let url: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  binDir = await serverWithClientTools();
  if (!binDir)
    throw new Error(
      'This test needs a PostgreSQL server with its client tools in /usr/lib/postgresql/<N>/bin: apt-get install -y postgresql (.ci/run installs it).',
    );
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-backup-test-'));
  await fs.chmod(work, 0o755);
  cluster = await startEmbeddedPostgres({ dataDir: path.join(work, 'cluster'), binDir, durable: false });
  await ensureDatabase(cluster.url, 'wallet');
  url = withDatabase(cluster.url, 'wallet');
  // The real server on that database: migrations, the demo organisation with a year of history, its jobs.
  server = await startServerProcess(
    { DATABASE_URL: url, SEED_DEMO: 'true', DEFAULT_ORG: DEMO_SLUG },
    { timeoutMs: 150_000 },
  );
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('scripts/backup-restore-check.mjs', () => {
  it('dumps a live database, restores it with the same rows and ledger, and the copy serves the app', async () => {
    const client = await new HttpClient(server!.baseUrl).signIn(admin.email, DEMO_PASSWORD);
    // Writes keep arriving while the dump runs: the dump and the figures it is checked against share a snapshot.
    let checking = true;
    let topups = 0;
    const writes = (async () => {
      while (checking) {
        const response = await client.post('/api/topups', { amount: 1_000, description: 'During the backup' });
        expect(response.status).toBe(201);
        topups++;
      }
    })();
    const check = await runCheck(['--keep'], { DATABASE_URL: url, PG_BIN: binDir! }).finally(() => (checking = false));
    await writes;
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('the backup restores');
    expect(topups).toBeGreaterThan(0);
    const restoredName = /restored into (\S+) in/.exec(check.stdout)?.[1];
    expect(restoredName).toMatch(/^wallet_restore_check_\d+$/);

    const restoredUrl = withDatabase(url, restoredName!);
    const restored: Db = createDb(restoredUrl, 2);
    try {
      expect(await migrateToLatest(restored)).toEqual([]);
      const organization = await restored
        .selectFrom('organizations')
        .select('id')
        .where('slug', '=', DEMO_SLUG)
        .executeTakeFirstOrThrow();
      expect(await ledgerIntegrity(restored, organization.id)).toEqual(SOUND_LEDGER);
      const { rows } = await sql<{ expenses: number }>`SELECT count(*)::int AS expenses FROM expenses`.execute(
        restored,
      );
      expect(rows[0]!.expenses).toBeGreaterThan(100);
    } finally {
      await restored.destroy();
    }

    // The restored copy is a working wallet: a server on it signs the admin in and lists the same cards.
    const cardsOn = async (base: HttpClient) =>
      ((await base.get('/api/cards')).json() as { meta: { total: number } }).meta.total;
    const copyServer = await startServerProcess(
      { DATABASE_URL: restoredUrl, SEED_DEMO: 'false', DEFAULT_ORG: DEMO_SLUG },
      { timeoutMs: 120_000 },
    );
    try {
      const onCopy = await new HttpClient(copyServer.baseUrl).signIn(admin.email, DEMO_PASSWORD);
      expect(
        ((await onCopy.get('/api/balance')).json() as { data: { available: number } }).data.available,
      ).toBeGreaterThan(0);
      const cards = await cardsOn(onCopy);
      expect(cards).toBeGreaterThan(0);
      expect(cards).toBe(await cardsOn(client));
    } finally {
      await copyServer.stop();
      const adminDb = new pg.Client({ connectionString: cluster!.url });
      await adminDb.connect();
      await adminDb
        .query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(restoredName!)} WITH (FORCE)`)
        .finally(() => adminDb.end());
    }
  });

  it('refuses, saying why, when no pg_dump is as new as the server', async () => {
    // The test cluster is the embedded PostgreSQL (newer than the client tools found above).
    const { rows } = await sql<{
      major: number;
    }>`SELECT (current_setting('server_version_num')::int / 10000) AS major`.execute(ctx.db);
    const serverMajor = rows[0]!.major;
    const toolsMajor = Number(path.basename(path.dirname(binDir!)));
    if (toolsMajor >= serverMajor) return; // this machine can dump the embedded server too: nothing to refuse
    const check = await runCheck([], { DATABASE_URL: ctx.databaseUrl, PG_BIN: binDir! });
    expect(check.code).toBe(2);
    expect(check.stderr).toContain(`No pg_dump of PostgreSQL ${serverMajor} or newer`);
    expect(check.stdout).toBe('');
  });
});
