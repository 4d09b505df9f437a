import { CSRF_COOKIE, CSRF_HEADER, type ApiErrorBody } from '@wallet/contract';
import { readCookie } from './cookies';

/**
 * A failed call: the HTTP status (0 when the network failed), the message and per-field errors.
 * `serverMessage` is the body's message when the server sent one; `message` always has some text.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined, errors: Record<string, string[]> = {}, fallback = '') {
    super(serverMessage || fallback || `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.serverMessage = serverMessage || undefined;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
const CSRF_MISMATCH_STATUS = 419;
/** ARCHITECTURE.md D5: sensitive data needs a recently confirmed password; the server answers 423 until then. */
const PASSWORD_CONFIRMATION_STATUS = 423;
export const CONFIRM_PASSWORD_PATH = '/user/confirm-password';

/**
 * Asks the person for their password (the shared modal registers itself here). Resolves true once
 * POST /user/confirm-password succeeded, false when they gave up.
 */
export type PasswordConfirmer = () => Promise<boolean>;
let passwordConfirmer: PasswordConfirmer | null = null;
let confirmationInFlight: Promise<boolean> | null = null;

/** Registers the UI that confirms the password on a 423; returns the function that unregisters it. */
export function setPasswordConfirmer(confirmer: PasswordConfirmer): () => void {
  passwordConfirmer = confirmer;
  return () => {
    if (passwordConfirmer === confirmer) passwordConfirmer = null;
  };
}

/** Several calls answered 423 at once share one question. */
function confirmPasswordOnce(): Promise<boolean> {
  if (!passwordConfirmer) return Promise.resolve(false);
  confirmationInFlight ??= passwordConfirmer().finally(() => {
    confirmationInFlight = null;
  });
  return confirmationInFlight;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key` on a create or a funding. */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function send(method: Method, url: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') headers.set(CSRF_HEADER, await csrfToken());
  try {
    return await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, undefined, {}, NETWORK_ERROR_MESSAGE);
  }
}

/** Asks the server for a fresh XSRF-TOKEN cookie (GET /sanctum/csrf-cookie). */
export async function refreshCsrfCookie(): Promise<void> {
  await request('GET', CSRF_COOKIE_PATH);
}

let csrfCookieInFlight: Promise<void> | null = null;

/** The XSRF-TOKEN cookie, asked for only when the browser holds none; callers at the same time share one request. */
async function csrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  csrfCookieInFlight ??= refreshCsrfCookie().finally(() => {
    csrfCookieInFlight = null;
  });
  await csrfCookieInFlight;
  return readCookie(CSRF_COOKIE) ?? '';
}

/**
 * Gets the XSRF-TOKEN cookie now unless the browser already holds it, so a form's first POST (the sign-in) does not
 * wait for it (ARCHITECTURE.md D10). A failure is left to that POST, which asks again.
 */
export function ensureCsrfCookie(): void {
  csrfToken().catch(() => undefined);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toHttpError(response: Response, body: unknown): HttpError {
  if (body && typeof body === 'object') {
    const { message, errors } = body as Partial<ApiErrorBody>;
    return new HttpError(response.status, message, errors ?? {}, response.statusText);
  }
  return new HttpError(response.status, undefined, {}, response.statusText);
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  let response = await send(method, url, options);
  if (response.status === CSRF_MISMATCH_STATUS && method !== 'GET') {
    // The token expired or rotated: the server refused before acting, so one retry with a fresh token is safe.
    await refreshCsrfCookie();
    response = await send(method, url, options);
  }
  if (
    response.status === PASSWORD_CONFIRMATION_STATUS &&
    path !== CONFIRM_PASSWORD_PATH &&
    (await confirmPasswordOnce())
  ) {
    // The server refused before acting; once the password is confirmed the same call is made again, once.
    response = await send(method, url, options);
  }
  const body = await readBody(response);
  if (!response.ok) throw toHttpError(response, body);
  return body as T;
}

/**
 * The one http client: same origin, credentials included, JSON in and out, XSRF header on writes; a 419 is
 * retried with a fresh token, a 423 asks for the password (when a confirmer is registered) and is retried.
 */
export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Most endpoints answer `{ data }` (PRODUCT.md §7). */
export interface DataEnvelope<T> {
  data: T;
}
