import { sql, type RawBuilder } from 'kysely';
import {
  RECEIPT_STATUS_LABELS,
  REPORT_EXPORT_EXTRA_LABELS,
  centsToDecimal,
  declineSentence,
  merchantCategoryName,
} from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { toCsv } from '../../http/csv.js';
import type { DeclineReason, HoldRow } from '../authorizations/service.js';
import { cardLabelsColumn, type CardRow } from '../cards/service.js';
import { teamBriefsColumn } from '../teams/service.js';
import { fullName, personNamesColumn } from '../users/service.js';
import { categoryNamesColumn } from '../wallet-categories/service.js';
import type { ExpenseInclude } from './criteria.js';
import { memoMissing, receiptStatusOf, type ExpensePolicy } from './expense-policy.js';
import { isLocked } from './month-lock.js';
import { closedMonthsColumn } from '../month-close/service.js';
import type { ExpenseRow } from './types.js';

/**
 * The expenses area's answers: a card's transactions and holds, the All Transactions table's rows (with the names of
 * what they point at, read from their modules by ExpenseLabels), and a card's transactions as CSV.
 */

/** What the labels of a transaction depend on. */
type Refs = Pick<ExpenseRow, 'user_id' | 'card_id' | 'wallet_category_id' | 'team_id'>;

type HoldView = Pick<
  HoldRow,
  'id' | 'status' | 'amount' | 'merchant_data' | 'wallet' | 'created_at' | 'stripe_created'
> &
  Partial<Pick<HoldRow, 'approved' | 'decline_reason' | 'decline_detail' | 'requested_amount'>>;
type CardView = Pick<CardRow, 'id' | 'last4' | 'name' | 'nickname' | 'purpose'>;

/** A hold of `card` (its last4 names the card in the decline's sentence). */
export function presentHold(hold: HoldView, card: Pick<CardRow, 'last4'>) {
  const reason = (hold.decline_reason ?? null) as DeclineReason | null;
  const detail = hold.decline_detail ?? null;
  return {
    id: hold.id,
    status: hold.status,
    amount: hold.amount,
    requested_amount: hold.requested_amount,
    approved: hold.approved,
    decline_reason: reason,
    decline_detail: detail,
    decline_explanation: reason ? declineSentence(reason, detail, card, hold.created_at) : null,
    merchant_data: hold.merchant_data,
    wallet: hold.wallet,
    created_at: hold.created_at.toISOString(),
    stripe_created: hold.stripe_created,
  };
}

/** A posted transaction; `closedMonths` (YYYY-MM) say whether it is locked (issue 21.6). */
export function presentExpense(
  expense: ExpenseRow,
  card: CardView,
  policy: ExpensePolicy,
  closedMonths: ReadonlySet<string>,
  hold?: HoldView,
) {
  return {
    id: expense.id,
    stripe_created: expense.stripe_created,
    amount: expense.amount,
    type: expense.type,
    merchant_data: expense.merchant_data,
    wallet: expense.wallet,
    wallet_card: { id: card.id, last4: card.last4, name: card.name, nickname: card.nickname },
    wallet_category_id: expense.wallet_category_id,
    team_id: expense.team_id,
    notes: expense.notes,
    receipt_status: receiptStatusOf(expense, policy),
    memo_required: memoMissing(expense, policy),
    locked: isLocked(expense, closedMonths),
    reviewed_at: expense.reviewed_at?.toISOString() ?? null,
    flagged: expense.flagged,
    ...(hold !== undefined && { issuing_authorization_hold: presentHold(hold, card) }),
  };
}

/**
 * Names of what transactions point at (holders, cards, categories, teams), fetched from their modules for a page or
 * an export batch and kept for the next: bounded by the organisation's size, not by how many rows go through.
 */
export class ExpenseLabels {
  readonly users = new Map<number, { id: number; name: string }>();
  readonly cards = new Map<number, CardView>();
  readonly categories = new Map<number, { id: number; name: string }>();
  readonly teams = new Map<number, { id: number; name: string; color: string }>();

  constructor(
    private readonly db: DbOrTx,
    private readonly orgId: number,
  ) {}

  /** Reads the names the rows point at that are not known yet: one statement, none when all are known. */
  async load(rows: readonly Refs[]): Promise<void> {
    await this.read(rows, null);
  }

  /** load, the months the organisation has closed (a page's locks) and `alongside`, in the same statement. */
  async loadForPage<T>(
    rows: readonly Refs[],
    alongside: RawBuilder<T>,
  ): Promise<{ closedMonths: ReadonlySet<string>; alongside: T }> {
    const found = (await this.read(rows, alongside))!;
    return { closedMonths: new Set(found.closed_months ?? []), alongside: found.alongside as T };
  }

