import type { DbOrTx, Tx } from '../../db/database.js';
import {
  accountBalance,
  cardAccountId,
  findEntryByReference,
  fundsMovements,
  insertEntry,
  insertLines,
  integrityProblems,
  lockAccount,
  netSpentOfCard,
  orgAccountId,
  spentSince,
} from './repo.js';

export { dailyCardAllocations, fundsBalanceDaily } from './repo.js';
export { integrityProblems, orgAccountId, cardAccountId, spentSince, netSpentOfCard };

/** What an entry moves: lines that must sum to zero (the database refuses the commit otherwise). */
export interface EntryInput {
  orgId: number;
  /** Idempotency reference: the same operation retried carries the same one and is recorded once. */
  reference: string;
  kind: 'topup' | 'topup_reversal' | 'card_funding' | 'card_defunding' | 'card_cancellation' | 'capture' | 'refund';
  description?: string | null;
  cardId?: number | null;
  userId?: number | null;
  createdBy?: number | null;
  /** When it happened, if not now: only the demo seed back-dates (its history spans a year). */
  at?: Date;
  lines: ReadonlyArray<{ accountId: number; amount: number }>;
}

/** Posts an entry in the caller's transaction; false when the reference was already recorded (a retry). */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<boolean> {
  const lines = entry.lines.filter((line) => line.amount !== 0);
  if (lines.length === 0) return false;
  if (lines.some((line) => !Number.isSafeInteger(line.amount))) throw new Error('ledger amounts are integer cents');
  if (lines.reduce((sum, line) => sum + line.amount, 0) !== 0)
    throw new Error(`journal entry ${entry.reference} does not balance`);
  const entryId = await insertEntry(tx, {
    org_id: entry.orgId,
    reference: entry.reference,
    kind: entry.kind,
    description: entry.description ?? null,
    card_id: entry.cardId ?? null,
    user_id: entry.userId ?? null,
    created_by: entry.createdBy ?? null,
    ...(entry.at && { created_at: entry.at }),
  });
  if (entryId === null) return false;
  await insertLines(tx, entry.orgId, entryId, lines);
  return true;
}

export function entryExists(db: DbOrTx, orgId: number, reference: string) {
  return findEntryByReference(db, orgId, reference).then(Boolean);
}

/** Funds at the issuer not allocated to any card. */
export function unallocatedFunds(db: DbOrTx, orgId: number): Promise<number> {
  return accountBalance(db, orgId, 'issuer_funds');
}

/** Locks the organisation's funds account (serialises fundings) and returns what is unallocated. */
export async function lockUnallocatedFunds(tx: Tx, orgId: number): Promise<{ accountId: number; available: number }> {
  const accountId = await orgAccountId(tx, orgId, 'issuer_funds');
  return { accountId, available: await lockAccount(tx, accountId) };
}

/** Money in from outside to the organisation's funds at the issuer. */
export async function recordTopup(
  tx: Tx,
  params: {
    orgId: number;
    reference: string;
    amount: number;
    description: string;
    createdBy: number | null;
    at?: Date;
  },
) {
  const [outside, funds] = await Promise.all([
    orgAccountId(tx, params.orgId, 'outside'),
    orgAccountId(tx, params.orgId, 'issuer_funds'),
  ]);
  return postEntry(tx, {
    orgId: params.orgId,
    reference: params.reference,
    kind: 'topup',
    description: params.description,
    createdBy: params.createdBy,
    at: params.at,
    lines: [
      { accountId: outside, amount: -params.amount },
      { accountId: funds, amount: params.amount },
    ],
  });
}

/**
 * A top-up the issuer took back (Stripe's topup.reversed): the money leaves the organisation's funds for the outside
 * again. The one entry that may take the funds below zero (the database refuses any other): when the money was on
 * cards already, the organisation is short until a new top-up covers it.
 */
export async function recordTopupReversal(
  tx: Tx,
  params: { orgId: number; reference: string; amount: number; description: string },
) {
  const [outside, funds] = await Promise.all([
    orgAccountId(tx, params.orgId, 'outside'),
    orgAccountId(tx, params.orgId, 'issuer_funds'),
  ]);
  return postEntry(tx, {
    orgId: params.orgId,
    reference: params.reference,
    kind: 'topup_reversal',
    description: params.description,
    lines: [
      { accountId: funds, amount: -params.amount },
      { accountId: outside, amount: params.amount },
    ],
  });
}

/** What a card canceled by the issuer still had allocated (less what it holds) goes back to the organisation's funds. */
export async function recordCardCancellation(
  tx: Tx,
  params: { orgId: number; cardId: number; userId: number; reference: string; amount: number; description: string },
) {
  const [funds, card] = await Promise.all([
    orgAccountId(tx, params.orgId, 'issuer_funds'),
    cardAccountId(tx, params.orgId, params.cardId),
  ]);
  return postEntry(tx, {
    orgId: params.orgId,
    reference: params.reference,
    kind: 'card_cancellation',
    description: params.description,
    cardId: params.cardId,
    userId: params.userId,
    lines: [
      { accountId: card, amount: -params.amount },
      { accountId: funds, amount: params.amount },
    ],
  });
}

/** Moves `delta` cents from the organisation's funds to a card (negative: back from the card). */
export async function recordCardAllocation(
  tx: Tx,
  params: {
    orgId: number;
    cardId: number;
    userId: number;
    reference: string;
    delta: number;
    description: string | null;
    createdBy: number | null;
    at?: Date;
  },
) {
  const [funds, card] = await Promise.all([
    orgAccountId(tx, params.orgId, 'issuer_funds'),
    cardAccountId(tx, params.orgId, params.cardId),
  ]);
  return postEntry(tx, {
    orgId: params.orgId,
    reference: params.reference,
    kind: params.delta >= 0 ? 'card_funding' : 'card_defunding',
    description: params.description,
    cardId: params.cardId,
    userId: params.userId,
    createdBy: params.createdBy,
    at: params.at,
    lines: [
      { accountId: funds, amount: -params.delta },
      { accountId: card, amount: params.delta },
    ],
  });
}

/** Every movement of the organisation's funds in order, with the balance after each. */
export async function fundsStatement(db: DbOrTx, orgId: number) {
  const accountId = await orgAccountId(db, orgId, 'issuer_funds');
  let balance = 0;
  return (await fundsMovements(db, orgId, accountId)).map((movement) => {
    balance += movement.amount;
    return { ...movement, balance };
  });
}

/** A capture moves money from the card's allocation to spent; a refund (negative amount) moves it back. */
export async function recordSpend(
  tx: Tx,
  params: {
    orgId: number;
    cardId: number;
    userId: number;
    reference: string;
    amount: number;
    description: string | null;
  },
) {
  const [card, spent] = await Promise.all([
    cardAccountId(tx, params.orgId, params.cardId),
    orgAccountId(tx, params.orgId, 'spent'),
  ]);
  return postEntry(tx, {
    orgId: params.orgId,
    reference: params.reference,
    kind: params.amount >= 0 ? 'capture' : 'refund',
    description: params.description,
    cardId: params.cardId,
    userId: params.userId,
    lines: [
      { accountId: card, amount: -params.amount },
      { accountId: spent, amount: params.amount },
    ],
  });
}
