import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormObject, FormValue } from './form-values.js';
import { stripeSpec } from './openapi-check.js';

/**
 * A local fake of the Stripe API, enough of it for the Issuing adapter (ARCHITECTURE.md D9): cardholders, cards, top-ups, the
 * balance and ephemeral keys for Issuing Elements. Every request must be what Stripe's OpenAPI description documents
 * (openapi-check.ts). It records every request (form params parsed into nested objects, the way Stripe reads them),
 * answers with Stripe-shaped JSON, honours Idempotency-Key like Stripe (same key and parameters: the same answer;
 * same key, other parameters: 400 idempotency_error) and can be told to fail or to lose an answer so retries can be
 * tested. Test support only; never imported by production code.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /v1/issuing/cards/ic_123. */
  path: string;
  /** Query string params (GET requests: expand[0]=number arrives here). */
  query: FormObject;
  /** Form body params (POST requests). */
  body: FormObject;
  /** Lower-cased header names, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
}

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type TopupStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'reversed';

export interface FakeFailure {
  /** HTTP status to answer with (e.g. 500, 402, 400). */
  status: number;
  type?: string;
  message?: string;
  code?: string;
}

export interface FakeStripe {
  port: number;
  /** Every request in arrival order, including ones answered with an error. */
  requests: RecordedRequest[];
  /** Stored objects by id (cards keep their full number and cvc here). */
  objects: Map<string, StripeObject>;
  /** The status the next created top-ups get (default 'pending', as Stripe's bank top-ups start). */
  setTopupCreateStatus(status: TopupStatus): void;
  /** Move an existing top-up to a status (e.g. 'succeeded' before sending a topup.succeeded event); returns it. */
  setTopupStatus(id: string, status: TopupStatus, failureMessage?: string): StripeObject;
  /** Answer the next `count` requests with this error, without processing them. */
  failNext(failure: FakeFailure, count?: number): void;
  /**
   * Refuse the next POST /v1/topups with this 4xx the way Stripe refuses one it looked at (e.g. 402 for an account
   * that can't top up, 400 for an amount over the limit): nothing is created, and the refusal is saved under the
   * request's idempotency key, so a retry with that key gets the same answer.
   */
  refuseNextTopup(failure: FakeFailure): void;
  /**
   * Hold the answer to the next request matching method and path: it is processed (objects created), then waits.
   * `reached` resolves with what would be answered; `release()` sends it. For races such as a webhook that
   * arrives before the caller has Stripe's answer.
   */
  pauseNextAnswer(
    method: string,
    path: string,
  ): { reached: Promise<{ status: number; body: unknown }>; release(): void };
  /** Process the next request but drop the connection instead of answering (a lost response). */
  dropNextResponse(): void;
  /** Requests whose method and path match. */
  requestsTo(method: string, pathPattern: RegExp | string): RecordedRequest[];
  /**
   * What Stripe.js's stripe.createEphemeralKeyNonce({ issuingCard }) gives the browser: a single-use nonce for that card,
   * which POST /v1/ephemeral_keys then requires (another card's, a used or an unknown nonce is a 400 on `nonce`).
   */
  ephemeralKeyNonce(cardId: string): string;
  /** A Stripe-shaped event wrapping an object (for webhook tests): { id: evt_..., object: 'event', type, data }. */
  event(type: string, object: StripeObject): StripeObject;
  /** Makes the event visible to GET /v1/events (what reconciliation reads). */
  publish(event: StripeObject): StripeObject;
  stop(): Promise<void>;
}

