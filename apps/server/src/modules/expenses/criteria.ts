import { z } from 'zod';
import {
  MAX_STRING,
  RECEIPT_STATUSES,
  REVIEW_FILTERS,
  idSchema,
  isCalendarDay,
  type ReceiptStatus,
  type ReviewFilter,
} from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { validationFailed } from '../../http/errors.js';
import { parseListQuery, type SortTerm } from '../../http/list-query.js';
import { listCards } from '../cards/service.js';
import { listTeams } from '../teams/service.js';
import { userIdsInNameOrder, userIdsMatchingNames, type Actor } from '../users/service.js';
import { listCategories } from '../wallet-categories/service.js';
import { expensePolicyOf, type ExpensePolicy } from './expense-policy.js';
import { transactionsHolder } from './policy.js';
import type { DayRange } from './types.js';

/** The All Transactions table (PRODUCT.md §2): its filters, its sortable columns and its includes. */
export const EXPENSE_SORTS = [
  'posted_date',
  'amount',
  'cardholder',
  'card',
  'merchant',
  'category',
  'team',
  'type',
  'wallet',
  'notes',
] as const;
export type ExpenseListSort = (typeof EXPENSE_SORTS)[number];
export const EXPENSE_INCLUDES = ['user', 'walletCard', 'walletCategory', 'team'] as const;
export type ExpenseInclude = (typeof EXPENSE_INCLUDES)[number];
export const EXPENSE_TYPES = ['capture', 'refund'] as const;
export const EXPENSE_WALLETS = ['apple_pay', 'google_pay', 'samsung_pay'] as const;
export type ExpenseWallet = (typeof EXPENSE_WALLETS)[number];
export const WALLET_LABELS: Record<ExpenseWallet, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
};
export const UNCATEGORIZED = 'Uncategorized';

export type { DayRange } from './types.js';

/** "day,{from},{to}" (or "{from},{to}", as the analytics take it): UTC days, both included. */
const betweenFilter = z.string().transform((raw, context): DayRange => {
  const parts = raw.split(',').map((part) => part.trim());
  const [from = '', to = ''] =
    parts.length === 3 && parts[0] === 'day' ? parts.slice(1) : parts.length === 2 ? parts : [];
  if (!isCalendarDay(from) || !isCalendarDay(to)) {
    context.addIssue({ code: 'custom', message: 'Use day,{from},{to} with real dates as YYYY-MM-DD.' });
    return z.NEVER;
  }
  if (from > to) {
    context.addIssue({ code: 'custom', message: 'The start date must be on or before the end date.' });
    return z.NEVER;
  }
  return { from, to };
});

function listOf<T extends string>(allowed: readonly T[], what: string) {
  return z.string().transform((raw, context): T[] => {
    const values = [
      ...new Set(
        raw
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = values.filter((value) => !(allowed as readonly string[]).includes(value));
    if (unknown.length || values.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `Unknown ${what}: ${unknown.join(', ') || '(empty)'}. Use ${allowed.join(', ')}.`,
      });
      return z.NEVER;
    }
    return values as T[];
  });
}

export const EXPENSE_FILTERS = {
  custom_search: z.string().max(MAX_STRING, `The search may not be greater than ${MAX_STRING} characters.`),
  between: betweenFilter,
  type: listOf(EXPENSE_TYPES, 'type'),
  wallet: listOf(EXPENSE_WALLETS, 'wallet'),
  user_id: idSchema,
  card_id: idSchema,
  /** attached, missing or not_required (issue 21.2). */
  receipt: z.enum(RECEIPT_STATUSES, { error: `The receipt filter must be one of: ${RECEIPT_STATUSES.join(', ')}.` }),
  /** needed or reviewed (issue 21.6). */
  review: z.enum(REVIEW_FILTERS, { error: `The review filter must be one of: ${REVIEW_FILTERS.join(', ')}.` }),
};

/** Ids of whatever else a search term may name: the cardholder, the card, the category, the team, the wallet. */
export interface SearchMatch {
  pattern: string;
  userIds: number[];
  cardIds: number[];
  categoryIds: number[];
  teamIds: number[];
  wallets: ExpenseWallet[];
  types: Array<(typeof EXPENSE_TYPES)[number]>;
  uncategorized: boolean;
}

export interface ExpenseCriteria {
  orgId: number;
  /** The receipt and memo policy filter[receipt] and filter[review] judge by. */
  policy: ExpensePolicy;
  userId?: number;
  cardId?: number;
  between?: DayRange;
  types?: Array<(typeof EXPENSE_TYPES)[number]>;
  wallets?: ExpenseWallet[];
  search?: SearchMatch;
  receipt?: ReceiptStatus;
  review?: ReviewFilter;
}

