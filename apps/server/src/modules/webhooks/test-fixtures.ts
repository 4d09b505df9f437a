import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { STRIPE_OPENAPI_DIR } from '../../issuing/stripe/openapi-check.js';
import path from 'node:path';

/**
 * Stripe's official fixture objects (openapi/fixtures3.json of github.com/stripe/openapi, kept with the OpenAPI
 * description in vendor/stripe-openapi, ARCHITECTURE.md D9): webhook tests build their events from these rather than from
 * shapes of our own, so a field Stripe sends that we misread shows up. Test support only.
 */
const FIXTURES_DIR = STRIPE_OPENAPI_DIR;

type Fixture = Record<string, unknown> & { id: string; object: string };
let resources: Record<string, Fixture> | undefined;

/** A deep copy of Stripe's fixture for a resource (e.g. 'issuing.transaction', 'topup', 'event'). */
export function stripeFixture(resource: string): Fixture {
  resources ??= (
    JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'fixtures3.json'), 'utf8')) as {
      resources: Record<string, Fixture>;
    }
  ).resources;
  const fixture = resources[resource];
  if (!fixture) throw new Error(`no Stripe fixture for ${resource} in ${FIXTURES_DIR}`);
  return structuredClone(fixture);
}

/** Stripe's fixture object with these fields replaced. */
export function fixtureObject(resource: string, fields: Record<string, unknown>): Fixture {
  return { ...stripeFixture(resource), ...fields } as Fixture;
}

/** An event as Stripe delivers it (the fixture's envelope: id, created, livemode, request, ...) around `object`. */
export function fixtureEvent(type: string, object: Record<string, unknown>): Fixture {
  return {
    ...stripeFixture('event'),
    id: `evt_${randomBytes(12).toString('hex')}`,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: structuredClone(object) },
  };
}

/** A Stripe event stored but never processed, as a crash between the two leaves it (the resilience tests). */
export { storeEvent } from './repo.js';
export type { StripeEventShape } from './stripe-objects.js';