export interface FakeStripeOptions {
  /**
   * When set, requests must carry `Authorization: Bearer <secretKey>`; any other key gets a 401 whose message
   * repeats the key it was given (worse than real Stripe, which masks it) so callers can prove they never echo it.
   */
  secretKey?: string;
  /**
   * Refuse (400 invalid_request_error) any request that isn't a documented operation with documented parameters and
   * enum values in Stripe's OpenAPI description (openapi-check.ts). On by default; off only to test the fake itself.
   */
  checkAgainstSpec?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A 16-digit Visa test number (BIN 400000) that passes the Luhn check. */
function visaTestNumber(): string {
  let body = '400000';
  while (body.length < 15) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

/** Parses Stripe's form encoding (billing[address][line1]=..., spending_limits[0][amount]=...) into nested objects. */
export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) {
      root[rawKey] = value;
      continue;
    }
    const segments = [
      match[1] as string,
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string),
    ];
    let container: FormObject | FormValue[] = root;
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index] as string;
      const last = index === segments.length - 1;
      const isArray = Array.isArray(container);
      const key: string | number = isArray
        ? segment === ''
          ? (container as FormValue[]).length
          : Number(segment)
        : segment;
      if (last) {
        (container as Record<string | number, FormValue>)[key] = value;
        break;
      }
      const nextIsIndex = /^\d*$/.test(segments[index + 1] as string);
      let next = (container as Record<string | number, FormValue | undefined>)[key];
      if (next === undefined || typeof next === 'string') {
        next = nextIsIndex ? [] : {};
        (container as Record<string | number, FormValue>)[key] = next;
      }
      container = next as FormObject | FormValue[];
    }
  }
  return root;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const obj = (value: FormValue | undefined): FormObject | undefined =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
const arr = (value: FormValue | undefined): FormValue[] | undefined => (Array.isArray(value) ? value : undefined);
const int = (value: FormValue | undefined, param: string): number => {
  const text = str(value);
  if (text === undefined || !/^-?\d+$/.test(text))
    throw new HttpError(400, 'invalid_request_error', `Invalid integer: ${text ?? ''}`, { param });
  return Number(text);
};
const required = (value: FormValue | undefined, param: string): string => {
  const text = str(value);
  if (text === undefined || text === '')
    throw new HttpError(400, 'invalid_request_error', `Missing required param: ${param}.`, { param });
  return text;
};

function address(value: FormValue | undefined, param: string) {
  const a = obj(value) ?? {};
  return {
    city: required(a.city, `${param}[city]`),
    country: required(a.country, `${param}[country]`),
    line1: required(a.line1, `${param}[line1]`),
    line2: str(a.line2) || null,
    postal_code: required(a.postal_code, `${param}[postal_code]`),
    state: str(a.state) || null,
  };
}

/** A category list as sent (the OpenAPI check has held each entry to Stripe's enum); null when not sent. */
const categoryList = (value: FormValue | undefined) => arr(value)?.filter((entry) => typeof entry === 'string') ?? null;

/**
 * Spending controls as sent replace the card's (the category lists not sent are none); limits not sent stay. Allowed
 * and blocked categories together are refused, as Stripe does.
 */
function spendingControls(value: FormValue | undefined, previous?: Record<string, unknown>) {
  const controls = obj(value) ?? {};
  const limits = arr(controls.spending_limits);
  const allowed = categoryList(controls.allowed_categories);
  const blocked = categoryList(controls.blocked_categories);
  if (allowed?.length && blocked?.length)
    throw new HttpError(
      400,
      'invalid_request_error',
      'You cannot set both allowed_categories and blocked_categories.',
      { param: 'spending_controls[blocked_categories]' },
    );
  return {
    allowed_card_presences: null,
    allowed_categories: allowed?.length ? allowed : null,
    allowed_merchant_countries: null,
    blocked_card_presences: null,
    blocked_categories: blocked?.length ? blocked : null,
    blocked_merchant_countries: null,
    spending_limits:
      limits?.map((limit, index) => {
        const l = obj(limit) ?? {};
        const interval = required(l.interval, `spending_controls[spending_limits][${index}][interval]`);
        if (!['per_authorization', 'daily', 'weekly', 'monthly', 'yearly', 'all_time'].includes(interval)) {
          throw new HttpError(400, 'invalid_request_error', `Invalid interval: ${interval}`, {
            param: `spending_controls[spending_limits][${index}][interval]`,
          });
        }
        return {
          amount: int(l.amount, `spending_controls[spending_limits][${index}][amount]`),
          categories: null,
          interval,
        };
      }) ??
      (previous?.spending_limits as unknown[] | undefined) ??
      [],
    spending_limits_currency: 'usd',
  };
}