/** A sort term ready for SQL: columns that live in other modules carry their ids in display order. */
export interface ResolvedSort extends SortTerm<ExpenseListSort> {
  order?: number[];
}

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ALL = { number: 1, size: 1_000_000 };

async function searchMatch(db: DbOrTx, orgId: number, text: string): Promise<SearchMatch> {
  const lower = text.toLowerCase();
  const compact = text.replace(/\s+/g, '');
  const [userIds, cards, categories, teams] = await Promise.all([
    compact ? userIdsMatchingNames(db, orgId, [compact]) : Promise.resolve([]),
    /^[\d\s•*]+$/.test(text)
      ? listCards(db, orgId, {}, [], ALL, async () => []).then((result) => result.rows)
      : Promise.resolve([]),
    listCategories(db, orgId),
    listTeams(db, orgId, { search: text }, [], ALL).then((result) => result.rows),
  ]);
  const digits = text.replace(/[^\d]/g, '');
  return {
    pattern: likePattern(text),
    userIds,
    cardIds: digits ? cards.filter((card) => card.last4.includes(digits)).map((card) => card.id) : [],
    categoryIds: categories
      .filter((category) => category.name.toLowerCase().includes(lower))
      .map((category) => category.id),
    teamIds: teams.map((team) => team.id),
    wallets: EXPENSE_WALLETS.filter(
      (wallet) => WALLET_LABELS[wallet].toLowerCase().includes(lower) || wallet.includes(lower),
    ),
    types: EXPENSE_TYPES.filter((type) => type.includes(lower)),
    uncategorized: UNCATEGORIZED.toLowerCase().includes(lower),
  };
}

async function orderOf(db: DbOrTx, orgId: number, column: ExpenseListSort): Promise<number[] | undefined> {
  switch (column) {
    case 'cardholder':
      return userIdsInNameOrder(db, orgId);
    case 'card':
      return (await listCards(db, orgId, {}, [{ column: 'last4', direction: 'asc' }], ALL, async () => [])).rows.map(
        (card) => card.id,
      );
    case 'category':
      return (await listCategories(db, orgId)).map((category) => category.id);
    case 'team':
      return (await listTeams(db, orgId, {}, [{ column: 'name', direction: 'asc' }], ALL)).rows.map((team) => team.id);
    default:
      return undefined;
  }
}

export interface ParsedExpenseQuery {
  criteria: ExpenseCriteria;
  sort: ResolvedSort[];
  includes: Set<ExpenseInclude>;
  page: { number: number; size: number };
}

/**
 * The list's query string (and the export's: the same filters and sort) into criteria: members see only their own
 * transactions, whatever filter[user_id] says.
 */
export async function parseExpenseQuery(
  db: DbOrTx,
  orgId: number,
  actor: Actor,
  query: Record<string, unknown>,
  extra: readonly string[] = [],
): Promise<ParsedExpenseQuery> {
  const parsed = parseListQuery(query, {
    filters: EXPENSE_FILTERS,
    sorts: EXPENSE_SORTS,
    includes: EXPENSE_INCLUDES,
    extra,
    defaultSort: '-posted_date',
  });
  const { filters } = parsed;
  const seen = new Set<string>();
  for (const term of parsed.sort) {
    if (seen.has(term.column)) throw validationFailed({ sort: [`The sort names ${term.column} twice.`] });
    seen.add(term.column);
  }
  const userId = transactionsHolder(actor, filters.user_id);
  const text = filters.custom_search?.trim();
  const criteria: ExpenseCriteria = {
    orgId,
    policy: await expensePolicyOf(db, orgId),
    ...(userId !== undefined && { userId }),
    ...(filters.card_id !== undefined && { cardId: filters.card_id }),
    ...(filters.between && { between: filters.between }),
    ...(filters.type && { types: filters.type }),
    ...(filters.wallet && { wallets: filters.wallet }),
    ...(filters.receipt && { receipt: filters.receipt }),
    ...(filters.review && { review: filters.review }),
    ...(text && { search: await searchMatch(db, orgId, text) }),
  };
  const sort = await Promise.all(
    parsed.sort.map(async (term): Promise<ResolvedSort> => {
      const order = await orderOf(db, orgId, term.column);
      return order ? { ...term, order } : term;
    }),
  );
  return { criteria, sort, includes: parsed.includes, page: parsed.page };
}
