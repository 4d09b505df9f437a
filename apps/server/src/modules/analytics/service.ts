import { cardDisplayName, todayIso, type AnalyticsAnswer } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { topCardBalances } from '../cards/service.js';
import { dailySpend, spendByDimension } from '../expenses/service.js';
import { dailyTopups } from '../funding/service.js';
import { dailyCardAllocations, fundsBalanceDaily } from '../ledger/service.js';
import { dailyTransferred } from '../purchase-requests/service.js';
import { findTeamsByIds } from '../teams/service.js';
import { assertCanReach, findUsersByIds, fullName, type Actor } from '../users/service.js';
import { categoriesByIds } from '../wallet-categories/service.js';
import { bucketFlows, bucketLevels, periodsBetween, type Row } from './periods.js';
import type { Aggregation } from './query.js';

type Range = { from: string; to: string };
type Daily = Array<{ day: string; amount: number }>;
type Top = 'spender' | 'card_balance' | 'category' | 'team';

/** What an analytics endpoint answers: rows ({date, amount} or a top list) and the filter it applied. */
export type { AnalyticsAnswer };

/** Where a series' money comes from: daily flows, or a balance (opening plus daily changes). */
type Source =
  | { kind: 'flow'; daily(range: Range, byCreated: boolean): Promise<Daily> }
  | { kind: 'level'; daily(range: Range): Promise<{ opening: number; daily: Daily }> };

const ALL_TIME: Range = { from: '2000-01-01', to: '2999-12-31' };

async function topRows(db: Db, orgId: number, by: Top, range: Range | null, limit: number) {
  if (by === 'card_balance') {
    const cards = await topCardBalances(db, orgId, limit);
    return cards.map((card) => ({
      id: card.id,
      label: `${cardDisplayName(card)} •••• ${card.last4}`,
      user_id: card.user_id,
      amount: Number(card.available),
    }));
  }
  const dimension = by === 'spender' ? 'user_id' : by === 'category' ? 'wallet_category_id' : 'team_id';
  const rows = await spendByDimension(db, orgId, dimension, range, limit);
  const ids = rows.map((row) => Number(row.key)).filter((id) => id > 0);
  const labels = new Map<number, string>(
    by === 'spender'
      ? (await findUsersByIds(db, orgId, ids)).map((user) => [user.id, fullName(user)])
      : by === 'category'
        ? (await categoriesByIds(db, orgId, ids)).map((category) => [category.id, category.name])
        : (await findTeamsByIds(db, orgId, ids)).map((team) => [team.id, team.name]),
  );
  const fallback = by === 'category' ? 'Uncategorized' : by === 'team' ? 'No team' : 'Unknown';
  return rows.map((row) => ({
    id: Number(row.key) || null,
    label: labels.get(Number(row.key)) ?? fallback,
    amount: Number(row.amount),
  }));
}

async function aggregate(
  db: Db,
  orgId: number,
  source: Source,
  aggregation: Aggregation,
  byCreated: boolean,
): Promise<AnalyticsAnswer> {
  if (aggregation.kind === 'top') {
    return {
      data: await topRows(db, orgId, aggregation.by, aggregation.range, aggregation.limit),
      meta: { filter: `top_five_${aggregation.by}`, ...aggregation.range },
    };
  }
  if (aggregation.kind === 'single') {
    const range = aggregation.range ?? { from: ALL_TIME.from, to: todayIso() };
    let amount: number;
    if (source.kind === 'flow')
      amount = (await source.daily(range, byCreated)).reduce((sum, row) => sum + Number(row.amount), 0);
    else {
      const { opening, daily } = await source.daily(range);
      amount = daily.reduce((sum, row) => sum + Number(row.amount), opening);
    }
    return { data: [{ date: aggregation.range?.from ?? null, amount }], meta: { filter: 'group_single', ...range } };
  }
  const { unit, how, range } = aggregation;
  // Periods are labelled by their first day (months by the 1st); only the range's days are read and counted.
  const periods = periodsBetween(range.from, range.to, unit);
  let rows: Row[];
  if (source.kind === 'flow') rows = bucketFlows(await source.daily(range, byCreated), periods, unit, how, range);
  else {
    const { opening, daily } = await source.daily(range);
    rows = bucketLevels(opening, daily, periods, unit, how, range);
  }
  return { data: rows, meta: { filter: `${how}_over_${unit}s`, from: range.from, to: range.to } };
}

/** The organisation's series (admins): card spend, top-ups, card allocations, and the funds balance. */
export type OrgSeries = 'expenses' | 'topups' | 'journal-entries' | 'wallet-balances';
/** A person's own series: their card spend, their card allocations, their transferred requests. */
export type UserSeries = 'expenses' | 'journal-entries' | 'purchase-requests';

function orgSource(db: Db, orgId: number, series: OrgSeries): Source {
  switch (series) {
    case 'expenses':
      return { kind: 'flow', daily: (range, byCreated) => dailySpend(db, orgId, range, { byCreated }) };
    case 'topups':
      return { kind: 'flow', daily: (range, byCreated) => dailyTopups(db, orgId, range, byCreated) };
    case 'journal-entries':
      return { kind: 'flow', daily: (range) => dailyCardAllocations(db, orgId, range) };
    case 'wallet-balances':
      return { kind: 'level', daily: (range) => fundsBalanceDaily(db, orgId, range) };
  }
}

function userSource(db: Db, orgId: number, userId: number, series: UserSeries): Source {
  switch (series) {
    case 'expenses':
      return { kind: 'flow', daily: (range, byCreated) => dailySpend(db, orgId, range, { userId, byCreated }) };
    case 'journal-entries':
      return { kind: 'flow', daily: (range) => dailyCardAllocations(db, orgId, range, userId) };
    case 'purchase-requests':
      return { kind: 'flow', daily: (range) => dailyTransferred(db, orgId, range, userId) };
  }
}

/** One of the organisation's analytics answers: a gap-filled series, a single total, or a top list. */
export function organizationAnalytics(
  db: Db,
  orgId: number,
  series: OrgSeries,
  aggregation: Aggregation,
  byCreated: boolean,
): Promise<AnalyticsAnswer> {
  return aggregate(db, orgId, orgSource(db, orgId, series), aggregation, byCreated);
}

/**
 * Members read only their own figures, admins anyone's in the organisation; someone of another organisation, or
 * nobody, is a 404 (never an empty series).
 */
export async function assertCanReadFiguresOf(db: Db, orgId: number, actor: Actor, userId: number): Promise<void> {
  assertCanReach(actor, userId);
  if ((await findUsersByIds(db, orgId, [userId])).length === 0) throw notFound();
}

/** One of a person's analytics answers (check assertCanReadFiguresOf first). */
export function userAnalytics(
  db: Db,
  orgId: number,
  userId: number,
  series: UserSeries,
  aggregation: Aggregation,
  byCreated: boolean,
): Promise<AnalyticsAnswer> {
  return aggregate(db, orgId, userSource(db, orgId, userId, series), aggregation, byCreated);
}
