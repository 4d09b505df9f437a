import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, todayIso } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { orgOf, userOf } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { topCardBalances } from '../cards/service.js';
import { dailySpend, spendByDimension } from '../expenses/service.js';
import { dailyTopups } from '../funding/service.js';
import { dailyCardAllocations, fundsBalanceDaily } from '../ledger/service.js';
import { dailyTransferred } from '../purchase-requests/queries.js';
import { findTeamsByIds } from '../teams/service.js';
import { assertCanReach, findUsersByIds, fullName } from '../users/service.js';
import { categoriesByIds } from '../wallet-categories/service.js';
import { bucketFlows, bucketLevels, periodsBetween, type Row } from './periods.js';
import { parseAnalyticsQuery, type Aggregation } from './query.js';

type Range = { from: string; to: string };
type Daily = Array<{ day: string; amount: number }>;
type Top = 'spender' | 'card_balance' | 'category' | 'team';

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
      label: `${card.name} •••• ${card.last4}`,
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

async function answer(
  db: Db,
  orgId: number,
  source: Source,
  aggregation: Aggregation,
  byCreated: boolean,
): Promise<{ data: unknown[]; meta: Record<string, unknown> }> {
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

const userParams = z.object({ id: idSchema });

export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const query = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

  const orgRoute = (
    path: string,
    tops: Array<'top_five_spender' | 'top_five_card_balances' | 'top_five_categories' | 'top_five_teams'>,
    source: (orgId: number) => Source,
  ) =>
    app.get(path, { onRequest: requireAdmin, schema: { querystring: query } }, async (request) => {
      const org = orgOf(request);
      const { aggregation, byCreated } = parseAnalyticsQuery(request.query, { tops });
      return answer(db, org.id, source(org.id), aggregation, byCreated);
    });

  orgRoute(
    '/api/expenses/analytics',
    ['top_five_spender', 'top_five_card_balances', 'top_five_categories', 'top_five_teams'],
    (orgId) => ({
      kind: 'flow',
      daily: (range, byCreated) => dailySpend(db, orgId, range, { byCreated }),
    }),
  );
  orgRoute('/api/topups/analytics', [], (orgId) => ({
    kind: 'flow',
    daily: (range, byCreated) => dailyTopups(db, orgId, range, byCreated),
  }));
  orgRoute('/api/journal-entries/analytics', [], (orgId) => ({
    kind: 'flow',
    daily: (range) => dailyCardAllocations(db, orgId, range),
  }));
  orgRoute('/api/wallet-balances/analytics', ['top_five_card_balances'], (orgId) => ({
    kind: 'level',
    daily: (range) => fundsBalanceDaily(db, orgId, range),
  }));

  /** A person's own figures: members read only their own, admins anyone's in the organisation. */
  const userRoute = (
    path: string,
    extra: Record<string, readonly string[]>,
    source: (orgId: number, userId: number) => Source,
  ) =>
    app.get(path, { onRequest: requireUser, schema: { params: userParams, querystring: query } }, async (request) => {
      const org = orgOf(request);
      assertCanReach(userOf(request), request.params.id);
      // Someone of another organisation, or nobody: 404, never an empty series.
      if ((await findUsersByIds(db, org.id, [request.params.id])).length === 0) throw notFound();
      const { aggregation, byCreated } = parseAnalyticsQuery(request.query, { tops: [], extra });
      return answer(db, org.id, source(org.id, request.params.id), aggregation, byCreated);
    });

  userRoute('/api/users/:id/expenses/analytics', {}, (orgId, userId) => ({
    kind: 'flow',
    daily: (range, byCreated) => dailySpend(db, orgId, range, { userId, byCreated }),
  }));
  userRoute('/api/users/:id/journal-entries/analytics', {}, (orgId, userId) => ({
    kind: 'flow',
    daily: (range) => dailyCardAllocations(db, orgId, range, userId),
  }));
  userRoute('/api/users/:id/purchase-requests/analytics', { where_not_null: ['transferred'] }, (orgId, userId) => ({
    kind: 'flow',
    daily: (range) => dailyTransferred(db, orgId, range, userId),
  }));
}
