import { randomUUID } from 'node:crypto';
import type { DbOrTx, Tx } from '../../db/database.js';
import { ledgerIntegrity } from './integrity.js';
import * as repo from './repo.js';
import {
  accountBalance,
  findEntryByReference,
  fundsMovements,
  insertEntry,
  insertLines,
  lockAccount,
  type OrgAccountKind,
} from './repo.js';

export { ledgerIntegrity, SOUND_LEDGER, type LedgerIntegrity } from './integrity.js';

/**
 * The client's Idempotency-Key header, the key of a money operation's references: a retried create, funding or top-up
 * with the same key counts once. Without a usable one (8 to 100 letters, digits, _ or -) each call is new.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[\w-]{8,100}$/.test(header) ? header : randomUUID();
}

/**
 * The journal half of the integrity check (entries that don't balance, cached balances that drifted), for tests that
 * assert only it; ledgerIntegrity is the whole check.
 */
export async function integrityProblems(db: DbOrTx, orgId: number) {
  const { unbalancedEntries, driftedAccounts } = await ledgerIntegrity(db, orgId);
  return { unbalancedEntries, driftedAccounts };
}

/** The organisation-level account of a kind (issuer funds, spent, outside), opened on first use. */
export function orgAccountId(db: DbOrTx, orgId: number, kind: OrgAccountKind): Promise<number> {
  return repo.orgAccountId(db, orgId, kind);
}

/** The card's account, opened on first use. */
export function cardAccountId(db: DbOrTx, orgId: number, cardId: number): Promise<number> {
  return repo.cardAccountId(db, orgId, cardId);
}

/** Net captured on a card (captures less refunds): what an issuer's all-time spending control has counted. */
export function netSpentOfCard(db: DbOrTx, orgId: number, cardId: number): Promise<number> {
  return repo.netSpentOfCard(db, orgId, cardId);
}

/** Money allocated to cards (fundings less defundings) per UTC day, for the organisation or one holder. */
export function dailyCardAllocations(db: DbOrTx, orgId: number, range: { from: string; to: string }, userId?: number) {
  return repo.dailyCardAllocations(db, orgId, range, userId);
}

/** The organisation's unallocated funds before `from`, and their net change per UTC day within the range. */
export function fundsBalanceDaily(db: DbOrTx, orgId: number, range: { from: string; to: string }) {
  return repo.fundsBalanceDaily(db, orgId, range);
}

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
  const accountId = await repo.orgAccountId(tx, orgId, 'issuer_funds');
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
    repo.orgAccountId(tx, params.orgId, 'outside'),
    repo.orgAccountId(tx, params.orgId, 'issuer_funds'),
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
    repo.orgAccountId(tx, params.orgId, 'outside'),
    repo.orgAccountId(tx, params.orgId, 'issuer_funds'),
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
    repo.orgAccountId(tx, params.orgId, 'issuer_funds'),
    repo.cardAccountId(tx, params.orgId, params.cardId),
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
    repo.orgAccountId(tx, params.orgId, 'issuer_funds'),
    repo.cardAccountId(tx, params.orgId, params.cardId),
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
  const accountId = await repo.orgAccountId(db, orgId, 'issuer_funds');
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
    repo.cardAccountId(tx, params.orgId, params.cardId),
    repo.orgAccountId(tx, params.orgId, 'spent'),
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
