import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * Counts a hit in a fixed window shared by every server process; returns the hits so far and the
 * seconds left in the window. One statement, so concurrent hits are never lost.
 */
export async function recordHit(db: DbOrTx, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    INSERT INTO throttles AS t (key, hits, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE t.hits + 1 END,
      window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE t.window_started_at END
    RETURNING hits, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now()))::float8 AS retry_after
  `.execute(db);
  const row = rows[0]!;
  return { hits: row.hits, retryAfter: row.retry_after };
}

export async function hitsInWindow(db: DbOrTx, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    SELECT hits, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now()))::float8 AS retry_after
    FROM throttles WHERE key = ${key} AND window_started_at > now() - make_interval(secs => ${windowSeconds})
  `.execute(db);
  return rows[0] ? { hits: rows[0].hits, retryAfter: rows[0].retry_after } : { hits: 0, retryAfter: 0 };
}

export async function clearHits(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
