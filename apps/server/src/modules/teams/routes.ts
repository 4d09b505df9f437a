import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  isAdmin,
  newTeamSchema,
  teamUsersSchema,
  updateTeamSchema,
  type TeamResource,
} from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { orgOf, userOf } from '../../http/context.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { badRequest } from '../../http/errors.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { avatarUrl } from '../users/presenter.js';
import { cardsOfUsers } from '../cards/service.js';
import { approvedAmountsByTeam } from '../purchase-requests/queries.js';
import { findUsersByIds, fullName } from '../users/service.js';
import { auditByOf } from '../audit/request.js';
import { organizationOriginOf } from '../../http/public-url.js';
import {
  memberIdsOfTeams,
  addTeamMember,
  addTeamMembers,
  approvalPathsOf,
  countMembers,
  createTeam,
  getTeam,
  listTeams,
  removeTeamMember,
  updateTeamDetails,
  type TeamRow,
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

/** Team resources. Active cards are those of the team's members; the approved amount is what its requests funded. */
async function activeCardCounts(db: DbOrTx, orgId: number, teamIds: readonly number[]): Promise<Map<number, number>> {
  const members = await memberIdsOfTeams(db, orgId, teamIds);
  const cards = await cardsOfUsers(db, orgId, [...new Set([...members.values()].flat())]);
  const activeOf = (userId: number) => (cards.get(userId) ?? []).filter((card) => card.status === 'active').length;
  return new Map(
    [...members].map(([teamId, userIds]) => [
      teamId,
      userIds.reduce((sum: number, userId: number) => sum + activeOf(userId), 0),
    ]),
  );
}

async function presentTeams(
  db: DbOrTx,
  orgId: number,
  teams: Array<TeamRow & { members_count?: number }>,
  includes: Set<string>,
  appends: Set<string>,
): Promise<TeamResource[]> {
  const paths = await approvalPathsOf(
    db,
    orgId,
    teams.map((team) => team.id),
  );
  const approverIds = appends.has('approval_path_users') ? [...new Set([...paths.values()].flat())] : [];
  const approvers = new Map((await findUsersByIds(db, orgId, approverIds)).map((user) => [user.id, user]));
  const teamIds = teams.map((team) => team.id);
  const [approved, activeCards] = await Promise.all([
    includes.has('approvedPurchaseRequestsAmount')
      ? approvedAmountsByTeam(db, orgId, teamIds)
      : new Map<number, number>(),
    includes.has('activeCardsCount') ? activeCardCounts(db, orgId, teamIds) : new Map<number, number>(),
  ]);
  return Promise.all(
    teams.map(async (team) => {
      const path = paths.get(team.id) ?? [];
      return {
        id: team.id,
        name: team.name,
        color: team.color,
        created_at: team.created_at.toISOString(),
        approval_path: path,
        ...(includes.has('usersCount') && {
          members_count: team.members_count ?? (await countMembers(db, orgId, team.id)),
        }),
        ...(includes.has('activeCardsCount') && { active_cards_count: activeCards.get(team.id) ?? 0 }),
        ...(includes.has('approvedPurchaseRequestsAmount') && { approved_request_amount: approved.get(team.id) ?? 0 }),
        ...(appends.has('approval_path_users') && {
          approval_path_users: path.flatMap((id) => {
            const user = approvers.get(id);
            return user ? [{ id: user.id, name: fullName(user), email: user.email, avatar_url: avatarUrl(user) }] : [];
          }),
        }),
      };
    }),
  );
}

export async function teamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = fastify.deps;
  /** A change to a path or to members may move pending requests along and mail their next approver. */
  const changeContextOf = (request: FastifyRequest) => ({
    organization: orgOf(request),
    origin: organizationOriginOf(request),
    jobs,
    by: auditByOf(request),
  });

  app.get('/api/teams', { onRequest: requireUser, schema: { querystring: listQuerystring } }, async (request) => {
    const org = orgOf(request);
    const actor = userOf(request);
    const query = parseListQuery(request.query, listSpec);
    const filters = { search: query.filters.search, memberId: isAdmin(actor.roles) ? undefined : actor.id };
    const { rows, total } = await listTeams(db, org.id, filters, query.sort, query.page);
    return {
      data: await presentTeams(db, org.id, rows, query.includes, appendsOf(request.query)),
      meta: listMeta(total, query.page),
    };
  });

  app.get(
    '/api/teams/:id',
    { onRequest: requireUser, schema: { params: teamParams, querystring: listQuerystring } },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...listSpec, filters: {} });
      const team = await getTeam(db, org.id, userOf(request), request.params.id);
      const [data] = await presentTeams(db, org.id, [team], query.includes, appendsOf(request.query));
      return { data };
    },
  );

  app.post('/api/teams', { onRequest: requireAdmin, schema: { body: newTeamSchema } }, async (request, reply) => {
    const org = orgOf(request);
    const team = await createTeam(db, org.id, request.body);
    const [data] = await presentTeams(db, org.id, [team], new Set(['usersCount']), new Set(['approval_path_users']));
    return reply.code(201).send({ data });
  });

  app.put(
    '/api/teams/:id',
    { onRequest: requireAdmin, schema: { params: teamParams, body: updateTeamSchema } },
    async (request) => {
      const org = orgOf(request);
      await updateTeamDetails(db, changeContextOf(request), request.params.id, request.body);
      const team = await getTeam(db, org.id, userOf(request), request.params.id);
      const [data] = await presentTeams(db, org.id, [team], new Set(['usersCount']), new Set(['approval_path_users']));
      return { data };
    },
  );

  app.post(
    '/api/teams/:id/users',
    { onRequest: requireAdmin, schema: { params: teamParams, body: teamUsersSchema } },
    async (request) => {
      const org = orgOf(request);
      await addTeamMembers(db, org.id, request.params.id, request.body.users);
      return { data: { members_count: await countMembers(db, org.id, request.params.id) } };
    },
  );

  app.put(
    '/api/teams/:id/users/:userId',
    { onRequest: requireAdmin, schema: { params: memberParams } },
    async (request) => {
      const org = orgOf(request);
      await addTeamMember(db, org.id, request.params.id, request.params.userId);
      return { data: { members_count: await countMembers(db, org.id, request.params.id) } };
    },
  );

  app.delete(
    '/api/teams/:id/users/:userId',
    { onRequest: requireAdmin, schema: { params: memberParams } },
    async (request, reply) => {
      await removeTeamMember(db, changeContextOf(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );
}
