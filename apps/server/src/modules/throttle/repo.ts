import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * Counts a hit in a fixed window shared by every server process; returns the hits so far, the seconds left in the
 * window and the window's start (exactly as stored, for takeBackHit). One statement, so concurrent hits are never lost.
 */
export async function recordHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number; windowStartedAt: string }> {
  const { rows } = await sql<{ hits: number; retry_after: number; window_started_at: string }>`
    INSERT INTO throttles AS t (key, hits, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE t.hits + 1 END,
      window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE t.window_started_at END
    RETURNING hits, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now()))::float8 AS retry_after,
      window_started_at::text AS window_started_at
  `.execute(db);
  const row = rows[0]!;
  return { hits: row.hits, retryAfter: row.retry_after, windowStartedAt: row.window_started_at };
}

/**
 * Gives back one hit counted by recordHit, if its window is still the current one (a hit of a window that has
 * ended is gone with it). One statement, never below zero.
 */
export async function takeBackHit(db: DbOrTx, key: string, windowStartedAt: string): Promise<void> {
  await sql`
    UPDATE throttles SET hits = GREATEST(hits - 1, 0)
    WHERE key = ${key} AND window_started_at = ${windowStartedAt}::timestamptz
  `.execute(db);
}

export async function hitsInWindow(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    SELECT hits, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now()))::float8 AS retry_after
    FROM throttles WHERE key = ${key} AND window_started_at > now() - make_interval(secs => ${windowSeconds})
  `.execute(db);
  return rows[0] ? { hits: rows[0].hits, retryAfter: rows[0].retry_after } : { hits: 0, retryAfter: 0 };
}

export async function clearHits(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
