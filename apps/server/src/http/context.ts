import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Jobs } from '../jobs/queue.js';
import type { IssuingProvider } from '../issuing/provider.js';
import type { Organization } from '../modules/orgs/service.js';
import type { UserWithRoles } from '../modules/users/service.js';
import type { LiveHub } from '../modules/live/service.js';
import { notFound, unauthenticated } from './errors.js';
import { MESSAGES } from '@wallet/contract';

/** What every route may use; tests build the app with their own. */
export interface AppDeps {
  db: Db;
  /** Where `db` connects: for work that opens its own connection (the export thread). */
  databaseUrl: string;
  config: Config;
  jobs: Jobs;
  issuer: IssuingProvider;
  /** A session-capable URL of the same database (DATABASE_DIRECT_URL) for LISTEN; default databaseUrl. */
  directDatabaseUrl?: string;
  /** Live updates to the open apps; buildApp starts one when none is given. */
  live?: LiveHub;
}

export interface RequestAuth {
  sessionId: string;
  user: UserWithRoles;
  passwordConfirmedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** The organisation this request's Host selects; null when the label is unknown. */
    org: Organization | null;
    auth: RequestAuth | null;
  }
}

export function orgOf(request: FastifyRequest): Organization {
  if (!request.org) throw notFound(MESSAGES.organisationNotFound);
  return request.org;
}

export function userOf(request: FastifyRequest): UserWithRoles {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}