const metadata = (value: FormValue | undefined, previous: Record<string, string> = {}) => {
  const next = { ...previous };
  for (const [key, v] of Object.entries(obj(value) ?? {})) {
    if (typeof v !== 'string') continue;
    // Stripe's limits: keys up to 40 characters, values up to 500.
    if (key.length > 40)
      throw new HttpError(
        400,
        'invalid_request_error',
        `Metadata keys can have up to 40 characters; ${key} has ${key.length}.`,
        { param: `metadata[${key}]` },
      );
    if (v.length > 500)
      throw new HttpError(
        400,
        'invalid_request_error',
        `Metadata values can have up to 500 characters, but you passed in a value that is ${v.length} characters.`,
        { param: `metadata[${key}]` },
      );
    if (v === '') delete next[key];
    else next[key] = v;
  }
  return next;
};

function termsAcceptance(value: FormValue | undefined, previous: Record<string, unknown> | null = null) {
  const t = obj(obj(obj(value)?.card_issuing)?.user_terms_acceptance);
  if (!t) return previous;
  return {
    date: t.date !== undefined ? int(t.date, 'individual[card_issuing][user_terms_acceptance][date]') : null,
    ip: str(t.ip) ?? null,
    user_agent: str(t.user_agent) || null,
  };
}

const termsRequirements = (terms: Record<string, unknown> | null) =>
  terms?.date && terms.ip
    ? { disabled_reason: null, past_due: [] }
    : {
        disabled_reason: 'requirements.past_due',
        past_due: [
          'individual.card_issuing.user_terms_acceptance.date',
          'individual.card_issuing.user_terms_acceptance.ip',
        ],
      };

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, StripeObject>();
  const idempotent = new Map<string, { method: string; path: string; params: string; status: number; body: unknown }>();
  const failures: FakeFailure[] = [];
  const topupRefusals: FakeFailure[] = [];
  const pauses: Array<{
    method: string;
    path: string;
    reached: (answer: { status: number; body: unknown }) => void;
    released: Promise<void>;
  }> = [];
  let dropNext = false;
  let topupCreateStatus: TopupStatus = 'pending';

  const find = (id: string, object: string, param = 'id'): StripeObject => {
    const found = objects.get(id);
    if (!found || found.object !== object) {
      const noun = object.replace('issuing.', '');
      throw new HttpError(404, 'invalid_request_error', `No such ${noun}: '${id}'`, {
        code: 'resource_missing',
        param,
      });
    }
    return found;
  };

  /** What a card looks like on the wire: number and cvc only when expanded, the cardholder as a full object. */
  const cardView = (card: StripeObject, expand: string[]) => {
    const { number, cvc, cardholder, ...rest } = card as StripeObject & {
      number: string;
      cvc: string;
      cardholder: string;
    };
    return {
      ...rest,
      cardholder: objects.get(cardholder) ?? cardholder,
      ...(expand.includes('number') ? { number } : {}),
      ...(expand.includes('cvc') ? { cvc } : {}),
    };
  };
  const expandOf = (params: FormObject): string[] =>
    (arr(params.expand) ?? []).filter((e): e is string => typeof e === 'string');

  function createCardholder(body: FormObject): StripeObject {
    const type = str(body.type) ?? 'individual';
    const individual = obj(body.individual);
    const terms = termsAcceptance(body.individual);
    const cardholder: StripeObject = {
      id: newId('ich'),
      object: 'issuing.cardholder',
      billing: { address: address(obj(body.billing)?.address, 'billing[address]') },
      company: null,
      created: now(),
      email: str(body.email) ?? null,
      individual: individual
        ? {
            card_issuing: { user_terms_acceptance: terms },
            dob: null,
            first_name: str(individual.first_name) ?? null,
            last_name: str(individual.last_name) ?? null,
            verification: null,
          }
        : null,
      livemode: false,
      metadata: metadata(body.metadata),
      name: required(body.name, 'name'),
      phone_number: str(body.phone_number) ?? null,
      preferred_locales: [],
      requirements: type === 'individual' ? termsRequirements(terms) : { disabled_reason: null, past_due: [] },
      spending_controls: spendingControls(body.spending_controls),
      status: str(body.status) ?? 'active',
      type,
    };
    objects.set(cardholder.id, cardholder);
    return cardholder;
  }

  function updateCardholder(id: string, body: FormObject): StripeObject {
    const cardholder = find(id, 'issuing.cardholder');
    const individual = (cardholder.individual ?? {
      card_issuing: { user_terms_acceptance: null },
      dob: null,
      first_name: null,
      last_name: null,
      verification: null,
    }) as Record<string, unknown> & {
      card_issuing: { user_terms_acceptance: Record<string, unknown> | null };
    };
    const patch = obj(body.individual);
    if (patch) {
      individual.card_issuing = {
        user_terms_acceptance: termsAcceptance(body.individual, individual.card_issuing.user_terms_acceptance),
      };
      if (str(patch.first_name) !== undefined) individual.first_name = str(patch.first_name);
      if (str(patch.last_name) !== undefined) individual.last_name = str(patch.last_name);
      cardholder.individual = individual;
      cardholder.requirements = termsRequirements(individual.card_issuing.user_terms_acceptance);
    }
    if (obj(body.billing)) cardholder.billing = { address: address(obj(body.billing)?.address, 'billing[address]') };
    for (const field of ['email', 'phone_number', 'status'] as const)
      if (str(body[field]) !== undefined) cardholder[field] = str(body[field]);
    if (body.metadata) cardholder.metadata = metadata(body.metadata, cardholder.metadata as Record<string, string>);
    if (body.spending_controls)
      cardholder.spending_controls = spendingControls(
        body.spending_controls,
        cardholder.spending_controls as Record<string, unknown>,
      );
    return cardholder;
  }

  function createCard(body: FormObject): StripeObject {
    const cardholderId = required(body.cardholder, 'cardholder');
    find(cardholderId, 'issuing.cardholder', 'cardholder');
    const currency = required(body.currency, 'currency');
    if (currency !== 'usd')
      throw new HttpError(
        400,
        'invalid_request_error',
        `Invalid currency: ${currency}. Issuing cards in this account must be usd.`,
        { param: 'currency' },
      );
    const type = required(body.type, 'type');
    if (type !== 'virtual' && type !== 'physical')
      throw new HttpError(400, 'invalid_request_error', `Invalid type: ${type}`, { param: 'type' });
    const shippingParams = obj(body.shipping);
    if (type === 'physical' && !shippingParams)
      throw new HttpError(400, 'invalid_request_error', 'Physical cards require a shipping address.', {
        param: 'shipping',
      });
    if (type === 'virtual' && shippingParams)
      throw new HttpError(400, 'invalid_request_error', 'Virtual cards cannot be shipped.', { param: 'shipping' });
    const status = str(body.status) ?? 'inactive';
    const number = visaTestNumber();
    const expiry = new Date();
    const card: StripeObject = {
      id: newId('ic'),
      object: 'issuing.card',
      brand: 'Visa',
      cancellation_reason: null,
      cardholder: cardholderId,
      created: now(),
      currency,
      cvc: String(randomInt(1000)).padStart(3, '0'),
      exp_month: expiry.getUTCMonth() + 1,
      exp_year: expiry.getUTCFullYear() + 3,
      last4: number.slice(-4),
      livemode: false,
      metadata: metadata(body.metadata),
      number,
      replaced_by: null,
      replacement_for: null,
      replacement_reason: null,
      shipping: shippingParams
        ? {
            address: address(shippingParams.address, 'shipping[address]'),
            carrier: 'usps',
            eta: null,
            name: required(shippingParams.name, 'shipping[name]'),
            service: str(shippingParams.service) ?? 'standard',
            status: 'pending',
            tracking_number: null,
            tracking_url: null,
            type: str(shippingParams.type) ?? 'individual',
          }
        : null,
      spending_controls: spendingControls(body.spending_controls),
      status,
      type,
      wallets: {
        apple_pay: { eligible: true, ineligible_reason: null },
        google_pay: { eligible: true, ineligible_reason: null },
        primary_account_identifier: null,
      },
    };
    if (status === 'active') assertActivatable(card);
    objects.set(card.id, card);
    return card;
  }

  /** Stripe won't activate a card while its individual cardholder has past-due requirements (the issuing terms). */
  function assertActivatable(card: StripeObject) {
    const cardholder = objects.get(card.cardholder as string);
    const requirements = cardholder?.requirements as { past_due: string[] } | undefined;
    if (requirements && requirements.past_due.length > 0) {
      throw new HttpError(
        400,
        'invalid_request_error',
        `The cardholder has outstanding requirements (${requirements.past_due.join(', ')}); the card can't be activated.`,
        {
          param: 'status',
        },
      );
    }
  }

  function updateCard(id: string, body: FormObject): StripeObject {
    const card = find(id, 'issuing.card');
    const status = str(body.status);
    if (status !== undefined) {
      if (!['active', 'inactive', 'canceled'].includes(status))
        throw new HttpError(400, 'invalid_request_error', `Invalid status: ${status}`, { param: 'status' });
      if (card.status === 'canceled')
        throw new HttpError(400, 'invalid_request_error', 'This card has been canceled and cannot be updated.', {
          param: 'status',
        });
      if (status === 'active') assertActivatable(card);
      card.status = status;
      if (status === 'canceled') card.cancellation_reason = str(body.cancellation_reason) ?? null;
    }
    if (body.spending_controls)
      card.spending_controls = spendingControls(
        body.spending_controls,
        card.spending_controls as Record<string, unknown>,
      );
    if (body.metadata) card.metadata = metadata(body.metadata, card.metadata as Record<string, string>);
    return card;
  }

  function createTopup(body: FormObject): StripeObject {
    const refusal = topupRefusals.shift();
    if (refusal) {
      throw new HttpError(
        refusal.status,
        refusal.type ?? 'invalid_request_error',
        refusal.message ?? 'Top-ups are not enabled for this account.',
        refusal.code ? { code: refusal.code } : {},
      );
    }
    const amount = int(body.amount, 'amount');
    if (amount <= 0)
      throw new HttpError(400, 'invalid_request_error', 'This value must be greater than or equal to 1.', {
        param: 'amount',
      });
    const currency = required(body.currency, 'currency');
    const topup: StripeObject = {
      id: newId('tu'),
      object: 'topup',
      amount,
      balance_transaction: null,
      created: now(),
      currency,
      description: str(body.description) ?? null,
      destination_balance: str(body.destination_balance) ?? 'payments',
      expected_availability_date: now() + 3 * 86_400,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: metadata(body.metadata),
      source: null,
      statement_descriptor: str(body.statement_descriptor) ?? null,
      status: topupCreateStatus,
      transfer_group: null,
    };
    if (topupCreateStatus === 'failed') {
      topup.failure_code = 'insufficient_funds';
      topup.failure_message = 'The bank account has insufficient funds.';
    }
    objects.set(topup.id, topup);
    return topup;
  }

  const nonces = new Map<string, { card: string; used: boolean }>();

  /** POST /v1/ephemeral_keys for Issuing Elements (Stripe's Issuing Elements guide): a card, its nonce, an explicit version. */
  function createEphemeralKey(body: FormObject, headers: IncomingMessage['headers']): StripeObject {
    if (!headers['stripe-version'])
      throw new HttpError(
        400,
        'invalid_request_error',
        'Stripe-Version header is required to create an ephemeral key.',
      );
    if (body.customer !== undefined || body.verification_session !== undefined) {
      throw new HttpError(400, 'invalid_request_error', 'This fake makes ephemeral keys for Issuing cards only.', {
        param: body.customer !== undefined ? 'customer' : 'verification_session',
      });
    }
    const cardId = required(body.issuing_card, 'issuing_card');
    find(cardId, 'issuing.card', 'issuing_card');
    const nonce = nonces.get(required(body.nonce, 'nonce'));
    if (!nonce || nonce.used || nonce.card !== cardId)
      throw new HttpError(
        400,
        'invalid_request_error',
        'The provided nonce is invalid, was already used, or was made for another card.',
        { param: 'nonce' },
      );
    nonce.used = true;
    const created = now();
    const key: StripeObject = {
      id: newId('ephkey'),
      object: 'ephemeral_key',
      associated_objects: [{ id: cardId, type: 'issuing.card' }],
      created,
      expires: created + 3600,
      livemode: false,
      secret: `ek_test_${randomBytes(24).toString('base64url')}`,
    };
    objects.set(key.id, key);
    return key;
  }

  function balance(): StripeObject {
    let issuing = 0;
    for (const o of objects.values())
      if (o.object === 'topup' && o.status === 'succeeded' && o.destination_balance === 'issuing')
        issuing += o.amount as number;
    return {
      id: 'balance',
      object: 'balance',
      available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      issuing: { available: [{ amount: issuing, currency: 'usd' }] },
      livemode: false,
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    };
  }

  const published: StripeObject[] = [];

  function route(
    method: string,
    path: string,
    query: FormObject,
    body: FormObject,
    headers: IncomingMessage['headers'],
  ): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/ephemeral_keys')
      return { status: 200, body: createEphemeralKey(body, headers) };
    if (method === 'POST' && path === '/v1/issuing/cardholders') return { status: 200, body: createCardholder(body) };
    if ((m = /^\/v1\/issuing\/cardholders\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1] as string);
      if (method === 'GET') return { status: 200, body: find(id, 'issuing.cardholder') };
      if (method === 'POST') return { status: 200, body: updateCardholder(id, body) };
    }
    if (method === 'POST' && path === '/v1/issuing/cards')
      return { status: 200, body: cardView(createCard(body), expandOf(body)) };
    if ((m = /^\/v1\/issuing\/cards\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1] as string);
      if (method === 'GET') return { status: 200, body: cardView(find(id, 'issuing.card'), expandOf(query)) };
      if (method === 'POST') return { status: 200, body: cardView(updateCard(id, body), expandOf(body)) };
    }
    if (method === 'POST' && path === '/v1/topups') return { status: 200, body: createTopup(body) };
    if ((m = /^\/v1\/topups\/([^/]+)$/.exec(path)) && method === 'GET')
      return { status: 200, body: find(decodeURIComponent(m[1] as string), 'topup') };
    if (method === 'GET' && path === '/v1/balance') return { status: 200, body: balance() };
    if (method === 'GET' && path === '/v1/events') {
      const since = Number((query.created as FormObject | undefined)?.gte ?? 0);
      const data = published.filter((event) => (event.created as number) >= since).reverse();
      return { status: 200, body: { object: 'list', url: '/v1/events', has_more: false, data } };
    }
    throw new HttpError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  const errorBody = (error: HttpError) => ({ error: { type: error.type, message: error.message, ...error.extra } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: parseStripeForm(rawBody),
      headers: { ...req.headers },
    };
    requests.push(recorded);

    const requestId = newId('req');
    const send = (status: number, body: unknown, extraHeaders: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': String(req.headers['stripe-version'] ?? ''),
        ...extraHeaders,
      });
      res.end(JSON.stringify(body));
    };

    const auth = req.headers.authorization;
    const key = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
    if (!key || (options.secretKey !== undefined && key !== options.secretKey)) {
      send(401, {
        error: {
          type: 'invalid_request_error',
          message: key ? `Invalid API Key provided: ${key}` : 'You did not provide an API key.',
        },
      });
      return;
    }

    if (options.checkAgainstSpec !== false) {
      const problem = stripeSpec().check(method, recorded.path, recorded.query, recorded.body);
      if (problem) {
        const param = /parameter (\S+) /.exec(problem)?.[1];
        send(400, { error: { type: 'invalid_request_error', message: problem, ...(param ? { param } : {}) } });
        return;
      }
    }

    const failure = failures.shift();
    if (failure) {
      send(failure.status, {
        error: {
          type: failure.type ?? (failure.status >= 500 ? 'api_error' : 'invalid_request_error'),
          message: failure.message ?? 'Injected failure.',
          ...(failure.code ? { code: failure.code } : {}),
        },
      });
      return;
    }

    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const params = JSON.stringify(recorded.body);
    const seen = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (seen) {
      if (seen.method !== method || seen.path !== recorded.path || seen.params !== params) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
              `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      } else {
        send(seen.status, seen.body, { 'idempotent-replayed': 'true', 'original-request': seen.path });
      }
      return;
    }

    let status: number;
    let body: unknown;
    try {
      ({ status, body } = route(method, recorded.path, recorded.query, recorded.body, req.headers));
      // The answer as it was when the request was handled (a stored object may change later, as at Stripe).
      body = structuredClone(body);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.status;
      body = errorBody(error);
    }
    // Stripe saves the answer for a key whenever the request reached its handlers (4xx included, not 5xx).
    if (idempotencyKey && status < 500)
      idempotent.set(idempotencyKey, { method, path: recorded.path, params, status, body });

    const pauseIndex = pauses.findIndex((pause) => pause.method === method && pause.path === recorded.path);
    if (pauseIndex >= 0) {
      const [pause] = pauses.splice(pauseIndex, 1);
      pause!.reached({ status, body: structuredClone(body) });
      await pause!.released;
    }

    if (dropNext) {
      dropNext = false;
      res.socket?.destroy();
      return;
    }
    send(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { type: 'api_error', message: error instanceof Error ? error.message : 'Internal error' },
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    objects,
    setTopupCreateStatus(status) {
      topupCreateStatus = status;
    },
    setTopupStatus(id, status, failureMessage) {
      const topup = objects.get(id);
      if (!topup || topup.object !== 'topup') throw new Error(`fake-stripe: no top-up ${id}`);
      topup.status = status;
      if (status === 'failed') {
        topup.failure_code = 'insufficient_funds';
        topup.failure_message = failureMessage ?? 'The bank account has insufficient funds.';
      }
      return topup;
    },
    failNext(failure, count = 1) {
      for (let index = 0; index < count; index++) failures.push(failure);
    },
    refuseNextTopup(failure) {
      if (failure.status < 400 || failure.status >= 500) throw new Error('fake-stripe: a refusal is a 4xx');
      topupRefusals.push(failure);
    },
    pauseNextAnswer(method, path) {
      let reached!: (answer: { status: number; body: unknown }) => void;
      let release!: () => void;
      const reachedPromise = new Promise<{ status: number; body: unknown }>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      pauses.push({ method, path, reached, released });
      return { reached: reachedPromise, release };
    },
    dropNextResponse() {
      dropNext = true;
    },
    requestsTo(method, pathPattern) {
      return requests.filter(
        (r) =>
          r.method === method && (typeof pathPattern === 'string' ? r.path === pathPattern : pathPattern.test(r.path)),
      );
    },
    ephemeralKeyNonce(cardId) {
      const nonce = newId('ephkn_pub');
      nonces.set(nonce, { card: cardId, used: false });
      return nonce;
    },
    publish(event) {
      published.push(event);
      return event;
    },
    event(type, object) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: null,
        created: now(),
        data: { object: structuredClone(object.object === 'issuing.card' ? cardView(object, []) : object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    stop() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
