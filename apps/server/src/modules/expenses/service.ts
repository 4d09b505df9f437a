import * as cardSpendRepo from './card-spend-repo.js';
import { EXCEL_MAX_DATA_ROWS, isAdmin, REPORT_EXPORT_MESSAGES, type ReviewAction } from '@wallet/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { notFound, validationFailed } from '../../http/errors.js';
import {
  drawDownHold,
  holdsByIds,
  listHoldsOfCard,
  lockHold,
  type MerchantData,
  type Wallet,
} from '../authorizations/service.js';
import { lockCardForMovement, lockIssuerCard, moveSpendingLimit, type CardRow } from '../cards/service.js';
import { recordSpend } from '../ledger/service.js';
import type { ExpenseCriteria, ResolvedSort } from './criteria.js';
import * as repo from './repo.js';
import { insertExpense } from './repo.js';
import type { DailyAmount, DayRange, ExpenseRow, ExpenseSort } from './types.js';
import { classifyExpense } from './classify.js';
import { TtlCache } from './ttl-cache.js';
import { applyReviewAction, postedOfExpenses } from './review-repo.js';
import { assertExpenseOpen, assertPostedOpen } from './month-lock.js';
import type { ExpensePolicy } from './expense-policy.js';
import { cardIdOfExpense, missingReceiptPurchases, missingReceiptsByCard } from './receipt-policy-repo.js';
import type { MissingReceiptPurchase, PostedWindow } from './receipt-policy-types.js';
import {
  expenseBriefsByIds,
  markHasReceipt,
  purchasesOfAmount,
  type ReceiptCandidate as CandidateRow,
} from './receipt-candidates-repo.js';

/** A purchase a receipt may be for: id, amount, posted (seconds), merchant name. */
export type ReceiptCandidate = CandidateRow;

/** Who asks: their id and roles. */
interface Actor {
  id: number;
  roles: readonly string[];
}

export type { DailyAmount, DayRange, ExpenseRow, ExpenseSort } from './types.js';
/** How a purchase is classified, and the report export's columns (the analytics benchmark builds its data on them). */
export { classifyExpense } from './classify.js';
export { EXPORT_FIELD_NAMES } from './export.js';
/** A period's transactions that have receipts, for the receipts module's period archive (issue 21.7). */
export { receiptedTransactionsOfPeriod, type ReceiptedTransaction } from './period-transactions.js';

/** A page of the All Transactions table, with how many match (a lower bound when counting stopped early). */
export async function listExpenses(
  db: DbOrTx,
  criteria: ExpenseCriteria,
  sort: readonly ResolvedSort[],
  page: { number: number; size: number },
) {
  const key = criteria.search ? JSON.stringify(criteria) : null;
  const known = broadSearchesOf(db);
  const listed = await repo.listExpenses(db, criteria, sort, page, key ? known.get(key) : undefined);
  if (key && !listed.complete) known.set(key, { total: listed.total, complete: false });
  return listed;
}

/**
 * Searches found to match more than the count's limit, for a minute: a broad search ('Delta' in a million rows)
 * costs tens of milliseconds to count that far, and paging through its results, or running it again, would count
 * again what cannot have shrunk much (transactions are never deleted; only notes change).
 */
const broadSearches = new WeakMap<DbOrTx, TtlCache<{ total: number; complete: boolean }>>();
/** Per database: the same organisation id in another database (a process that talks to two) is another's. */
function broadSearchesOf(db: DbOrTx) {
  let searches = broadSearches.get(db);
  if (!searches) {
    searches = new TtlCache<{ total: number; complete: boolean }>(60_000, 1_000);
    broadSearches.set(db, searches);
  }
  return searches;
}

/**
 * A posted transaction the actor may reach: its cardholder's own, or any of the organisation's for an admin. Another's
 * is as missing to a member as another organisation's (404).
 */
export async function getReachableExpense(db: DbOrTx, orgId: number, actor: Actor, id: number): Promise<ExpenseRow> {
  const expense = await repo.findExpense(db, orgId, id);
  if (!expense || (expense.user_id !== actor.id && !isAdmin(actor.roles))) throw notFound();
  return expense;
}

/** A person's purchases a receipt of this amount, dated about then, may be for (the receipt inbox's matching). */
export function receiptCandidates(
  db: DbOrTx,
  criteria: { orgId: number; userId: number; amount: number; from: number; to: number; around: number },
): Promise<ReceiptCandidate[]> {
  return purchasesOfAmount(db, criteria);
}

/** Transactions by id, briefly (amount, posted, merchant name), for the receipt inbox. */
export function expenseBriefs(db: DbOrTx, orgId: number, ids: readonly number[]) {
  return expenseBriefsByIds(db, orgId, ids);
}

/**
 * An admin marks transactions reviewed (or not), or flags them (or not), all or none: an id the organisation does not
 * have is a 404 and nothing changes (another organisation's ids read as missing).
 */