  /** With `alongside` (a page): also the closed months and that column, whatever names are known already. */
  private async read(rows: readonly Refs[], alongside: RawBuilder<unknown> | null) {
    const missing = <T>(known: Map<number, T>, ids: ReadonlyArray<number | null>) => [
      ...new Set(ids.filter((id): id is number => id !== null && !known.has(id))),
    ];
    const userIds = missing(
      this.users,
      rows.map((row) => row.user_id),
    );
    const cardIds = missing(
      this.cards,
      rows.map((row) => row.card_id),
    );
    const categoryIds = missing(
      this.categories,
      rows.map((row) => row.wallet_category_id),
    );
    const teamIds = missing(
      this.teams,
      rows.map((row) => row.team_id),
    );
    if (!alongside && !userIds.length && !cardIds.length && !categoryIds.length && !teamIds.length) return null;
    // Every module's names in one round trip, each module's SQL from its own column builder (ISSUE 19.9).
    const { rows: read } = await sql<{
      users: Array<{ id: number; first_name: string; last_name: string }>;
      cards: CardView[];
      categories: Array<{ id: number; name: string }>;
      teams: Array<{ id: number; name: string; color: string }>;
      closed_months: string[] | null;
      alongside: unknown;
    }>`select ${personNamesColumn(this.orgId, userIds)} as users, ${cardLabelsColumn(this.orgId, cardIds)} as cards,
      ${categoryNamesColumn(this.orgId, categoryIds)} as categories, ${teamBriefsColumn(this.orgId, teamIds)} as teams,
      ${alongside ? closedMonthsColumn(this.orgId) : sql`null`} as closed_months,
      ${alongside ?? sql`null`} as alongside`.execute(this.db);
    const found = read[0]!;
    for (const user of found.users) this.users.set(user.id, { id: user.id, name: fullName(user) });
    // The columns answer exactly the shapes kept: no copying field by field.
    for (const card of found.cards) this.cards.set(card.id, card);
    for (const category of found.categories) this.categories.set(category.id, category);
    for (const team of found.teams) this.teams.set(team.id, team);
    return found;
  }

  card(row: Refs): CardView {
    return this.cards.get(row.card_id) ?? { id: row.card_id, last4: '', name: '', nickname: null, purpose: null };
  }
  user(row: Refs) {
    return this.users.get(row.user_id) ?? { id: row.user_id, name: '' };
  }
  category(row: Refs) {
    return row.wallet_category_id === null ? null : (this.categories.get(row.wallet_category_id) ?? null);
  }
  team(row: Refs) {
    return row.team_id === null ? null : (this.teams.get(row.team_id) ?? null);
  }
}

/** A row of the All Transactions table: the card-level shape plus, when included, holder, category and team. */
export function presentTableExpense(
  row: ExpenseRow,
  labels: ExpenseLabels,
  includes: ReadonlySet<ExpenseInclude>,
  policy: ExpensePolicy,
  closedMonths: ReadonlySet<string>,
) {
  return {
    ...presentExpense(row, labels.card(row), policy, closedMonths),
    ...(includes.has('user') && { user: labels.user(row) }),
    ...(includes.has('walletCategory') && { wallet_category: labels.category(row) }),
    ...(includes.has('team') && { team: labels.team(row) }),
  };
}

/** Rows of the All Transactions table, their labels read once for the page. */
export async function presentTableExpenses(
  db: DbOrTx,
  orgId: number,
  rows: ExpenseRow[],
  includes: ReadonlySet<ExpenseInclude>,
  policy: ExpensePolicy,
) {
  return (await presentTableExpensesWith(db, orgId, rows, includes, policy, sql<null>`null`)).presented;
}

/**
 * presentTableExpenses, and `alongside` (another module's column, e.g. the page's receipts) read in the same statement
 * as the labels: one round trip for all the page's names.
 */
export async function presentTableExpensesWith<T>(
  db: DbOrTx,
  orgId: number,
  rows: ExpenseRow[],
  includes: ReadonlySet<ExpenseInclude>,
  policy: ExpensePolicy,
  alongside: RawBuilder<T>,
) {
  const labels = new ExpenseLabels(db, orgId);
  const { closedMonths, alongside: read } = await labels.loadForPage(rows, alongside);
  return {
    presented: rows.map((row) => presentTableExpense(row, labels, includes, policy, closedMonths)),
    alongside: read,
  };
}

/** A card's transactions between two days as CSV (GET /api/cards/{id}/expenses/export), oldest first. */
/** A card's transactions as CSV; the last column is the receipt status as the policy judges it (issue 21.7). */
export function presentCardTransactionsCsv(card: CardView, rows: readonly ExpenseRow[], policy: ExpensePolicy): string {
  return toCsv(
    [
      'Posted Date',
      'Amount',
      'Type',
      'Merchant',
      'Category',
      'Category Code',
      'City',
      'State',
      'Country',
      'Digital Wallet',
      'Card',
      REPORT_EXPORT_EXTRA_LABELS.receipt,
    ],
    rows.map((row) => [
      new Date(row.stripe_created * 1000).toISOString().slice(0, 10),
      centsToDecimal(row.amount),
      row.type,
      row.merchant_data.name ?? '',
      merchantCategoryName(row.merchant_data.category) ?? '',
      row.merchant_data.category ?? '',
      row.merchant_data.city ?? '',
      row.merchant_data.state ?? '',
      row.merchant_data.country ?? '',
      row.wallet ?? '',
      `•••• ${card.last4}`,
      RECEIPT_STATUS_LABELS[receiptStatusOf(row, policy)],
    ]),
  );
}
