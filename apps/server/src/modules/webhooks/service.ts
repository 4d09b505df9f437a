import type { Db } from '../../db/database.js';
import type { Jobs } from '../../jobs/queue.js';
import type { IssuingProvider } from '../../issuing/provider.js';
import { QUEUES } from '../../jobs/queue.js';
import {
  authorize,
  findHold,
  incrementAuthorization,
  reconcileAuthorization,
  type Decision,
} from '../authorizations/service.js';
import {
  returnCanceledCardRemainder,
  setCardholderStandingFromIssuer,
  setCardStatusFromIssuer,
} from '../cards/service.js';
import { recordTransaction } from '../expenses/service.js';
import {
  failProviderTopup,
  reverseProviderTopup,
  settleProviderTopup,
  type FundingMailDeps,
} from '../funding/service.js';
import { findEvent, markFailed, markProcessed, storeEvent, unprocessedEventIds } from './repo.js';
import {
  cardholderStandingOf,
  cardStatusOf,
  idOf,
  declineReasonOfStripe,
  merchantOf,
  movementOf,
  topupRefOf,
  walletOf,
  type StripeAuthorization,
  type StripeEventShape,
  type StripeTopup,
  type StripeTransaction,
} from './stripe-objects.js';
import { cardActivity, publishLive } from '../live/service.js';

const PROVIDER = 'stripe';

/** issuing_authorization.request, answered synchronously: the same decision the simulator uses. */
export async function decideStripeAuthorization(
  db: Db,
  authorization: StripeAuthorization,
): Promise<Decision | { approved: boolean }> {
  const requested = authorization.pending_request?.amount ?? 0;
  // Without an id there is nothing to key the decision on (and nothing to answer the same way twice).
  if (typeof authorization.id !== 'string' || authorization.id === '') return { approved: false };
  // Only a request for an authorisation that already holds something can be an increment; a first request
  // (amount 0, by far the most common) goes straight to the decision without looking the hold up.
  if (Number.isSafeInteger(authorization.amount) && authorization.amount > 0) {
    const known = await findHold(db, PROVIDER, authorization.id);
    // An incremental authorisation: the issuer asks to raise an approved hold.
    if (known && known.status === 'pending')
      return incrementAuthorization(db, PROVIDER, authorization.id, authorization.amount + requested);
  }
  return authorize(db, {
    provider: PROVIDER,
    providerAuthorizationId: authorization.id,
    providerCardId: idOf(authorization.card) ?? '',
    amount: requested,
    merchant: merchantOf(authorization.merchant_data),
    wallet: walletOf(authorization.wallet),
    stripeCreated: authorization.created,
  });
}

/**
 * Other events: stored once by id, processed by a job (so a burst of events never slows the answer). The event and
 * its job commit together: a crash between the two would leave an event that a redelivery (already stored) never
 * queues again.
 */
export async function acceptStripeEvent(db: Db, jobs: Jobs, event: StripeEventShape): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const fresh = await storeEvent(tx, { id: event.id, provider: PROVIDER, type: event.type, payload: event });
    if (fresh) await jobs.send(QUEUES.processWebhook, { id: event.id }, { tx, singletonKey: event.id });
    return fresh;
  });
}

/**
 * A verified delivery: issuing_authorization.request is decided synchronously (Stripe waits for the answer); any
 * other event is stored once and processed by a job.
 */
export async function receiveStripeEvent(
  db: Db,
  jobs: Jobs,
  event: StripeEventShape,
): Promise<{ kind: 'decision'; approved: boolean } | { kind: 'received' }> {
  if (event.type === 'issuing_authorization.request') {
    const decision = await decideStripeAuthorization(db, event.data.object as unknown as StripeAuthorization);
    return { kind: 'decision', approved: decision.approved };
  }
  await acceptStripeEvent(db, jobs, event);
  return { kind: 'received' };
}

/** What applying an event needs: the database, and jobs and configuration for the mail some events send. */
export type WebhookDeps = FundingMailDeps & { db: Db };

