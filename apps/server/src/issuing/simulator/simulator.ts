import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { CardholderInput, CardInput, IssuedCard, IssuingProvider, TermsAcceptance } from '../provider.js';
import { testCardNumber, testCvc } from './card-numbers.js';

const providerId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;

/**
 * The built-in issuer: what Stripe would keep, kept in our database (issuer_sim_* tables), so everything works
 * offline. Creates are idempotent on their key like Stripe's.
 */
export function createSimulatorIssuer(db: Db): IssuingProvider {
  return {
    name: 'simulator',

    async close() {
      await db.destroy();
    },

    async createCardholder(input: CardholderInput, idempotencyKey: string) {
      const existing = await db
        .selectFrom('issuer_sim_cardholders')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (existing) return existing;
      const id = providerId('ich');
      await db
        .insertInto('issuer_sim_cardholders')
        .values({
          id,
          org_id: input.orgId,
          idempotency_key: idempotencyKey,
          name: input.name,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          billing: JSON.stringify(input.billing),
          terms_accepted_at: input.terms?.date ?? null,
          terms_ip: input.terms?.ip ?? null,
          terms_user_agent: input.terms?.userAgent ?? null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return await db
        .selectFrom('issuer_sim_cardholders')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
    },

    async acceptTerms(cardholderId: string, terms: TermsAcceptance) {
      await db
        .updateTable('issuer_sim_cardholders')
        .set({ terms_accepted_at: terms.date, terms_ip: terms.ip, terms_user_agent: terms.userAgent })
        .where('id', '=', cardholderId)
        .execute();
    },

    async createCard(input: CardInput, idempotencyKey: string): Promise<IssuedCard> {
      const existing = await db
        .selectFrom('issuer_sim_cards')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      const expiry = new Date();
      const card =
        existing ??
        (await db
          .insertInto('issuer_sim_cards')
          .values({
            id: providerId('ic'),
            org_id: input.orgId,
            idempotency_key: idempotencyKey,
            cardholder_id: input.cardholderId,
            number: testCardNumber(),
            cvc: testCvc(),
            exp_month: expiry.getUTCMonth() + 1,
            exp_year: expiry.getUTCFullYear() + 3,
            type: input.type,
            status: 'inactive',
            spending_limit: input.spendingLimit,
            shipping: input.shipping ? JSON.stringify(input.shipping) : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow());
      return {
        id: card.id,
        brand: 'Visa',
        last4: card.number.slice(-4),
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },

    // The simulator keeps its books in our database: a replayed call writes the same value, no key needed.
    async setCardStatus(cardId, status) {
      await db.updateTable('issuer_sim_cards').set({ status }).where('id', '=', cardId).execute();
    },

    // Our own decision enforces the interval limits and categories; the simulator's books keep the all-time limit.
    async setSpendingControls(cardId, controls) {
      await db
        .updateTable('issuer_sim_cards')
        .set({ spending_limit: controls.allTimeLimit })
        .where('id', '=', cardId)
        .execute();
    },

    async revealCard(cardId) {
      const card = await db
        .selectFrom('issuer_sim_cards')
        .select(['number', 'cvc'])
        .where('id', '=', cardId)
        .executeTakeFirstOrThrow();
      return { number: card.number, cvc: card.cvc };
    },

    async createTopup(input, idempotencyKey) {
      const existing = await db
        .selectFrom('issuer_sim_topups')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (existing) return { id: existing.id, status: 'succeeded' };
      const id = providerId('tu');
      await db
        .insertInto('issuer_sim_topups')
        .values({
          id,
          org_id: input.orgId,
          idempotency_key: idempotencyKey,
          amount: input.amount,
          description: input.description,
          status: 'succeeded',
        })
        .execute();
      return { id, status: 'succeeded' };
    },
  };
}
