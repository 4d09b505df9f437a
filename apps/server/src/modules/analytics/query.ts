import { z } from 'zod';
import { isCalendarDay, todayIso } from '@wallet/contract';
import { badRequest, validationFailed } from '../../http/errors.js';
import { lastPeriods, periodsBetween, type Unit } from './periods.js';

/** The analytics filters of PRODUCT.md §7, as docs/API.md defines them. */
export type Aggregation =
  | { kind: 'series'; unit: Unit; how: 'sum' | 'max'; range: { from: string; to: string } }
  | { kind: 'single'; range: { from: string; to: string } | null }
  | {
      kind: 'top';
      by: 'spender' | 'card_balance' | 'category' | 'team';
      range: { from: string; to: string } | null;
      limit: number;
    };

const SERIES = {
  sum_over_months: ['month', 'sum'],
  sum_over_days: ['day', 'sum'],
  max_over_months: ['month', 'max'],
  max_over_days: ['day', 'max'],
} as const;
const TOPS = {
  top_five_spender: 'spender',
  top_five_card_balances: 'card_balance',
  top_five_categories: 'category',
  top_five_teams: 'team',
} as const;
const MAX_PERIODS = { day: 1_100, month: 120 } as const;
/** "from,to" or "day,from,to": UTC days, both included. */
function parseRange(raw: string, field: string): { from: string; to: string } {
  const parts = raw.split(',').map((part) => part.trim());
  const [from, to] = parts.length === 3 && parts[0] === 'day' ? parts.slice(1) : parts.length === 2 ? parts : [];
  if (!isCalendarDay(from) || !isCalendarDay(to)) {
    throw validationFailed({ [field]: ['Use from,to (or day,from,to) with real dates as YYYY-MM-DD.'] });
  }
  if (from > to) throw validationFailed({ [field]: ['The start date must be on or before the end date.'] });
  return { from, to };
}

const count = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number.` })
    .int(`${field} must be a whole number.`)
    .min(1, `${field} must be at least 1.`)
    .max(max, `${field} may not be greater than ${max}.`);

export function parseAnalyticsQuery(
  query: Record<string, unknown>,
  allowed: { tops: ReadonlyArray<keyof typeof TOPS>; extra?: Record<string, readonly string[]> },
): { aggregation: Aggregation; byCreated: boolean } {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const text = String(Array.isArray(value) ? value[value.length - 1] : value);
    const match = /^filter\[(\w+)\]$/.exec(key);
    const extra = allowed.extra?.[key];
    if (match) filters[match[1]!] = text;
    else if (!extra) throw badRequest(`Unknown parameter: ${key}.`);
    else if (!extra.includes(text)) throw validationFailed({ [key]: [`${key} may only be ${extra.join(' or ')}.`] });
  }
  const known = new Set([
    ...Object.keys(SERIES),
    ...allowed.tops,
    'group_single',
    'between',
    'between_created',
    'limit',
  ]);
  for (const name of Object.keys(filters)) if (!known.has(name)) throw badRequest(`Unknown filter: ${name}.`);

  const aggregations = Object.keys(filters).filter((name) => name in SERIES || name in TOPS || name === 'group_single');
  if (aggregations.length > 1) throw validationFailed({ filter: [`Choose one of ${aggregations.join(', ')}.`] });
  if (filters.between !== undefined && filters.between_created !== undefined) {
    throw validationFailed({ filter: ['Use either between or between_created, not both.'] });
  }
  const range =
    filters.between !== undefined
      ? parseRange(filters.between, 'filter.between')
      : filters.between_created !== undefined
        ? parseRange(filters.between_created, 'filter.between_created')
        : null;
  const byCreated = filters.between_created !== undefined;
  const limitParsed =
    filters.limit === undefined ? { success: true as const, data: 5 } : count('limit', 100).safeParse(filters.limit);
  if (!limitParsed.success)
    throw validationFailed({ 'filter.limit': limitParsed.error.issues.map((issue) => issue.message) });
  const name = aggregations[0] ?? 'sum_over_months';

  if (name in SERIES) {
    const [unit, how] = SERIES[name as keyof typeof SERIES];
    const raw = filters[name] ?? '6';
    const parsed = count(name, MAX_PERIODS[unit]).safeParse(raw);
    if (!parsed.success)
      throw validationFailed({ [`filter.${name}`]: parsed.error.issues.map((issue) => issue.message) });
    const window = range ?? lastPeriods(parsed.data, unit, todayIso());
    if (periodsBetween(window.from, window.to, unit).length > MAX_PERIODS[unit]) {
      throw validationFailed({
        [byCreated ? 'filter.between_created' : 'filter.between']: [
          `The range may span at most ${MAX_PERIODS[unit]} ${unit}s for ${name}.`,
        ],
      });
    }
    return { aggregation: { kind: 'series', unit, how, range: window }, byCreated };
  }
  if (name === 'group_single') return { aggregation: { kind: 'single', range }, byCreated };
  return {
    aggregation: { kind: 'top', by: TOPS[name as keyof typeof TOPS], range, limit: limitParsed.data },
    byCreated,
  };
}
