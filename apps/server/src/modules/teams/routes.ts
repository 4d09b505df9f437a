import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyResponse,
  idSchema,
  newTeamSchema,
  teamItemSchema,
  teamMembersCountSchema,
  teamsPageSchema,
  teamUsersSchema,
  updateTeamSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { badRequest } from '../../http/errors.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { fastResponseSerializer } from '../../http/response-schema.js';
import { auditByOf } from '../../http/audit-by.js';
import { onApprovalPathChanged } from '../purchase-requests/service.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { presentTeams, teamIncludeColumns } from './presenter.js';
import {
  addTeamMember,
  addTeamMembers,
  countMembers,
  createTeam,
  getTeam,
  listVisibleTeams,
  removeTeamMember,
  updateTeamDetails,
  type TeamChangeContext,
} from './service.js';

const listSpec = {
  filters: { search: z.string().max(255, 'The search may not be greater than 255 characters.') },
  sorts: ['name', 'created_at', 'members_count'] as const,
  includes: ['usersCount', 'activeCardsCount', 'approvedPurchaseRequestsAmount'] as const,
  extra: ['append'],
  defaultSort: 'name',
};
const APPENDS = ['approval_path_users'];

const teamParams = z.object({ id: idSchema });
const memberParams = z.object({ id: idSchema, userId: idSchema });

function appendsOf(query: Record<string, unknown>): Set<string> {
  const asked = String(query.append ?? '')
    .split(',')
    .filter(Boolean);
  const unknown = asked.filter((name) => !APPENDS.includes(name));
  if (unknown.length) throw badRequest(`Unknown append: ${unknown.join(', ')}.`);
  return new Set(asked);
}

export async function teamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Lists are the hot reads: written by fast-json-stringify (ISSUE 19.9).
  const listSerializer = fastResponseSerializer(fastify.deps.config.NODE_ENV !== 'production');
  const { db, jobs } = fastify.deps;
  /** A change to a path or to members may move pending requests along and mail their next approver. */
  const changeContextOf = (request: FastifyRequest): TeamChangeContext => {
    const pathChange = { organization: orgOf(request), origin: organizationOriginOf(request), jobs };
    return {
      organization: pathChange.organization,
      by: auditByOf(request),
      onPathChanged: (tx, teamId) => onApprovalPathChanged(tx, pathChange, teamId),
    };
  };

  app.get(
    '/api/teams',
    {
      onRequest: requireUser,
      serializerCompiler: listSerializer,
      schema: { querystring: listQuerystring, response: { 200: teamsPageSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, listSpec);
      const { rows, total } = await listVisibleTeams(
        db,
        org.id,
        userOf(request),
        { search: query.filters.search },
        query.sort,
        query.page,
        teamIncludeColumns(query.includes),
      );
      return {
        data: await presentTeams(db, org.id, rows, query.includes, appendsOf(request.query)),
        meta: listMeta(total, query.page),
      };
    },
  );

  app.get(
    '/api/teams/:id',
    {
      onRequest: requireUser,
      schema: { params: teamParams, querystring: listQuerystring, response: { 200: teamItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...listSpec, filters: {} });
      const team = await getTeam(db, org.id, userOf(request), request.params.id);
      const [data] = await presentTeams(db, org.id, [team], query.includes, appendsOf(request.query));
      return { data: data! };
    },
  );

  app.post(
    '/api/teams',
    { onRequest: requireAdmin, schema: { body: newTeamSchema, response: { 201: teamItemSchema } } },
    async (request, reply) => {
      const org = orgOf(request);
      const team = await createTeam(db, org.id, request.body);
      const [data] = await presentTeams(db, org.id, [team], new Set(['usersCount']), new Set(['approval_path_users']));
      return reply.code(201).send({ data: data! });
    },
  );

  app.put(
    '/api/teams/:id',
    {
      onRequest: requireAdmin,
      schema: { params: teamParams, body: updateTeamSchema, response: { 200: teamItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      await updateTeamDetails(db, changeContextOf(request), request.params.id, request.body);
      const team = await getTeam(db, org.id, userOf(request), request.params.id);
      const [data] = await presentTeams(db, org.id, [team], new Set(['usersCount']), new Set(['approval_path_users']));
      return { data: data! };
    },
  );

  app.post(
    '/api/teams/:id/users',
    {
      onRequest: requireAdmin,
      schema: { params: teamParams, body: teamUsersSchema, response: { 200: teamMembersCountSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      await addTeamMembers(db, org.id, request.params.id, request.body.users);
      return { data: { members_count: await countMembers(db, org.id, request.params.id) } };
    },
  );

  app.put(
    '/api/teams/:id/users/:userId',
    { onRequest: requireAdmin, schema: { params: memberParams, response: { 200: teamMembersCountSchema } } },
    async (request) => {
      const org = orgOf(request);
      await addTeamMember(db, org.id, request.params.id, request.params.userId);
      return { data: { members_count: await countMembers(db, org.id, request.params.id) } };
    },
  );

  app.delete(
    '/api/teams/:id/users/:userId',
    {
      onRequest: requireAdmin,
      schema: { params: memberParams, response: { 204: emptyResponse('The member is removed') } },
    },
    async (request, reply) => {
      await removeTeamMember(db, changeContextOf(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );
}
