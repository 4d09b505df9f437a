import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { issuerRefusal, type IssuingProvider } from '../../issuing/provider.js';
import { QUEUES, type Jobs } from '../../jobs/queue.js';
import { netSpentOfCard } from '../ledger/service.js';
import { findCard } from './repo.js';
import {
  cardsWithStaleCommands,
  insertIssuerCommand,
  installationId,
  lockOutboxOfCard,
  issuerSyncOfCards as commandStateOfCards,
  markCommandsFailed,
  markCommandsSent,
  recordCommandAttempt,
  unsentCommandsOfCard,
  type IssuerCommandKind,
} from './issuer-sync-repo.js';

/**
 * Where each card's changes stand with the issuer (cards shown as synced are left out): syncing while a command waits,
 * failed (with the issuer's reason) when the newest one was refused. The card's issuer_sync.
 */
export function issuerSyncOfCards(db: DbOrTx, cardIds: readonly number[]) {
  return commandStateOfCards(db, cardIds);
}

/**
 * The issuer outbox (ARCHITECTURE.md D7). A change the issuer must learn of is committed with a command row and a job in the
 * same transaction; the job tells the issuer after the commit, so no network call ever runs inside a transaction or
 * under the card's lock, and a commit that fails tells the issuer nothing. Our own authorisation decision enforces
 * the new state at once, whatever the issuer knows.
 */
export async function queueIssuerSync(
  tx: Tx,
  jobs: Jobs,
  card: { id: number; org_id: number },
  kind: IssuerCommandKind,
): Promise<void> {
  await lockOutboxOfCard(tx, card.id, 'shared');
  await insertIssuerCommand(tx, { org_id: card.org_id, card_id: card.id, kind });
  // One job queued and one running per card (a 'stately' queue): a later change rides on the queued job.
  await jobs.send(QUEUES.syncCardWithIssuer, { orgId: card.org_id, cardId: card.id } satisfies CardSyncJob, {
    tx,
    singletonKey: `card-${card.id}`,
  });
}

export interface CardSyncJob {
  orgId: number;
  cardId: number;
}

/** Per database: a process that talks to two (tests, tools) must not send one's prefix for the other. */
const installations = new WeakMap<Db, Promise<string>>();

/** The prefix of every idempotency key this installation sends (two databases on one Stripe account never collide). */
export function installationPrefix(db: Db): Promise<string> {
  let installation = installations.get(db);
  if (!installation) {
    installation = installationId(db).catch((error: unknown) => {
      installations.delete(db);
      throw error;
    });
    installations.set(db, installation);
  }
  return installation;
}

/**
 * Tells the issuer the card's current state for every kind of change still waiting. The state is read in one snapshot
 * (limit and net spent agree), then sent with an idempotency key naming the newest command it covers, so a retry is
 * the same request and a newer change is a new one. A refusal (the issuer looked and said no) marks the commands
 * failed and the card shows it; anything else throws, and pg-boss retries with backoff.
 */
export async function syncCardWithIssuer(deps: { db: Db; issuer: IssuingProvider }, job: CardSyncJob): Promise<void> {
  const { db, issuer } = deps;
  // Commands still being committed (their send folded into this job) are waited for, not left to the sweep.
  await db.transaction().execute((tx) => lockOutboxOfCard(tx, job.cardId, 'exclusive'));
  const state = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const commands = await unsentCommandsOfCard(tx, job.cardId);
      if (commands.length === 0) return null;
      const card = await findCard(tx, job.orgId, job.cardId);
      if (!card) return null;
      return { commands, card, allTimeLimit: card.spending_limit + (await netSpentOfCard(tx, job.orgId, card.id)) };
    });
  if (!state) return;
  const prefix = await installationPrefix(db);
  const { card } = state;
  for (const command of state.commands) {
    const key = `${prefix}:${command.kind}:${card.id}:${command.last_id}`;
    // The issuer canceled the card itself: it has nothing more to learn (and refuses any change to it).
    if (card.status === 'canceled') {
      await markCommandsSent(db, card.id, command.kind, command.last_id);
      continue;
    }
    try {
      if (command.kind === 'card_status') await issuer.setCardStatus(card.provider_card_id, card.status, key);
      // One kind carries the card's whole spending controls: a change of limit and a change of controls send the same.
      else
        await issuer.setSpendingControls(
          card.provider_card_id,
          { allTimeLimit: state.allTimeLimit, ...card.spending_controls },
          key,
        );
      await markCommandsSent(db, card.id, command.kind, command.last_id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = issuerRefusal(error);
      if (refused !== null) {
        await markCommandsFailed(db, card.id, command.kind, command.last_id, refused);
        continue;
      }
      await recordCommandAttempt(db, card.id, command.kind, command.last_id, message);
      throw error;
    }
  }
}

/** Cards whose commands wait too long get a job again (a job lost with a killed process). */
export async function requeueStaleIssuerSyncs(db: Db, jobs: Jobs, olderThanSeconds = 30): Promise<number> {
  const cards = await cardsWithStaleCommands(db, olderThanSeconds);
  for (const card of cards) {
    await jobs.send(QUEUES.syncCardWithIssuer, { orgId: card.org_id, cardId: card.card_id } satisfies CardSyncJob, {
      singletonKey: `card-${card.card_id}`,
    });
  }
  return cards.length;
}
