import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { TopupsTable } from '../../db/schema.js';
import { IssuerUnavailable } from '../../http/errors.js';
import { issuerRefusal, type IssuingProvider } from '../../issuing/provider.js';
import { LEDGER_ENTRY_LABELS, type StatementMonth } from '@wallet/contract';
import { assignedOut, findCard, viaIssuer } from '../cards/service.js';
import { netSpendSince } from '../expenses/service.js';
import {
  fundsStatement,
  lockUnallocatedFunds,
  recordTopup,
  recordTopupReversal,
  unallocatedFunds,
} from '../ledger/service.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import { afterFundsChanged } from '../card-settings/service.js';
import { mailAdminsAboutShortfall, type FundingMailDeps } from './mails.js';
import * as repo from './repo.js';
import {
  failPendingTopup,
  findProviderTopupByOwnId,
  findTopupByProviderId,
  insertTopupOnce,
  lockTopup,
  storeProviderTopupId,
  updateTopup,
} from './repo.js';
import { organisationFundsChanged, publishLive } from '../live/service.js';

/** What a reversal needs to mail the admins about a shortfall (webhooks pass it on). */
export type { FundingMailDeps } from './mails.js';

export type TopupRow = Selectable<TopupsTable>;

/** A page of the organisation's top-ups, newest first (Account Funding). */
export function listTopups(db: DbOrTx, orgId: number, page: { number: number; size: number }) {
  return repo.listTopups(db, orgId, page);
}

/** Top-ups settled (or, byCreated, asked for) per UTC day: the analytics' funding series. */
export function dailyTopups(db: DbOrTx, orgId: number, range: { from: string; to: string }, byCreated = false) {
  return repo.dailyTopups(db, orgId, range, byCreated);
}

/** The organisation's funds at the issuer not allocated to any card (GET /api/balance). */
export function fundsAvailable(db: DbOrTx, orgId: number): Promise<number> {
  return unallocatedFunds(db, orgId);
}

/**
 * The admin dashboard's figures: funds not on cards, net spend over the last 30 days by when the purchase happened
 * (the issuer's timestamp, not when we recorded it), and what active cards hold.
 */
export async function dashboardKpi(db: DbOrTx, orgId: number) {
  const since = Math.floor(Date.now() / 1000) - 30 * 24 * 60 * 60;
  const [available, spent, assigned] = await Promise.all([
    unallocatedFunds(db, orgId),
    netSpendSince(db, orgId, since),
    assignedOut(db, orgId),
  ]);
  return { issuing_available: available, last_30_spend: spent, assigned_out: assigned };
}

/**
 * Credits the organisation once: the ledger reference is the top-up's own id, and the row is locked while its status
 * is checked, so the issuer's answer and any number of its events (in any process) settle it once. A top-up failed
 * earlier still settles when the issuer says it succeeded after all: the money is there.
 */
async function settle(db: Db, topupId: number, at?: Date, providerTopupId?: string): Promise<TopupRow> {
  const settled = await db.transaction().execute(async (tx): Promise<TopupRow> => {
    const topup = (await lockTopup(tx, topupId))!;
    // Reversed is final: a success reported after the reversal (events out of order) credits nothing.
    if (topup.status === 'succeeded' || topup.status === 'reversed') return topup;
    await recordTopup(tx, {
      orgId: topup.org_id,
      reference: `topup:${topup.id}`,
      amount: topup.amount,
      description: topup.description,
      createdBy: topup.created_by,
      at,
    });
    const settledAt = at ?? new Date();
    const providerId = topup.provider_topup_id ?? providerTopupId;
    await updateTopup(tx, topup.id, {
      status: 'succeeded',
      settled_at: settledAt,
      failure_message: null,
      ...(providerId !== undefined && { provider_topup_id: providerId }),
    });
    return {
      ...topup,
      status: 'succeeded',
      settled_at: settledAt,
      failure_message: null,
      provider_topup_id: providerId ?? null,
    };
  });
  // Funds back at or above Card Settings' threshold: the admins hear of the next fall below it.
  await afterFundsChanged(db, settled.org_id);
  return settled;
}

/** A refused top-up's answer, the first time and on every retry with its key. */
const refusedTopup = (topup: Pick<TopupRow, 'failure_message'>) =>
  new IssuerUnavailable(
    `The card issuer could not complete this. It refused the top-up: ${topup.failure_message ?? 'no reason given.'}`,
    'topup_failed',
  );

/**
 * Account Funding -> Add Funds. Recorded first as pending under the client's idempotency key, then sent to the
 * issuer with the same key and our top-up's id (Stripe keeps it in the top-up's metadata); the simulator settles at
 * once, Stripe when its topup.succeeded event arrives, which may be before its answer to us. A top-up the issuer
 * refuses (Stripe: a 4xx) is failed with its reason, so nothing stays pending with nothing behind it; one whose
 * answer never came (unreachable, 5xx) stays pending and is sent again, with the same key, on a retry.
 */
