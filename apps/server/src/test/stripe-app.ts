import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startFakeStripe, type FakeStripe } from '../issuing/stripe/fake-stripe.js';
import { useTestApp, type TestContext } from './context.js';

export interface StripeTestApp {
  ctx: TestContext;
  /** The local fake of the Stripe API the app talks to (usable once the file's beforeAll ran). */
  fake: FakeStripe;
  /** Delivers an event as Stripe does: the exact JSON bytes, signed with the endpoint's secret by the official SDK. */
  deliver(event: object): Promise<LightMyRequestResponse>;
}

/**
 * A test app with ISSUER=stripe against a fresh fake Stripe (checked against Stripe's OpenAPI description) and a
 * webhook endpoint secret. Call at the top of a test file, like useTestApp.
 */
export function useStripeTestApp(webhookSecret = 'whsec_test', extraEnv: Record<string, string> = {}): StripeTestApp {
  const env: Record<string, string> = {
    ISSUER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PROTOCOL: 'http',
    ...extraEnv,
  };
  let started: FakeStripe | undefined;
  // Registered before useTestApp's own beforeAll, so the app is built against the fake's port.
  beforeAll(async () => {
    started = await startFakeStripe({ secretKey: env.STRIPE_SECRET_KEY });
    env.STRIPE_API_PORT = String(started.port);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const ctx = useTestApp(env);
  const fake = new Proxy({} as FakeStripe, {
    get(_target, property) {
      if (!started) throw new Error('the fake Stripe starts in beforeAll');
      return Reflect.get(started, property) as unknown;
    },
  });
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!);
  return {
    ctx,
    fake,
    deliver(event) {
      const payload = JSON.stringify(event);
      return ctx.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      });
    },
  };
}
