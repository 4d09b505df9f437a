import { sql, type RawBuilder } from 'kysely';
import {
  SPENDING_LIMIT_INTERVALS,
  spendingWindowEnd,
  spendingWindowStart,
  type SpendingControls,
  type SpendingLimitInterval,
  type SpendingWindowInterval,
} from '@wallet/contract';
import type { DbOrTx, Tx } from '../../db/database.js';

/**
 * Spend per card per window (issue 20 point 2): what a card's daily, weekly, monthly and yearly limits have used.
 *
 * What a window counts: every approved hold created in it (UTC, windows as contract spendingWindowStart), at
 * `amount + captured_amount`, what it still holds plus what was captured of it. So:
 * - an approved decision adds its amount to each windowed interval the card has a limit for (same statement);
 * - an approved increment adds the increase;
 * - a release of what a hold still held (reversal, expiry, or the rest let go when the issuer closes it) gives that
 *   back to the window of the hold's creation, if that is still the row's current window;
 * - a capture moves cents from `amount` to `captured_amount`: the window is unchanged, except an over-capture, whose
 *   excess is added; refunds give nothing back (the purchase happened).
 * Only intervals with a limit are tracked: one row per card and interval holding its current window, changed in place
 * when a new window starts (migration 0027 says why a new window is never a new row). Every change happens with the
 * card row locked, so the row is never written by two transactions at once.
 */

const WINDOW_INTERVALS: readonly SpendingWindowInterval[] = ['daily', 'weekly', 'monthly', 'yearly'];

function isWindowInterval(interval: SpendingLimitInterval): interval is SpendingWindowInterval {
  return interval !== 'per_authorization';
}

/** The windowed intervals these controls limit. */
export function limitedWindowIntervals(controls: SpendingControls): SpendingWindowInterval[] {
  const limited = new Set(controls.spending_limits.map((limit) => limit.interval));
  return WINDOW_INTERVALS.filter((interval) => limited.has(interval));
}

/** The first day (date) of `interval`'s window holding the instant `at`: SQL of contract spendingWindowStart. */
export function spendWindowStartSql(interval: RawBuilder<unknown>, at: RawBuilder<unknown>): RawBuilder<string> {
  const day = sql`(${at} AT TIME ZONE 'UTC')`;
  return sql<string>`(CASE ${interval}
        WHEN 'daily' THEN ${day}::date
        WHEN 'weekly' THEN ${day}::date - extract(dow FROM ${day})::int
        WHEN 'monthly' THEN date_trunc('month', ${day})::date
        WHEN 'yearly' THEN date_trunc('year', ${day})::date
      END)`;
}

