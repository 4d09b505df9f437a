import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_APPENDS,
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
  cardChangedSchema,
  cardDetailsItemSchema,
  cardholderItemSchema,
  cardItemSchema,
  cardsPageSchema,
  ephemeralKeyItemSchema,
  errorResponses,
  fundCardsResponseSchema,
  userCardTotalsItemSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { assertRecentPassword, requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { fastResponseSerializer } from '../../http/response-schema.js';
import { badRequest } from '../../http/errors.js';
import { auditByOf } from '../../http/audit-by.js';
import { getUser } from '../users/service.js';
import { idempotencyKeyOf } from '../ledger/service.js';
import { presentCardDetails, presentCardholder, presentCards, presentCardWithUsage } from './presenter.js';
import { cardControlsRoutes } from './controls-routes.js';
import { recentSpendStart } from './recent-spend.js';
import { createCardEphemeralKey, revealCardDetails } from './card-reveal.js';
import {
  cardTotalsOfUser,
  cardholderOfUser,
  createCard,
  fundCard,
  fundCards,
  getCard,
  listCardsFor,
  setCardStatus,
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
  extra: ['append'],
  defaultSort: '-created_at',
  defaultPageSize: PAGE_SIZES.cards,
};

const cardParams = z.object({ id: idSchema });

/** append=spent_last_30_days (CARD_APPENDS): the names asked for; any other is a 400, as an unknown include. */
function appendsOf(query: Record<string, unknown>): Set<string> {
  const asked = String(query.append ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = asked.filter((name) => !(CARD_APPENDS as readonly string[]).includes(name));
  if (unknown.length) throw badRequest(`Unknown append: ${unknown.join(', ')}.`);
  return new Set(asked);
}

export async function cardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Lists are the hot reads: written by fast-json-stringify (ISSUE 19.9).
  const listSerializer = fastResponseSerializer(fastify.deps.config.NODE_ENV !== 'production');
  const deps = fastify.deps;
  const { db } = deps;

  async function listFor(request: FastifyRequest, rawQuery: Record<string, unknown>, holderId?: number) {
    const org = orgOf(request);
    // A person's cards: someone the actor can reach (404 before the query is even read, as for a missing person).
    if (holderId !== undefined) await getUser(db, org.id, userOf(request), holderId);
    const query = parseListQuery(rawQuery, listSpec);
    const { filters } = query;
    const sort =
      filters.recently_used && !rawQuery.sort
        ? [{ column: 'last_used_at' as const, direction: 'desc' as const }]
        : query.sort;
    const { rows, total } = await listCardsFor(
      db,
      org.id,
      userOf(request),
      {
        names: filters.name,
        userId: filters.user_id,
        status: filters.status,
        type: filters.type,
        recentlyUsed: !!filters.recently_used,
        withHolder: query.includes.has('user'),
        sort,
        page: query.page,
      },
      holderId,
    );
    const spentSince = appendsOf(rawQuery).has('spent_last_30_days') ? recentSpendStart() : undefined;
    return {
      data: await presentCards(db, org.id, rows, query.includes, spentSince),
      meta: listMeta(total, query.page),
    };
  }

  app.get(
    '/api/cards',
    {
      onRequest: requireUser,
      serializerCompiler: listSerializer,
      schema: { querystring: listQuerystring, response: { 200: cardsPageSchema } },
    },
    (request) => listFor(request, request.query),
  );

  app.get(
    '/api/users/:id/cards',
    {
      onRequest: requireUser,
      serializerCompiler: listSerializer,
      schema: { params: cardParams, querystring: listQuerystring, response: { 200: cardsPageSchema } },
    },
    (request) => listFor(request, request.query, request.params.id),
  );

  app.post(
    '/api/cards',
    {
      onRequest: requireAdmin,
      schema: { body: newCardSchema, response: { 201: cardChangedSchema, ...errorResponses(409) } },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const card = await createCard(
        deps,
        org.id,
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
        auditByOf(request),
      );
      const [data] = await presentCards(db, org.id, [card], new Set(['user']));
      return reply.code(201).send({ data: data!, message: CARD_MESSAGES.added });
    },
  );

  app.get(
    '/api/cards/:id',
    {
      onRequest: requireUser,
      schema: { params: cardParams, querystring: listQuerystring, response: { 200: cardItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...listSpec, filters: {} });
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      return { data: await presentCardWithUsage(db, org.id, card, query.includes) };
    },
  );

  /**
   * Number and CVC (simulator): the holder or an admin, within 3 hours of confirming the password (else 423). A physical
   * card's are a 422; with ISSUER=stripe a 409 pointing to the ephemeral-keys flow (the server never holds them).
   */
  app.get(
    '/api/cards/:id/details',
    {
      onRequest: requireUser,
      schema: { params: cardParams, response: { 200: cardDetailsItemSchema, ...errorResponses(409, 423) } },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const card = await getCard(db, org.id, userOf(request), request.params.id);
      assertRecentPassword(request);
      const details = await revealCardDetails(deps, card);
      reply.header('cache-control', 'no-store');
      return { data: presentCardDetails(card, details) };
    },
  );

  /**
   * Stripe's Issuing Elements (ARCHITECTURE.md D9): the browser's Stripe.js nonce for this card in, an ephemeral key of the card
   * out. Same people and the same 423 as the details above.
   */
  app.post(
    '/api/cards/:id/ephemeral-keys',
    {
      onRequest: requireUser,
      schema: {
        params: cardParams,
        body: ephemeralKeyRequestSchema,
        response: { 200: ephemeralKeyItemSchema, ...errorResponses(409, 423) },
      },
    },
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
    {
      onRequest: requireAdmin,
      schema: {
        params: cardParams,
        body: cardStatusSchema,
        response: { 200: cardChangedSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await setCardStatus(deps, org.id, request.params.id, request.body.status, auditByOf(request));
      const [data] = await presentCards(db, org.id, [card], new Set());
      return { data, message: CARD_MESSAGES.statusUpdated };
    },
  );

  app.put(
    '/api/cards/:id/balance',
    {
      onRequest: requireAdmin,
      schema: {
        params: cardParams,
        body: fundCardSchema,
        response: { 200: cardChangedSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const org = orgOf(request);
      const card = await fundCard(
        deps,
        org.id,
        userOf(request),
        request.params.id,
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
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
    {
      onRequest: requireAdmin,
      schema: { body: fundCardsSchema, response: { 200: fundCardsResponseSchema, ...errorResponses(409) } },
    },
    async (request): Promise<FundCardsResponse> => {
      const org = orgOf(request);
      const { cards } = await fundCards(
        deps,
        org.id,
        userOf(request),
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
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
      schema: {
        params: cardParams,
        querystring: z.object({ 'filter[available_to_spend]': z.string().optional() }),
        response: { 200: userCardTotalsItemSchema },
      },
    },
    async (request) => ({ data: await cardTotalsOfUser(db, orgOf(request).id, userOf(request), request.params.id) }),
  );

  app.get(
    '/api/users/:id/cardholder',
    { onRequest: requireUser, schema: { params: cardParams, response: { 200: cardholderItemSchema } } },
    async (request) => {
      const cardholder = await cardholderOfUser(db, orgOf(request).id, userOf(request), request.params.id);
      return { data: cardholder ? presentCardholder(cardholder) : null };
    },
  );

  await cardControlsRoutes(fastify);
}
