import type { Page } from 'playwright-core';
import { MEMBER } from './app.js';
import { AssertionError } from './harness.js';

/**
 * Calls the API as whoever is signed in on `page` (the context's cookies), the way the SPA does: JSON, and on
 * writes the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN (ARCHITECTURE.md D5). For setting up what a test needs (a simulated
 * purchase) and for reading ids; what a user sees is always checked on screen.
 */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (method !== 'GET') headers['X-XSRF-TOKEN'] = await xsrfToken(page);
  const response = await page.request.fetch(path, { method, headers, data: body === undefined ? undefined : body });
  const text = await response.text();
  if (!response.ok())
    throw new AssertionError(`${method} ${path} answered ${response.status()}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function xsrfToken(page: Page): Promise<string> {
  const find = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  let token = await find();
  if (!token) {
    await page.request.get('/sanctum/csrf-cookie');
    token = await find();
  }
  if (!token) throw new AssertionError('no XSRF-TOKEN cookie after GET /sanctum/csrf-cookie');
  return decodeURIComponent(token);
}

/** The parts of GET /api/cards items the flows use (PRODUCT.md §3 Card, amounts in cents). */
export interface ApiCard {
  id: number;
  user_id: number;
  last4: string;
  type: 'virtual' | 'physical';
  status: 'active' | 'inactive';
  spending_limit: number;
  issuing_holds_amount: number;
  created_at: string;
}

/** PRODUCT.md §9: available to spend = spending_limit - pending holds. */
export const available = (card: Pick<ApiCard, 'spending_limit' | 'issuing_holds_amount'>) =>
  card.spending_limit - card.issuing_holds_amount;

/** The cards of the holder whose name is `name` (GET /api/cards filter[name], as an admin), oldest first. */
export async function cardsOf(page: Page, name: string, status?: 'active' | 'inactive'): Promise<ApiCard[]> {
  const params = new URLSearchParams({ 'filter[name]': name, sort: 'created_at', 'page[size]': '50' });
  if (status) params.set('filter[status]', status);
  const { data } = await api<{ data: ApiCard[] }>(page, 'GET', `/api/cards?${params.toString()}`);
  return data;
}

/** How many cards the organisation has (meta.total of GET /api/cards). */
export async function cardsTotal(page: Page): Promise<number> {
  return (await api<{ meta: { total: number } }>(page, 'GET', '/api/cards?page[size]=1')).meta.total;
}

export async function getCard(page: Page, id: number): Promise<ApiCard> {
  return (await api<{ data: ApiCard }>(page, 'GET', `/api/cards/${id}`)).data;
}

/** A simulated purchase (issue 5; admins, not in production) on a card: the real authorisation decision. */
export async function simulatePurchase(
  page: Page,
  input: { cardId: number; amount: number; merchant: string; capture: 'now' | 'later' | 'never' },
): Promise<{ authorization_id: string; approved: boolean; decline_reason: string | null }> {
  const { data } = await api<{ data: { authorization_id: string; approved: boolean; decline_reason: string | null } }>(
    page,
    'POST',
    '/api/simulator/purchases',
    {
      card_id: input.cardId,
      amount: input.amount,
      merchant: { name: input.merchant },
      capture: input.capture,
    },
  );
  return data;
}

export async function captureAuthorization(page: Page, authorizationId: string): Promise<void> {
  await api(page, 'POST', `/api/simulator/authorizations/${authorizationId}/capture`, {});
}

/**
 * One of Jordan's active cards with nothing pending on it, so the Pending Transactions table holds only the
 * test's purchases (the demo's cards carry pending holds of their own): a new virtual card, activated and funded.
 */
export async function newFundedCardOfJordan(page: Page, fundedCents: number): Promise<ApiCard> {
  const [existing] = await cardsOf(page, MEMBER.name);
  if (!existing) throw new AssertionError(`${MEMBER.name} has no card in the demo data`);
  const { data: created } = await api<{ data: ApiCard }>(page, 'POST', '/api/cards', {
    user_id: existing.user_id,
    type: 'virtual',
    legal_first_name: 'Jordan',
    legal_last_name: 'Lee',
    cardholder_name: MEMBER.name,
    billing: {
      line1: '410 Market Street',
      line2: 'Suite 200',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94111',
      country: 'US',
    },
  });
  await api(page, 'PUT', `/api/cards/${created.id}/status`, { status: 'active' });
  await api(page, 'PUT', `/api/cards/${created.id}/balance`, {
    amount: fundedCents,
    description: 'End-to-end purchase budget',
  });
  const card = await getCard(page, created.id);
  if (!(card.status === 'active' && available(card) === fundedCents))
    throw new AssertionError(`the prepared card is ${card.status} with ${available(card)} available`);
  return card;
}