export async function addFunds(
  deps: { db: Db; issuer: IssuingProvider },
  orgId: number,
  actorId: number,
  input: { amount: number; description: string },
  idempotencyKey: string,
  by?: AuditBy,
  /** Back-dated (the demo seed's year of history); the API never passes it. */
  at?: Date,
): Promise<TopupRow> {
  const { topup } = await deps.db.transaction().execute(async (tx) => {
    const inserted = await insertTopupOnce(tx, {
      org_id: orgId,
      amount: input.amount,
      description: input.description,
      status: 'pending',
      provider: deps.issuer.name,
      idempotency_key: idempotencyKey,
      created_by: actorId,
      ...(at && { created_at: at }),
    });
    if (inserted.created) {
      const { id, amount, description } = inserted.topup;
      await recordAudit(tx, {
        orgId,
        by,
        action: 'topup.created',
        subject: { type: 'topup', id, label: description },
        details: { amount, description },
      });
    }
    return inserted;
  });
  if (topup.status === 'succeeded') return topup;
  if (topup.status === 'failed') throw refusedTopup(topup);
  const result = await viaIssuer(async () => {
    try {
      return await deps.issuer.createTopup(
        { orgId, topupId: topup.id, amount: topup.amount, description: topup.description },
        `topup-${orgId}-${idempotencyKey}`,
      );
    } catch (error) {
      // The issuer refused it for good (Stripe: a 4xx, or a top-up it created already failed): failed, with its reason.
      const reason = issuerRefusal(error);
      if (reason !== null) await failPendingTopup(deps.db, topup.id, reason);
      throw error;
    }
  });
  // Stripe's topup.* event may have come first and stored the id (and settled or failed the top-up) already.
  const stored = await storeProviderTopupId(deps.db, topup.id, result.id);
  if (result.status !== 'succeeded') return stored;
  const settled = await settle(deps.db, topup.id, at);
  publishLive(deps.db, organisationFundsChanged(orgId));
  return settled;
}

/**
 * What the issuer's topup event names: its own id and, for top-ups we created since they carry it, our top-up's id
 * and organisation (Stripe: the top-up's metadata) with the amount.
 */
export interface ProviderTopupRef {
  providerTopupId: string;
  ours?: { orgId: number; topupId: number; amount: number } | null;
}

/**
 * Our top-up for an issuer's event: by our own id from its metadata when that top-up is this issuer's, for the same
 * amount and not tied to another issuer id (so an event arriving before we stored the issuer's id still finds it);
 * otherwise by the stored issuer id.
 */
async function findProviderTopup(
  db: DbOrTx,
  provider: string,
  ref: ProviderTopupRef | string,
): Promise<TopupRow | undefined> {
  const { providerTopupId, ours } = typeof ref === 'string' ? { providerTopupId: ref, ours: null } : ref;
  if (ours) {
    const topup = await findProviderTopupByOwnId(db, ours.orgId, ours.topupId, provider);
    if (
      topup &&
      topup.amount === ours.amount &&
      (topup.provider_topup_id === null || topup.provider_topup_id === providerTopupId)
    )
      return topup;
  }
  return findTopupByProviderId(db, provider, providerTopupId);
}

/** The issuer says a top-up succeeded (Stripe's topup.succeeded); repeated events change nothing. */
export async function settleProviderTopup(
  db: Db,
  provider: string,
  ref: ProviderTopupRef | string,
): Promise<TopupRow | null> {
  const topup = await findProviderTopup(db, provider, ref);
  return topup ? settle(db, topup.id, undefined, typeof ref === 'string' ? ref : ref.providerTopupId) : null;
}

/** The issuer says a top-up failed (Stripe's topup.failed, canceled, reversed): a pending one is failed with its reason. */
export async function failProviderTopup(
  db: DbOrTx,
  provider: string,
  ref: ProviderTopupRef | string,
  failureMessage: string | null = null,
): Promise<void> {
  const topup = await findProviderTopup(db, provider, ref);
  if (topup && topup.status === 'pending')
    await failPendingTopup(db, topup.id, failureMessage, typeof ref === 'string' ? ref : ref.providerTopupId);
}

/**
 * The issuer took a top-up back (Stripe's topup.reversed). One that had succeeded is taken out of the funds again by a
 * 'topup_reversal' entry (reference topup-reversal:<id>, so any number of events move it once) in the transaction that
 * marks it reversed, the top-up row locked. When the money was on cards already the funds go below zero: a shortfall
 * (the only way they can, see migration 0022) that blocks every funding until a top-up covers it, and every admin is
 * mailed in the same transaction. A top-up still pending or failed had credited nothing: it is only marked reversed,
 * and a success reported after that credits nothing. Returns the top-up, or null when it isn't ours.
 */
