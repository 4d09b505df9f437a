import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CARD_MESSAGES,
  CARD_STATUSES,
  ephemeralKeyRequestSchema,
  CARD_TYPES,
  PAGE_SIZES,
  cardStatusSchema,
  fundCardSchema,
  fundCardsSchema,
  idSchema,
  newCardSchema,
  type FundCardsResponse,
} from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { orgOf, userOf } from '../../http/context.js';
import { assertRecentPassword, requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { pendingHoldTotals, pendingHoldsOfCards } from '../authorizations/service.js';
import { avatarUrl } from '../users/presenter.js';
import {
  assertCanReach,
  findUsersByIds,
  fullName,
  getUser,
  userIdsInNameOrder,
  userIdsMatchingNames,
} from '../users/service.js';
import { auditByOf } from '../audit/request.js';
import { presentCard } from './presenter.js';
import { createCardEphemeralKey, revealCardDetails } from './card-reveal.js';
import { issuerSyncOfCards } from './issuer-sync.js';
import {
  cardholderIdsOfUsers,
  cardIdsOfUser,
  cardSumsOfUser,
  createCard,
  findCardholderOfUser,
  fundCard,
  fundCards,
  getCard,
  listCards,
  setCardStatus,
  standingOf,
  type CardListFilters,
  type CardRow,
} from './service.js';

const listSpec = {
  filters: {
    // PRODUCT.md §7: names with spaces removed, several separated by commas.
    name: z
      .string()
      .max(500)
      .transform((value) => value.replace(/\s+/g, '').split(',').filter(Boolean)),
    status: z.enum(CARD_STATUSES, { error: "The status filter must be 'active' or 'inactive'." }),
    type: z.enum(CARD_TYPES, { error: "The type filter must be 'virtual' or 'physical'." }),
    user_id: idSchema,
    recently_used: z.enum(['true', '1'], { error: "The recently_used filter must be 'true'." }),
  },
  sorts: ['created_at', 'user', 'status', 'type', 'spending_limit', 'last4', 'last_used_at', 'name'] as const,
  includes: ['user', 'pendingIssuingAuthorizationHolds'] as const,
  defaultSort: '-created_at',
  defaultPageSize: PAGE_SIZES.cards,
};

const cardParams = z.object({ id: idSchema });

/** The client's Idempotency-Key makes a retried create or funding count once; without one each call is new. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && /^[\w-]{8,100}$/.test(header) ? header : randomUUID();
}

export async function presentCards(db: DbOrTx, orgId: number, cards: CardRow[], includes: Set<string>) {
  const ids = cards.map((card) => card.id);
  const holderIds = [...new Set(cards.map((card) => card.user_id))];
  const [holds, users, cardholderIds, syncs] = await Promise.all([
    includes.has('pendingIssuingAuthorizationHolds') ? pendingHoldsOfCards(db, orgId, ids) : undefined,
    includes.has('user') ? findUsersByIds(db, orgId, holderIds) : undefined,
    cardholderIdsOfUsers(db, orgId, holderIds),
    issuerSyncOfCards(db, ids),
  ]);
  const usersById = new Map((users ?? []).map((user) => [user.id, user]));
  return cards.map((card) => {
    const user = usersById.get(card.user_id);
    return presentCard(card, {
      holdsAmount: card.holds_amount,
      stripeCardholderId: cardholderIds.get(card.user_id) ?? '',
      issuerSync: syncs.get(card.id) ?? { state: 'synced', error: null },
      user: user && { id: user.id, name: fullName(user), email: user.email, avatar_url: avatarUrl(user) },
      holds: holds?.filter((hold) => hold.card_id === card.id),
    });
  });
}

export async function cardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const { db } = deps;

  async function listFor(request: FastifyRequest, rawQuery: Record<string, unknown>, forcedUserId?: number) {
    const org = orgOf(request);
    const actor = userOf(request);
    const query = parseListQuery(rawQuery, listSpec);
    const { filters } = query;
    const cardFilters: CardListFilters = {
      status: filters.status,
      type: filters.type,
      recentlyUsed: !!filters.recently_used,
    };
    let userIds: number[] | undefined = filters.user_id ? [filters.user_id] : undefined;
    if (filters.name?.length) {
      const named = await userIdsMatchingNames(db, org.id, filters.name);
      userIds = userIds ? userIds.filter((id) => named.includes(id)) : named;
    }
    const ownOnly = forcedUserId ?? (actor.roles.some((role) => role !== 'wallet-user') ? undefined : actor.id);
    if (ownOnly !== undefined) userIds = (userIds ?? [ownOnly]).filter((id) => id === ownOnly);
    cardFilters.userIds = userIds;
    const sort =
      filters.recently_used && !rawQuery.sort
        ? [{ column: 'last_used_at' as const, direction: 'desc' as const }]
        : query.sort;
    const { rows, total } = await listCards(db, org.id, cardFilters, sort, query.page, () =>
      userIdsInNameOrder(db, org.id),
    );
    return { data: await presentCards(db, org.id, rows, query.includes), meta: listMeta(total, query.page) };
  }

  app.get('/api/cards', { onRequest: requireUser, schema: { querystring: listQuerystring } }, (request) =>
    listFor(request, request.query),
  );

  app.get(
    '/api/users/:id/cards',
    { onRequest: requireUser, schema: { params: cardParams, querystring: listQuerystring } },
    async (request) => {
      const org = orgOf(request);
      await getUser(db, org.id, userOf(request), request.params.id);
      return listFor(request, request.query, request.params.id);
    },
  );

  app.post('/api/cards', { onRequest: requireAdmin, schema: { body: newCardSchema } }, async (request, reply) => {
    const org = orgOf(request);
    const card = await createCard(deps, org.id, request.body, idempotencyKeyOf(request), auditByOf(request));
    const [data] = await presentCards(db, org.id, [card], new Set(['user']));
    return reply.code(201).send({ data, message: CARD_MESSAGES.added });
  });

  app.get(
    '/api/cards/:id',
    { onRequest: requireUser, schema: { params: cardParams, querystring: listQuerystring } },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...listSpec, filters: {} });
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      const [data] = await presentCards(db, org.id, [card], query.includes);
      return { data };
    },
  );

  /**
   * Number and CVC (simulator): the holder or an admin, within 3 hours of confirming the password (else 423). A physical
   * card's are a 422; with ISSUER=stripe a 409 pointing to the ephemeral-keys flow (the server never holds them).
   */
  app.get(
    '/api/cards/:id/details',
    { onRequest: requireUser, schema: { params: cardParams } },
    async (request, reply) => {
      const org = orgOf(request);
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      assertRecentPassword(request);
      const details = await revealCardDetails(deps, card);
      reply.header('cache-control', 'no-store');
      return {
        data: {
          id: card.id,
          number: details.number,
          cvc: details.cvc,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
        },
      };
    },
  );

  /**
   * Stripe's Issuing Elements (ARCHITECTURE.md D9): the browser's Stripe.js nonce for this card in, an ephemeral key of the card
   * out. Same people and the same 423 as the details above.
   */
  app.post(
    '/api/cards/:id/ephemeral-keys',
    { onRequest: requireUser, schema: { params: cardParams, body: ephemeralKeyRequestSchema } },
    async (request, reply) => {
      const org = orgOf(request);
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      assertRecentPassword(request);
      const data = await createCardEphemeralKey(deps, card, request.body.nonce);
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.put(
    '/api/cards/:id/status',
    { onRequest: requireAdmin, schema: { params: cardParams, body: cardStatusSchema } },
    async (request) => {
      const org = orgOf(request);
      const card = await setCardStatus(deps, org.id, request.params.id, request.body.status, auditByOf(request));
      const [data] = await presentCards(db, org.id, [card], new Set());
      return { data, message: CARD_MESSAGES.statusUpdated };
    },
  );

  app.put(
    '/api/cards/:id/balance',
    { onRequest: requireAdmin, schema: { params: cardParams, body: fundCardSchema } },
    async (request) => {
      const org = orgOf(request);
      const card = await fundCard(
        deps,
        org.id,
        userOf(request),
        request.params.id,
        request.body,
        idempotencyKeyOf(request),
        auditByOf(request),
      );
      const [data] = await presentCards(db, org.id, [card], new Set());
      return { data, message: CARD_MESSAGES.balanceUpdated };
    },
  );

  /**
   * Fund Card(s): adds the amount to each listed card, all or none, once per Idempotency-Key (a retry answers the
   * same and moves nothing).
   */
  app.post(
    '/api/cards/fund',
    { onRequest: requireAdmin, schema: { body: fundCardsSchema } },
    async (request): Promise<FundCardsResponse> => {
      const org = orgOf(request);
      const { cards } = await fundCards(
        deps,
        org.id,
        userOf(request),
        request.body,
        idempotencyKeyOf(request),
        auditByOf(request),
      );
      return {
        data: await presentCards(db, org.id, cards, new Set()),
        message: CARD_MESSAGES.balanceUpdated,
        meta: { funded: cards.length },
      };
    },
  );

  /** Member dashboard: what a user's cards hold (PRODUCT.md §7 analytics?filter[available_to_spend]=1). */
  app.get(
    '/api/users/:id/cards/analytics',
    {
      onRequest: requireUser,
      schema: { params: cardParams, querystring: z.object({ 'filter[available_to_spend]': z.string().optional() }) },
    },
    async (request) => {
      const org = orgOf(request);
      assertCanReach(userOf(request), request.params.id);
      const user = await getUser(db, org.id, userOf(request), request.params.id);
      const [sums, cardIds] = await Promise.all([
        cardSumsOfUser(db, org.id, user.id),
        cardIdsOfUser(db, org.id, user.id),
      ]);
      const holds = [...(await pendingHoldTotals(db, org.id, cardIds)).values()].reduce(
        (sum, amount) => sum + amount,
        0,
      );
      return {
        data: {
          cards_count: sums.cards,
          cards_sum_spending_limit: sums.spendingLimit,
          issuing_authorization_holds_sum_amount: holds,
          available_to_spend: sums.spendingLimit - holds,
        },
      };
    },
  );

  app.get('/api/users/:id/cardholder', { onRequest: requireUser, schema: { params: cardParams } }, async (request) => {
    const org = orgOf(request);
    const user = await getUser(db, org.id, userOf(request), request.params.id);
    const cardholder = await findCardholderOfUser(db, org.id, user.id);
    if (!cardholder) return { data: null };
    return {
      data: {
        id: cardholder.id,
        stripe_cardholder_id: cardholder.provider_cardholder_id,
        // What the issuer says of the person (blocked, inactive, requirements past due): the card page and profile warn.
        issuer_standing: standingOf(cardholder),
        stripe_cardholder_details: {
          name: cardholder.name,
          individual: { first_name: cardholder.legal_first_name, last_name: cardholder.legal_last_name },
          billing: { name: cardholder.name, address: cardholder.billing },
        },
      },
    };
  });
}