/** The first day of the next window (the day the limit is whole again): SQL of contract spendingWindowEnd. */
export function spendWindowEndSql(interval: RawBuilder<unknown>, at: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(${spendWindowStartSql(interval, at)} + CASE ${interval}
        WHEN 'daily' THEN interval '1 day'
        WHEN 'weekly' THEN interval '7 days'
        WHEN 'monthly' THEN interval '1 month'
        WHEN 'yearly' THEN interval '1 year'
      END)::date`;
}

/**
 * Recounts the card's current windows for the intervals these controls limit, from its approved holds, and forgets
 * the others: called in the transaction that sets a card's controls (the card row locked), so a monthly limit set on
 * the 20th counts what the card spent since the 1st.
 */
export async function resetSpendWindows(
  tx: Tx,
  card: { id: number; org_id: number },
  controls: SpendingControls,
): Promise<void> {
  const intervals = limitedWindowIntervals(controls);
  await tx
    .deleteFrom('card_spend_windows')
    .where('org_id', '=', card.org_id)
    .where('card_id', '=', card.id)
    .$if(intervals.length > 0, (qb) => qb.where('interval', 'not in', intervals))
    .execute();
  if (intervals.length === 0) return;
  const start = spendWindowStartSql(sql.ref('limited.interval'), sql`now()`);
  // The holds are the authorisations module's table; its spend is what this table caches, so the recount reads it.
  await sql`
    INSERT INTO card_spend_windows (org_id, card_id, interval, window_start, spent)
    SELECT ${card.org_id}::bigint, ${card.id}::bigint, limited.interval, win.start,
      coalesce((
        SELECT sum(hold.amount + hold.captured_amount)
        FROM authorization_holds hold
        WHERE hold.org_id = ${card.org_id} AND hold.card_id = ${card.id} AND hold.approved
          AND hold.created_at >= win.start::timestamp AT TIME ZONE 'UTC'
      ), 0)
    FROM unnest(${intervals}::text[]) AS limited(interval)
    CROSS JOIN LATERAL (SELECT ${start} AS start) AS win
    ON CONFLICT (card_id, interval) DO UPDATE SET window_start = excluded.window_start, spent = excluded.spent
  `.execute(tx);
}

export interface SpendingUsage {
  interval: SpendingLimitInterval;
  limit: number;
  spent: number;
  left: number;
  /** The first day of the next window; null for per_authorization. */
  resets_on: string | null;
}

/** Per limit, in interval order, what the current window has spent and left (GET /api/cards/{id} spending_usage). */
export async function spendingUsageOfCard(
  db: DbOrTx,
  card: { id: number; org_id: number; spending_controls: SpendingControls },
  now: Date = new Date(),
): Promise<SpendingUsage[]> {
  const limits = [...card.spending_controls.spending_limits].sort(
    (a, b) => SPENDING_LIMIT_INTERVALS.indexOf(a.interval) - SPENDING_LIMIT_INTERVALS.indexOf(b.interval),
  );
  if (limits.length === 0) return [];
  const rows = await db
    .selectFrom('card_spend_windows')
    .select(['interval', 'window_start', 'spent'])
    .where('org_id', '=', card.org_id)
    .where('card_id', '=', card.id)
    .execute();
  return limits.map(({ interval, amount }) => {
    if (!isWindowInterval(interval)) return { interval, limit: amount, spent: 0, left: amount, resets_on: null };
    const row = rows.find((r) => r.interval === interval);
    // A row of an earlier window has spent nothing of this one.
    const spent = row && row.window_start === spendingWindowStart(interval, now) ? row.spent : 0;
    return {
      interval,
      limit: amount,
      spent,
      left: Math.max(0, amount - spent),
      resets_on: spendingWindowEnd(interval, now),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The decision's fragments (authorizations/repo.ts decideAndHoldQuery: one statement on the locked card row).

/**
 * The card's limits as the decision reads them, over the CTE `card` (lockedCardForDecision): per limit its interval,
 * ord (per_authorization 1 ... yearly 5), limit_amount, window_start and resets_on (null for per_authorization) and
 * what the current window has spent (0 for per_authorization). The windows are read FOR UPDATE after the card's lock,
 * so each is its newest committed version even when the statement waited for the card (READ COMMITTED re-reads a
 * locked row; an unlocked read would see the statement's older snapshot).
 */
export function spendLimitsForDecision(): RawBuilder<unknown> {
  // Constants written into the text (no parameter): the bench inlines the statement's parameters for pgbench.
  const intervalOrder = sql.raw(`ARRAY[${SPENDING_LIMIT_INTERVALS.map((interval) => `'${interval}'`).join(', ')}]`);
  const start = spendWindowStartSql(sql.ref('l.interval'), sql`now()`);
  const end = spendWindowEndSql(sql.ref('l.interval'), sql`now()`);
  return sql`
      SELECT l.interval, array_position(${intervalOrder}, l.interval) AS ord,
        l.amount AS limit_amount, ${start} AS window_start, ${end} AS resets_on,
        CASE WHEN w.window_start = ${start} THEN w.spent ELSE 0 END AS spent
      FROM card
      CROSS JOIN LATERAL jsonb_to_recordset(card.spending_controls -> 'spending_limits') AS l(amount bigint, interval text)
      LEFT JOIN (
        SELECT interval, window_start, spent FROM card_spend_windows
        WHERE org_id = (SELECT org_id FROM card) AND card_id = (SELECT id FROM card)
        FOR UPDATE
      ) w ON w.interval = l.interval`;
}

/**
 * Adds the approved hold the statement inserted (the CTE named `hold`: org_id, card_id, amount, approved) to the
 * current window of each windowed limit (`limits`, spendLimitsForDecision); a row of an earlier window starts over.
 */
export function countApprovedHoldInWindows(hold: string): RawBuilder<unknown> {
  return sql`
      INSERT INTO card_spend_windows (org_id, card_id, interval, window_start, spent)
      SELECT ${sql.ref(`${hold}.org_id`)}, ${sql.ref(`${hold}.card_id`)}, limits.interval, limits.window_start,
        ${sql.ref(`${hold}.amount`)}
      FROM ${sql.table(hold)} JOIN limits ON limits.window_start IS NOT NULL
      WHERE ${sql.ref(`${hold}.approved`)}
      ON CONFLICT (card_id, interval) DO UPDATE SET
        spent = CASE WHEN card_spend_windows.window_start = excluded.window_start
          THEN card_spend_windows.spent + excluded.spent ELSE excluded.spent END,
        window_start = excluded.window_start
      RETURNING card_id`;
}

/**
 * Moves what a hold counts (`amount + captured_amount`) by `delta` in the windows of its creation that are still
 * current: a release gives back (negative), an increment or an over-capture adds. The card row is locked by the caller.
 */
export async function moveSpendOfHold(
  tx: Tx,
  hold: { org_id: number; card_id: number; created_at: Date },
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  const start = spendWindowStartSql(sql.ref('interval'), sql`${hold.created_at}::timestamptz`);
  await sql`
    UPDATE card_spend_windows SET spent = greatest(spent + ${delta}::bigint, 0)
    WHERE org_id = ${hold.org_id} AND card_id = ${hold.card_id} AND window_start = ${start}
  `.execute(tx);
}

/**
 * Counts a hold approved outside the decision statement (an authorisation the issuer approved without asking us,
 * learnt from its event) in the card's current windows, as the decision would have. The card row is locked.
 */
export async function countSpendOfNewHold(
  tx: Tx,
  card: { id: number; org_id: number; spending_controls: SpendingControls },
  amount: number,
): Promise<void> {
  const intervals = limitedWindowIntervals(card.spending_controls);
  if (intervals.length === 0 || amount <= 0) return;
  const start = spendWindowStartSql(sql.ref('limited.interval'), sql`now()`);
  await sql`
    INSERT INTO card_spend_windows (org_id, card_id, interval, window_start, spent)
    SELECT ${card.org_id}::bigint, ${card.id}::bigint, limited.interval, ${start}, ${amount}::bigint
    FROM unnest(${intervals}::text[]) AS limited(interval)
    ON CONFLICT (card_id, interval) DO UPDATE SET
      spent = CASE WHEN card_spend_windows.window_start = excluded.window_start
        THEN card_spend_windows.spent + excluded.spent ELSE excluded.spent END,
      window_start = excluded.window_start
  `.execute(tx);
}
