import type { FastifyRequest } from 'fastify';
import { CARD_MESSAGES, PASSWORD_CONFIRMATION_SECONDS, isAdmin } from '@wallet/contract';
import { forbidden, passwordConfirmationRequired, unauthenticated } from './errors.js';

/** Route onRequest hook (runs before the body is read): the request must carry a live session. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
}

/** Route onRequest hook: a live session of an admin (super-admin, wallet-admin or wallet-finance). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
  if (!isAdmin(request.auth.user.roles)) throw forbidden();
}

/**
 * Sensitive data and security settings: the session's password must have been confirmed within 3 hours, else 423
 * (the web asks for the password and makes the call again). Call it after the resource's own 404 checks.
 */
export function assertRecentPassword(request: FastifyRequest): void {
  const confirmedAt = request.auth?.passwordConfirmedAt;
  if (!confirmedAt || Date.now() - confirmedAt.getTime() > PASSWORD_CONFIRMATION_SECONDS * 1000) {
    throw passwordConfirmationRequired(CARD_MESSAGES.passwordConfirmRequired);
  }
}
