import { randomBytes } from 'node:crypto';
import { declineSentence, SIMULATOR_MESSAGES, type DeclineDetail } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import {
  authorize,
  findHold,
  incrementAuthorization,
  releaseHold,
  type DeclineReason,
  type MerchantData,
  type Wallet,
} from '../authorizations/service.js';
import { findCard, type CardRow } from '../cards/service.js';
import { recordTransaction } from '../expenses/service.js';
import { cardActivity, publishLive } from '../live/service.js';

const PROVIDER = 'simulator';
const simulatedId = (prefix: string) => `${prefix}_sim_${randomBytes(10).toString('hex')}`;

/** The simulator's merchants and wallets (the demo seed, the CLI and the benchmarks buy from them too). */
export { MERCHANTS, WALLETS, randomMerchant } from './merchants.js';

export interface PurchaseInput {
  amount: number;
  merchant: MerchantData;
  wallet: Wallet | null;
  capture: 'now' | 'later' | 'never';
  /** Unix seconds; the demo history back-dates purchases. */
  at?: number;
}

/**
 * A card purchase as the simulator issuer would send it: the very same authorisation decision a real issuer's
 * webhook gets, then (if asked) the capture.
 */
/** A simulated purchase's outcome (the CLI, the seed and POST /api/simulator/purchases read it). */
export interface SimulatedPurchase {
  authorization_id: string;
  approved: boolean;
  decline_reason: DeclineReason | null;
  /** What the decision knew when it declined (the sentence's figures). */
  decline_detail: DeclineDetail | null;
  explanation: string | null;
  hold_id: number | null;
  expense_id: number | null;
}

export async function simulatePurchase(
  db: Db,
  card: Pick<CardRow, 'id' | 'org_id'>,
  input: PurchaseInput,
): Promise<SimulatedPurchase> {
  const authorizationId = simulatedId('iauth');
  const stripeCreated = input.at ?? Math.floor(Date.now() / 1000);
  // The card is read by the decision itself (one statement); only a miss looks further, to say why.
  const decision = await authorize(db, {
    provider: PROVIDER,
    providerAuthorizationId: authorizationId,
    ownCard: { orgId: card.org_id, cardId: card.id },
    amount: input.amount,
    merchant: input.merchant,
    wallet: input.wallet,
    stripeCreated,
  });
  if (decision.reason === 'card_not_found') {
    const found = await findCard(db, card.org_id, card.id);
    throw found && found.provider !== PROVIDER ? conflict(SIMULATOR_MESSAGES.notSimulatorCard) : notFound();
  }
  // Only a decline reads the card again, for the last four digits its sentence names.
  const declinedCard = decision.reason ? await findCard(db, card.org_id, card.id) : undefined;
  let expenseId: number | null = null;
  if (decision.approved && input.capture === 'now') {
    expenseId = (await captureAuthorization(db, authorizationId, input.amount, stripeCreated))?.id ?? null;
  }
  // The decision told the open apps; a capture made with it changes the card again.
  if (expenseId !== null) publishLive(db, cardActivity(card.org_id, card.id));
  return {
    authorization_id: authorizationId,
    approved: decision.approved,
    decline_reason: decision.reason,
    decline_detail: decision.detail,
    explanation:
      decision.reason && declinedCard ? declineSentence(decision.reason, decision.detail, declinedCard) : null,
    hold_id: decision.holdId,
    expense_id: expenseId,
  };
}

async function simulatedHold(db: Db, orgId: number, authorizationId: string) {
  const hold = await findHold(db, PROVIDER, authorizationId);
  if (!hold || hold.org_id !== orgId) throw notFound();
  return hold;
}

/**
 * Captures (all, part, or more than held) and closes the authorisation. A simulated authorisation is captured
 * once, so its capture's transaction id derives from the authorisation's: two captures racing (a double click)
 * post one expense.
 */
export async function captureAuthorization(db: Db, authorizationId: string, amount: number, at?: number) {
  const hold = (await findHold(db, PROVIDER, authorizationId))!;
  if (!hold.approved) throw conflict(SIMULATOR_MESSAGES.declinedNotCapturable);
  return recordTransaction(db, {
    provider: PROVIDER,
    providerTransactionId: `ipi_sim_capture_${authorizationId.replace(/^iauth_sim_/, '')}`,
    providerAuthorizationId: authorizationId,
    providerCardId: '',
    type: 'capture',
    amount,
    merchant: hold.merchant_data,
    wallet: hold.wallet,
    stripeCreated: at ?? Math.floor(Date.now() / 1000),
    closesAuthorization: true,
  });
}

export async function simulateCapture(db: Db, orgId: number, authorizationId: string, amount?: number) {
  const hold = await simulatedHold(db, orgId, authorizationId);
  if (hold.status !== 'pending') throw conflict(SIMULATOR_MESSAGES.onlyPendingCapturable);
  const expense = await captureAuthorization(db, authorizationId, amount ?? hold.amount);
  if (!expense) throw conflict(SIMULATOR_MESSAGES.onlyPendingCapturable); // another capture won the race
  publishLive(db, cardActivity(orgId, hold.card_id));
  return expense;
}

export async function simulateRefund(db: Db, orgId: number, authorizationId: string, amount: number, at?: number) {
  const hold = await simulatedHold(db, orgId, authorizationId);
  if (hold.captured_amount === 0) throw conflict(SIMULATOR_MESSAGES.onlyCapturedRefundable);
  const refund = await recordTransaction(db, {
    provider: PROVIDER,
    providerTransactionId: simulatedId('ipi'),
    providerAuthorizationId: authorizationId,
    providerCardId: '',
    type: 'refund',
    amount,
    merchant: hold.merchant_data,
    wallet: hold.wallet,
    stripeCreated: at ?? Math.floor(Date.now() / 1000),
    closesAuthorization: false,
  });
  publishLive(db, cardActivity(orgId, hold.card_id));
  return refund;
}

export async function simulateRelease(db: Db, orgId: number, authorizationId: string, status: 'reversed' | 'expired') {
  const hold = await simulatedHold(db, orgId, authorizationId);
  if (hold.status !== 'pending') throw conflict(SIMULATOR_MESSAGES.onlyPendingReleasable);
  const released = await releaseHold(db, PROVIDER, authorizationId, status);
  publishLive(db, cardActivity(orgId, hold.card_id));
  return released;
}

export async function simulateIncrement(db: Db, orgId: number, authorizationId: string, newAmount: number) {
  const hold = await simulatedHold(db, orgId, authorizationId);
  const decision = await incrementAuthorization(db, PROVIDER, authorizationId, newAmount);
  publishLive(db, cardActivity(orgId, hold.card_id));
  return decision;
}