export async function reviewExpenses(
  db: Db,
  orgId: number,
  actor: Actor,
  ids: readonly number[],
  action: ReviewAction,
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (tx) => {
    const posted = await postedOfExpenses(tx, orgId, unique);
    if (posted.length !== unique.length) throw notFound();
    // A closed month's transactions keep their marks (issue 21.6): one among them refuses the whole call (409).
    await assertPostedOpen(tx, orgId, posted);
    return applyReviewAction(tx, orgId, unique, action, actor.id);
  });
}

/**
 * Records whether the transaction has its receipt, in the caller's transaction (the receipts module's attach, replace,
 * remove and inbox): the one place a receipt's presence changes, so it refuses (409) a transaction of a closed month
 * and the caller's whole transaction rolls back (issue 21.6).
 */
export async function setHasReceipt(tx: Tx, orgId: number, expenseId: number, hasReceipt: boolean): Promise<void> {
  await assertExpenseOpen(tx, orgId, expenseId);
  await markHasReceipt(tx, orgId, expenseId, hasReceipt);
}

/** Whether a transaction may change now (its month is not closed), holding the month open to the caller's commit. */
export { expenseIsOpen } from './month-lock.js';

/** The organisation's receipt and memo policy, as transactions are judged by it (the receipt policy's schedule). */
export { expensePolicyOf, type ExpensePolicy } from './expense-policy.js';
export type { MissingReceiptPurchase, PostedWindow } from './receipt-policy-types.js';

/** Purchases missing the receipt the policy requires, posted in the window, oldest first (reminders). */
export function purchasesMissingReceipt(
  db: DbOrTx,
  orgId: number,
  policy: ExpensePolicy,
  window: PostedWindow,
): Promise<MissingReceiptPurchase[]> {
  return missingReceiptPurchases(db, orgId, policy, window);
}

/** Per card, how many purchases in the window miss a required receipt and the latest one's posting (deactivation). */
export function missingReceiptCountsByCard(db: DbOrTx, orgId: number, policy: ExpensePolicy, window: PostedWindow) {
  return missingReceiptsByCard(db, orgId, policy, window);
}

/** The card a transaction of the organisation was made with (a receipt's arrival reactivates it). */
export function cardIdOfTransaction(db: DbOrTx, orgId: number, expenseId: number): Promise<number | undefined> {
  return cardIdOfExpense(db, orgId, expenseId);
}

/**
 * A transaction's notes, its memo: an admin's on any of the organisation's, a cardholder's on their own (another's is
 * as missing as another organisation's). The row after.
 */
export async function updateExpenseNotes(
  db: Db,
  orgId: number,
  actor: Actor,
  id: number,
  notes: string | null,
): Promise<ExpenseRow> {
  return db.transaction().execute(async (tx) => {
    const expense = await getReachableExpense(tx, orgId, actor, id);
    await assertPostedOpen(tx, orgId, [expense]);
    const updated = await repo.updateExpenseNotes(tx, orgId, id, notes);
    if (!updated) throw notFound();
    return updated;
  });
}

/**
 * A page of one card's posted transactions (a card the caller may reach: cards' getCard), with the holds they settled
 * when asked (include=issuingAuthorizationHold).
 */
export async function listCardTransactions(
  db: DbOrTx,
  card: Pick<CardRow, 'id' | 'org_id'>,
  query: {
    sort: Array<{ column: ExpenseSort; direction: 'asc' | 'desc' }>;
    page: { number: number; size: number };
    withHolds: boolean;
  },
) {
  const { rows, total } = await repo.listCardExpenses(db, card.org_id, card.id, query.sort, query.page);
  const holds = query.withHolds
    ? new Map(
        (
          await holdsByIds(
            db,
            card.org_id,
            rows.flatMap((row) => (row.hold_id ? [row.hold_id] : [])),
          )
        ).map((hold) => [hold.id, hold]),
      )
    : undefined;
  return { rows, total, holds };
}

/** A page of one card's authorisation holds (a card the caller may reach). */
export function listCardHolds(
  db: DbOrTx,
  card: Pick<CardRow, 'id' | 'org_id'>,
  query: {
    status?: 'pending' | 'closed' | 'reversed' | 'expired' | 'declined';
    direction: 'asc' | 'desc';
    page: { number: number; size: number };
  },
) {
  return listHoldsOfCard(db, card.org_id, card.id, { status: query.status }, query.direction, query.page);
}

/** One card's transactions between two UTC days (both included), oldest first: the card's CSV. */
export function cardTransactionsBetween(db: DbOrTx, card: Pick<CardRow, 'id' | 'org_id'>, range: DayRange) {
  return repo.cardExpensesBetween(db, card.org_id, card.id, range.from, range.to);
}

