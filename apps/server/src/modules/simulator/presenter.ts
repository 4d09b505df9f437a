import type { SimulatedPurchase } from './service.js';

/** The simulator's answers: a purchase's decision, a posted transaction's id, a released hold's status. */

export function presentPurchase(purchase: SimulatedPurchase) {
  return {
    authorization_id: purchase.authorization_id,
    approved: purchase.approved,
    decline_reason: purchase.decline_reason,
    decline_detail: purchase.decline_detail,
    explanation: purchase.explanation,
    hold_id: purchase.hold_id,
    expense_id: purchase.expense_id,
  };
}

export function presentIncrement(decision: { approved: boolean; reason: string | null }) {
  return { approved: decision.approved, reason: decision.reason };
}

export function presentPostedTransaction(expense: { id: number } | null) {
  return { expense_id: expense?.id ?? null };
}

export function presentRelease(hold: { status: string } | null) {
  return { status: hold?.status ?? null };
}
