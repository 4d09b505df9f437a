import type { Db } from '../../db/database.js';
import { drawDownHold, findHold, lockHold, type MerchantData, type Wallet } from '../authorizations/service.js';
import { applyCardMovement, lockCard, lockCardByProviderId } from '../cards/service.js';
import { recordSpend } from '../ledger/service.js';
import { insertExpense, type ExpenseRow } from './repo.js';
import { classifyExpense } from './classify.js';

export {
  listCardExpenses,
  cardExpensesBetween,
  listExpenses,
  expenseDaySpan,
  eachExpenseBatch,
  findExpense,
  updateExpenseNotes,
  netSpendSince,
  dailySpend,
  spendByDimension,
  type ExpenseRow,
  type ExpenseSort,
  type DailyAmount,
  type DayRange,
} from './repo.js';

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
      ? await lockCard(tx, known.org_id, known.card_id)
      : await lockCardByProviderId(tx, event.provider, event.providerCardId);
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
    await applyCardMovement(tx, card.id, { limitDelta: -signed });
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

export { findHold };