/** The days an export covers: the filter's, else the first and last matching transaction's (null when none). */
export async function exportDaySpan(db: DbOrTx, criteria: ExpenseCriteria): Promise<DayRange | null> {
  return criteria.between ?? (await repo.expenseDaySpan(db, criteria));
}

/**
 * An Excel export whose rows would not fit one sheet is refused before it starts (422 on export_as, the report's
 * warning shows it): a file Excel cannot open whole is worse than none. Counted from the daily rollups where the
 * criteria allow, else up to the limit. `rows`: the sheet's limit, a parameter for tests.
 */
export async function assertExportFits(
  db: DbOrTx,
  criteria: ExpenseCriteria,
  format: 'csv' | 'xlsx',
  rows = EXCEL_MAX_DATA_ROWS,
): Promise<void> {
  if (format !== 'xlsx') return;
  const { total, complete } = await repo.countExpenses(db, criteria, rows);
  if (!complete || total > rows) throw validationFailed({ export_as: [REPORT_EXPORT_MESSAGES.excelTooManyRows] });
}

/** What each of these cards spent (captures less refunds) since the given unix second; cards with nothing absent. */
export function spentByCardSince(db: DbOrTx, orgId: number, cardIds: readonly number[], sinceUnix: number) {
  return cardSpendRepo.spentByCardSince(db, orgId, cardIds, sinceUnix);
}

/** Net spend (captures less refunds) posted since the given unix second (the dashboard's last 30 days). */
export function netSpendSince(db: DbOrTx, orgId: number, sinceUnix: number): Promise<number> {
  return repo.netSpendSince(db, orgId, sinceUnix);
}

/** Net spend per UTC day, from the rollups (or by when it was recorded, from the expenses themselves). */
export function dailySpend(
  db: DbOrTx,
  orgId: number,
  range: DayRange,
  options: { userId?: number; byCreated?: boolean } = {},
): Promise<DailyAmount[]> {
  return repo.dailySpend(db, orgId, range, options);
}

/** The biggest spenders, categories or teams over a range (all time when none), key 0 standing for none. */
export function spendByDimension(
  db: DbOrTx,
  orgId: number,
  dimension: 'user_id' | 'wallet_category_id' | 'team_id',
  range: DayRange | null,
  limit: number,
) {
  return repo.spendByDimension(db, orgId, dimension, range, limit);
}

export interface TransactionEvent {
  provider: string;
  providerTransactionId: string;
  /** The authorisation this transaction settles, when the issuer says. */
  providerAuthorizationId: string | null;
  providerCardId: string;
  type: 'capture' | 'refund';
  /** Positive cents: captured, or refunded. */
  amount: number;
  merchant: MerchantData;
  wallet: Wallet | null;
  stripeCreated: number;
  /** Whether this capture closes its authorisation (the simulator's captures do; Stripe says so in its own event). */
  closesAuthorization: boolean;
}

/**
 * Posts a capture or refund once per issuer transaction id: the expense, the card's spending limit (down by a
 * capture, up by a refund), the hold it settles, and the ledger, in one transaction. An over-capture is posted in
 * full even past what is left; the card then shows a negative available.
 */
export async function recordTransaction(db: Db, event: TransactionEvent): Promise<ExpenseRow | null> {
  return db.transaction().execute(async (tx) => {
    // Lock order everywhere: the hold, then its card.
    const known = event.providerAuthorizationId
      ? await lockHold(tx, event.provider, event.providerAuthorizationId)
      : undefined;
    const card = known
      ? await lockCardForMovement(tx, known.org_id, known.card_id)
      : await lockIssuerCard(tx, event.provider, event.providerCardId);
    if (!card) return null;
    const signed = event.type === 'capture' ? event.amount : -event.amount;
    const { teamId, categoryId } = await classifyExpense(tx, card.org_id, card.user_id, event.merchant);
    const expense = await insertExpense(tx, {
      org_id: card.org_id,
      card_id: card.id,
      user_id: card.user_id,
      hold_id: known?.id ?? null,
      provider: event.provider,
      provider_transaction_id: event.providerTransactionId,
      type: event.type,
      amount: signed,
      merchant_data: JSON.stringify(event.merchant),
      wallet: event.wallet,
      stripe_created: event.stripeCreated,
      team_id: teamId,
      wallet_category_id: categoryId,
    });
    if (!expense) return null; // already posted
    if (known && event.type === 'capture')
      await drawDownHold(tx, event.provider, event.providerAuthorizationId!, event.amount, event.closesAuthorization);
    await moveSpendingLimit(tx, card.id, -signed);
    await recordSpend(tx, {
      orgId: card.org_id,
      cardId: card.id,
      userId: card.user_id,
      reference: `${event.type}:${event.provider}:${event.providerTransactionId}`,
      amount: signed,
      description: event.merchant.name ?? null,
    });
    return expense;
  });
}
