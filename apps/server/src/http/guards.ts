import type { FastifyRequest } from 'fastify';
import { isAdmin } from '@wallet/contract';
import { forbidden, unauthenticated } from './errors.js';

/** Route onRequest hook (runs before the body is read): the request must carry a live session. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
}

/** Route onRequest hook: a live session of an admin (super-admin, wallet-admin or wallet-finance). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
  if (!isAdmin(request.auth.user.roles)) throw forbidden();
}