export async function reverseProviderTopup(
  deps: FundingMailDeps & { db: Db },
  provider: string,
  ref: ProviderTopupRef | string,
): Promise<TopupRow | null> {
  const found = await findProviderTopup(deps.db, provider, ref);
  if (!found) return null;
  const providerTopupId = typeof ref === 'string' ? ref : ref.providerTopupId;
  const reversed = await deps.db.transaction().execute(async (tx) => {
    const topup = (await lockTopup(tx, found.id))!;
    if (topup.status === 'reversed') return topup;
    if (topup.status === 'succeeded') {
      const funds = await lockUnallocatedFunds(tx, topup.org_id);
      const description = `Reversed: ${topup.description}`;
      const posted = await recordTopupReversal(tx, {
        orgId: topup.org_id,
        reference: `topup-reversal:${topup.id}`,
        amount: topup.amount,
        description,
      });
      const after = funds.available - topup.amount;
      if (posted && after < 0)
        await mailAdminsAboutShortfall(tx, deps, topup.org_id, {
          amount: topup.amount,
          description: topup.description,
          shortBy: -after,
        });
    }
    const reversedAt = new Date();
    const values = {
      status: 'reversed' as const,
      reversed_at: reversedAt,
      failure_message: null,
      provider_topup_id: topup.provider_topup_id ?? providerTopupId,
    };
    await updateTopup(tx, topup.id, values);
    return { ...topup, ...values };
  });
  await afterFundsChanged(deps.db, reversed.org_id);
  return reversed;
}

export const ENTRY_LABELS: Record<string, string> = LEDGER_ENTRY_LABELS;

/** The cards a statement names, in brief (one small read per distinct card). */
async function cardBriefs(db: DbOrTx, orgId: number, cardIds: ReadonlySet<number>) {
  const cards = await Promise.all([...cardIds].map((id) => findCard(db, orgId, id)));
  return new Map(
    cards
      .filter((card) => card !== undefined)
      .map((card) => [card.id, { id: card.id, name: card.name, last4: card.last4 }]),
  );
}

/**
 * View Statements: the organisation's funds month by month (UTC), newest month first: opening balance, money in,
 * money out, closing balance, and each movement oldest first with the running balance after it.
 */
export async function statementMonths(db: DbOrTx, orgId: number): Promise<StatementMonth[]> {
  const movements = await fundsStatement(db, orgId);
  const cards = await cardBriefs(
    db,
    orgId,
    new Set(movements.flatMap((movement) => (movement.card_id === null ? [] : [movement.card_id]))),
  );
  const months: StatementMonth[] = [];
  for (const movement of movements) {
    const month = movement.created_at.toISOString().slice(0, 7);
    let current = months[months.length - 1];
    if (!current || current.month !== month) {
      const opening = current?.closing ?? 0;
      current = { month, opening, in: 0, out: 0, closing: opening, lines: [] };
      months.push(current);
    }
    if (movement.amount > 0) current.in += movement.amount;
    else current.out -= movement.amount;
    current.closing = movement.balance;
    current.lines.push({
      id: movement.id,
      date: movement.created_at.toISOString(),
      type: ENTRY_LABELS[movement.kind] ?? movement.kind,
      description: movement.description,
      card_id: movement.card_id,
      card: movement.card_id === null ? null : (cards.get(movement.card_id) ?? null),
      amount: movement.amount,
      balance: movement.balance,
    });
  }
  return months.reverse();
}

/**
 * The statement CSV's rows: every movement, or only those of one UTC month ('2025-03') when asked, with the running
 * balance over the whole history; a card named by its last four digits, as the statement screen shows it.
 */
export async function statementExportRows(db: DbOrTx, orgId: number, month?: string) {
  const movements = (await fundsStatement(db, orgId)).filter(
    (movement) => !month || movement.created_at.toISOString().startsWith(month),
  );
  const cards = await cardBriefs(
    db,
    orgId,
    new Set(movements.flatMap((movement) => (movement.card_id === null ? [] : [movement.card_id]))),
  );
  return movements.map((movement) => {
    const card = movement.card_id === null ? undefined : cards.get(movement.card_id);
    return {
      date: movement.created_at.toISOString().slice(0, 10),
      type: ENTRY_LABELS[movement.kind] ?? movement.kind,
      description: movement.description ?? '',
      card: card ? `•••• ${card.last4}` : '',
      amount: movement.amount,
      balance: movement.balance,
    };
  });
}
