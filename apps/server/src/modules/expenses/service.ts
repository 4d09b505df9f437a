import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { ExpensesTable } from '../../db/schema.js';
import { drawDownHold, lockHold, type MerchantData, type Wallet } from '../authorizations/service.js';
import { lockCardForMovement, lockIssuerCard, moveSpendingLimit } from '../cards/service.js';
import { recordSpend } from '../ledger/service.js';
import type { ExpenseCriteria, ResolvedSort } from './criteria.js';
import * as repo from './repo.js';
import { insertExpense, type DailyAmount, type DayRange, type ExpenseSort } from './repo.js';
import { classifyExpense } from './classify.js';

export type { DailyAmount, DayRange, ExpenseSort };
export type ExpenseRow = Selectable<ExpensesTable>;

/** A page of one card's posted transactions. */
export function listCardExpenses(
  db: DbOrTx,
  orgId: number,
  cardId: number,
  sort: Array<{ column: ExpenseSort; direction: 'asc' | 'desc' }>,
  page: { number: number; size: number },
) {
  return repo.listCardExpenses(db, orgId, cardId, sort, page);
}

/** One card's transactions between two UTC days (both included), oldest first: its CSV. */
export function cardExpensesBetween(db: DbOrTx, orgId: number, cardId: number, from: string, to: string) {
  return repo.cardExpensesBetween(db, orgId, cardId, from, to);
}

/** A page of the All Transactions table, with how many match (a lower bound when counting stopped early). */
export function listExpenses(
  db: DbOrTx,
  criteria: ExpenseCriteria,
  sort: readonly ResolvedSort[],
  page: { number: number; size: number },
) {
  return repo.listExpenses(db, criteria, sort, page);
}

/** The first and last UTC day with a matching transaction; null when there is none. */
export function expenseDaySpan(db: DbOrTx, criteria: ExpenseCriteria) {
  return repo.expenseDaySpan(db, criteria);
}

/** A transaction's notes (admins, inline on the table): the row after, undefined when there is none. */
export function updateExpenseNotes(db: DbOrTx, orgId: number, id: number, notes: string | null) {
  return repo.updateExpenseNotes(db, orgId, id, notes);
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
