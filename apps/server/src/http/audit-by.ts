import type { FastifyRequest } from 'fastify';
import { userOf } from './context.js';
import type { AuditBy, AuditClient } from '../modules/audit/service.js';

// Every admin route builds its audit actor from the request: here, so the audit module itself stays free of Fastify.

/** The client's address and browser, as the audit log keeps them. */
export function auditClientOf(request: FastifyRequest): AuditClient {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' && agent ? agent.slice(0, 500) : null };
}

/** The signed-in person acting, with their client. */
export function auditByOf(request: FastifyRequest): AuditBy {
  return { actorId: userOf(request).id, ...auditClientOf(request) };
}