/** Applies one stored event; idempotent, so a retry or a duplicate delivery changes nothing. */
export async function processStripeEvent(
  deps: WebhookDeps,
  eventId: string,
  log: (message: string) => void = () => undefined,
): Promise<void> {
  const { db } = deps;
  const stored = await findEvent(db, eventId);
  if (!stored || stored.processed_at) return;
  const event = stored.payload as StripeEventShape;
  try {
    await applyEvent(deps, event, log);
    await markProcessed(db, eventId);
  } catch (error) {
    await markFailed(db, eventId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function applyEvent(deps: WebhookDeps, event: StripeEventShape, log: (message: string) => void) {
  const { db } = deps;
  const object = event.data.object;
  switch (event.type) {
    case 'issuing_authorization.created':
    case 'issuing_authorization.updated': {
      const authorization = object as unknown as StripeAuthorization;
      const hold = await reconcileAuthorization(db, {
        provider: PROVIDER,
        providerAuthorizationId: authorization.id,
        providerCardId: idOf(authorization.card) ?? '',
        approved: authorization.approved,
        status: authorization.status,
        amount: authorization.amount,
        merchant: merchantOf(authorization.merchant_data),
        wallet: walletOf(authorization.wallet),
        stripeCreated: authorization.created,
        declineReasonFor: (card) => declineReasonOfStripe(authorization, card.spending_controls),
      });
      if (!hold) log(`stripe event ${event.id}: authorization ${authorization.id} names an unknown card`);
      else {
        // A hold released or closed on a card the issuer canceled: what it no longer holds goes back to the organisation.
        await returnCanceledCardRemainder(db, PROVIDER, idOf(authorization.card) ?? '', event.id);
        publishLive(db, cardActivity(hold.org_id, hold.card_id, hold.user_id ?? undefined));
      }
      return;
    }
    case 'issuing_transaction.created': {
      const transaction = object as unknown as StripeTransaction;
      const { type, amount } = movementOf(transaction);
      const expense = await recordTransaction(db, {
        provider: PROVIDER,
        providerTransactionId: transaction.id,
        // A reversed refund is posted as money spent but settles no authorisation: it must not draw a hold down.
        providerAuthorizationId:
          type === 'capture' && transaction.type !== 'capture' ? null : idOf(transaction.authorization),
        providerCardId: idOf(transaction.card) ?? '',
        type,
        amount,
        merchant: merchantOf(transaction.merchant_data),
        wallet: walletOf(transaction.wallet),
        stripeCreated: transaction.created,
        // Stripe closes the authorisation with its own issuing_authorization.updated event.
        closesAuthorization: false,
      });
      if (!expense)
        log(`stripe event ${event.id}: transaction ${transaction.id} already posted or for an unknown card`);
      await returnCanceledCardRemainder(db, PROVIDER, idOf(transaction.card) ?? '', event.id);
      if (expense) publishLive(db, cardActivity(expense.org_id, expense.card_id));
      return;
    }
    // Active, inactive, or canceled at Stripe (lost, stolen, expired: terminal, with its reason).
    case 'issuing_card.updated': {
      const card = cardStatusOf(object);
      if (card) await setCardStatusFromIssuer(db, PROVIDER, card.id, card.status, card.cancellationReason);
      return;
    }
    // Stripe blocked or deactivated the person, or needs more from them: kept, and shown on their cards and profile.
    case 'issuing_cardholder.updated': {
      const cardholder = cardholderStandingOf(object);
      if (cardholder) await setCardholderStandingFromIssuer(db, PROVIDER, cardholder.id, cardholder.standing);
      return;
    }
    // Matched on our top-up's id in the metadata (the event may come before Stripe's answer to us), else Stripe's id.
    case 'topup.succeeded':
      await settleProviderTopup(db, PROVIDER, topupRefOf(object as unknown as StripeTopup));
      return;
    // Taken back after it succeeded (the money leaves the funds again; a shortfall if it was on cards already).
    case 'topup.reversed':
      await reverseProviderTopup(deps, PROVIDER, topupRefOf(object as unknown as StripeTopup));
      return;
    case 'topup.failed':
    case 'topup.canceled': {
      const topup = object as unknown as StripeTopup;
      const reason =
        typeof topup.failure_message === 'string' && topup.failure_message !== ''
          ? topup.failure_message
          : `Stripe says the top-up was ${event.type.slice('topup.'.length)}.`;
      await failProviderTopup(db, PROVIDER, topupRefOf(topup), reason);
      return;
    }
    case 'issuing_card.created':
    case 'issuing_cardholder.created':
      return; // we created these ourselves; nothing of ours changes
    default:
      log(`stripe event ${event.id}: type ${event.type} is not handled`);
  }
}

/**
 * Catch-up with the issuer's own event log: any event of the last day we never received is stored and
 * processed (a missed webhook); synchronous authorisation requests are skipped, the issuer already decided those.
 */
export async function reconcileWithIssuer(
  db: Db,
  jobs: Jobs,
  issuer: IssuingProvider,
  windowSeconds = 24 * 60 * 60,
): Promise<number> {
  if (!issuer.recentEvents) return 0;
  const events = await issuer.recentEvents(Math.floor(Date.now() / 1000) - windowSeconds);
  let caughtUp = 0;
  for (const event of events.reverse()) {
    if (event.type === 'issuing_authorization.request') continue;
    if (await acceptStripeEvent(db, jobs, event)) caughtUp++;
  }
  return caughtUp;
}

/**
 * Catch-up: events stored but never processed (a job lost to a crash) are queued again. Processing is idempotent,
 * so an event queued twice is applied once.
 */
export async function requeueStaleEvents(db: Db, jobs: Jobs, olderThanSeconds = 60): Promise<number> {
  const ids = await unprocessedEventIds(db, olderThanSeconds);
  for (const id of ids) await jobs.send(QUEUES.processWebhook, { id }, { singletonKey: id });
  return ids.length;
}
