import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { MESSAGES, WEBHOOK_MESSAGES, errorResponses, stripeWebhookAnswerSchema } from '@wallet/contract';
import { badRequest } from '../../http/errors.js';
import { presentWebhookAnswer } from './presenter.js';
import { receiveStripeEvent } from './service.js';
import type { StripeEventShape } from './stripe-objects.js';

/**
 * POST /webhooks/stripe: verified with the signing secret over the raw body (400 otherwise).
 * issuing_authorization.request is answered synchronously with {approved}; everything else is stored by event
 * id and processed once by a job.
 */
export async function stripeWebhookRoutes(fastify: FastifyInstance) {
  const { db, jobs, config } = fastify.deps;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_test_webhook_verification_only');

  // The signature covers the exact bytes Stripe sent, so this route keeps the body as a string.
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  fastify.post(
    '/webhooks/stripe',
    {
      schema: { response: { 200: stripeWebhookAnswerSchema, ...errorResponses(400) } },
      // Helmet's headers tell a browser how to treat a page (CSP, framing, sniffing); Stripe's servers read only this
      // JSON, and @fastify/helmet rebuilds its middleware on every request: about a twentieth of a decision's CPU.
      helmet: false,
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (!secret) {
        request.log.warn('stripe webhook received but STRIPE_WEBHOOK_SECRET is not set');
        throw badRequest(WEBHOOK_MESSAGES.notConfigured);
      }
      if (typeof request.body !== 'string' || typeof signature !== 'string')
        throw badRequest(WEBHOOK_MESSAGES.missingSignature);
      let event: StripeEventShape;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret) as unknown as StripeEventShape;
      } catch {
        request.log.warn('stripe webhook with a bad signature refused');
        throw badRequest(WEBHOOK_MESSAGES.invalidSignature);
      }
      if (!event?.id || !event.type || !event.data?.object) throw badRequest(MESSAGES.invalidData);

      const answer = await receiveStripeEvent(db, jobs, event);
      // A synchronous decision is answered in the API version of the event it answers.
      if (answer.kind === 'decision' && event.api_version) reply.header('Stripe-Version', event.api_version);
      return reply.code(200).send(presentWebhookAnswer(answer));
    },
  );
}
