import { MESSAGES } from '@wallet/contract';

/** Named errors with stable ids; the error handler renders them as { message, errors? } (ARCHITECTURE.md D6). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const csrfMismatch = () => new HttpError(419, MESSAGES.csrfMismatch);
export const badRequest = (message: string) => new HttpError(400, message);
/** A 422 about the request as a whole, not one of its fields (validationFailed names fields). */
export const unprocessable = (message: string) => new HttpError(422, message);
/** A 401 that says why: a short-lived sign-in step (the two-factor challenge, an SSO confirmation) has lapsed. */
export const signInStepExpired = (message: string) => new HttpError(401, message);
/** A 423: the session must confirm the password again first (card details, security settings). */
export const passwordConfirmationRequired = (message: string) => new HttpError(423, message);
/** A 503: a feature this server is not configured for. */
export const notConfigured = (message: string) => new HttpError(503, message);

/** A 422 for one or more fields; the message is the first field's first message. */
export function validationFailed(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData;
  return new HttpError(422, first, errors);
}

export function tooManyRequests(retryAfterSeconds: number, message: string = MESSAGES.tooManyRequests): HttpError {
  return new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/** The card issuer refused or couldn't be reached: a 502 carrying the adapter's error type (e.g. topup_failed). */
export class IssuerUnavailable extends HttpError {
  constructor(
    message: string,
    readonly issuerErrorType: string | undefined,
  ) {
    super(502, message);
  }
}
