import type { Db, DbOrTx } from '../../db/database.js';
import type { IssuingProvider } from '../../issuing/provider.js';
import { IssuerUnavailable, viaIssuer } from '../cards/issuer-calls.js';
import type { StatementMonth } from '@wallet/contract';
import { findCard } from '../cards/service.js';
import { fundsStatement, recordTopup } from '../ledger/service.js';
import { recordAudit, type AuditBy } from '../audit/service.js';
import { findTopupByProviderId, insertTopupOnce, listTopups, lockTopup, updateTopup, type TopupRow } from './repo.js';

export { listTopups, type TopupRow };
export { dailyTopups } from './repo.js';

/** Credits the organisation once: the ledger reference is the top-up's own id. */
async function settle(db: Db, topupId: number, at?: Date): Promise<TopupRow> {
  return db.transaction().execute(async (tx) => {
    const topup = (await lockTopup(tx, topupId))!;
    if (topup.status === 'succeeded') return topup;
    await recordTopup(tx, { orgId: topup.org_id, reference: `topup:${topup.id}`, amount: topup.amount, description: topup.description, createdBy: topup.created_by, at });
    const settledAt = at ?? new Date();
    await updateTopup(tx, topup.id, { status: 'succeeded', settled_at: settledAt });
    return { ...topup, status: 'succeeded', settled_at: settledAt };
  });
}

/**
 * Account Funding -> Add Funds. Recorded first as pending under the client's idempotency key, then sent to the
 * issuer with the same key; the simulator settles at once, Stripe when its topup.succeeded event arrives.
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
      org_id: orgId, amount: input.amount, description: input.description, status: 'pending', provider: deps.issuer.name, idempotency_key: idempotencyKey, created_by: actorId, ...(at && { created_at: at }),
    });
    if (inserted.created) {
      const { id, amount, description } = inserted.topup;
      await recordAudit(tx, { orgId, by, action: 'topup.created', subject: { type: 'topup', id, label: description }, details: { amount, description } });
    }
    return inserted;
  });
  if (topup.status === 'succeeded') return topup;
  const result = await viaIssuer(() => deps.issuer.createTopup({ orgId, amount: topup.amount, description: topup.description }, `topup-${orgId}-${idempotencyKey}`)).catch(
    async (error: unknown) => {
      // The issuer refused this top-up for good (Stripe answered it failed): say so in the list rather than pending.
      if (error instanceof IssuerUnavailable && error.issuerErrorType === 'topup_failed') await updateTopup(deps.db, topup.id, { status: 'failed' });
      throw error;
    },
  );
  if (topup.provider_topup_id !== result.id) await updateTopup(deps.db, topup.id, { provider_topup_id: result.id });
  if (result.status === 'succeeded') return settle(deps.db, topup.id, at);
  return { ...topup, provider_topup_id: result.id };
}

/** The issuer says a top-up succeeded (Stripe's topup.succeeded); repeated events change nothing. */
export async function settleProviderTopup(db: Db, provider: string, providerTopupId: string): Promise<TopupRow | null> {
  const topup = await findTopupByProviderId(db, provider, providerTopupId);
  return topup ? settle(db, topup.id) : null;
}

export async function failProviderTopup(db: DbOrTx, provider: string, providerTopupId: string): Promise<void> {
  const topup = await findTopupByProviderId(db, provider, providerTopupId);
  if (topup && topup.status === 'pending') await updateTopup(db, topup.id, { status: 'failed' });
}

export const ENTRY_LABELS: Record<string, string> = { topup: 'Top-up', card_funding: 'Card funding', card_defunding: 'Card defunding' };

/** The cards a statement names, in brief (one small read per distinct card). */
async function cardBriefs(db: DbOrTx, orgId: number, cardIds: ReadonlySet<number>) {
  const cards = await Promise.all([...cardIds].map((id) => findCard(db, orgId, id)));
  return new Map(cards.filter((card) => card !== undefined).map((card) => [card.id, { id: card.id, name: card.name, last4: card.last4 }]));
}

/**
 * View Statements: the organisation's funds month by month (UTC), newest month first: opening balance, money in,
 * money out, closing balance, and each movement oldest first with the running balance after it.
 */
export async function statementMonths(db: DbOrTx, orgId: number): Promise<StatementMonth[]> {
  const movements = await fundsStatement(db, orgId);
  const cards = await cardBriefs(db, orgId, new Set(movements.flatMap((movement) => (movement.card_id === null ? [] : [movement.card_id]))));
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
