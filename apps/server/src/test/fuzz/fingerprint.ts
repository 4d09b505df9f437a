import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { QUEUES } from '../../jobs/queue.js';

/**
 * What a rejected request may still change, and why:
 * - throttles: counting failed attempts (sign-in, password reset, registration) is their whole purpose;
 * - sessions: every authenticated request moves the session's last-activity time, so only their number counts
 *   (a rejected request must not open or end one);
 * - mail_messages: the delivery job marks queued mail sent/stored in the background, on its own clock, so only
 *   their number and newest id count (a rejected request must not queue mail);
 * - issuer_commands, issuer_sim_cards: the issuer outbox marks commands sent and the simulator applies them in the
 *   background, so only the commands' number and newest id (a rejected request must not queue one) and the
 *   simulator's number of cards count;
 * - kysely_migration*: untouched at run time, left out for speed.
 * Jobs that a request queues and that write rows of their own (forgot-password's lookup, link and mail; a notice's
 * mail) are waited for before each print, so their rows count against the request that queued them, not the next one.
 * The pgboss schema is not read at all: its supervisor and cron schedules write it on their own clock, and a job a
 * rejected request queued would show up in the table it writes.
 */
const SKIPPED = new Set(['throttles', 'kysely_migration', 'kysely_migration_lock']);
const COUNT_ONLY = new Set(['sessions', 'issuer_sim_cards']);
const COUNT_AND_MAX_ID = new Set(['mail_messages', 'issuer_commands']);

/** Queues whose jobs write what a request would have written itself. */
const REQUEST_JOBS = [QUEUES.requestPasswordReset, QUEUES.mailNotification];

async function requestJobsIdle(db: Db): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name IN (${sql.join(REQUEST_JOBS)}) AND state IN ('created', 'retry', 'active')`.execute(
      db,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`fingerprint: ${rows[0]!.n} request jobs still queued after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface Fingerprinter {
  /** One query: per table of the public schema, its row count and a hash of its contents. */
  take(): Promise<Map<string, string>>;
}

export async function fingerprinter(db: Db): Promise<Fingerprinter> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const parts = tables.rows
    .map((row) => row.name)
    .filter((name) => !SKIPPED.has(name))
    .map((name) => {
      const summary = COUNT_ONLY.has(name)
        ? `count(*)::text`
        : COUNT_AND_MAX_ID.has(name)
          ? `count(*)::text || '/' || coalesce(max(t.id), 0)::text`
          : `count(*)::text || '/' || coalesce(sum(hashtext(t::text)::bigint), 0)::text`;
      return `SELECT '${name}' AS name, ${summary} AS print FROM ${quote(name)} t`;
    });
  const query = sql.raw<{ name: string; print: string }>(parts.join(' UNION ALL '));
  return {
    async take() {
      await requestJobsIdle(db);
      const result = await query.execute(db);
      return new Map(result.rows.map((row) => [row.name, row.print]));
    },
  };
}

/** Tables whose print differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
}
