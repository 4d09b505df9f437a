import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSIGNABLE_ROLES,
  ROLES,
  idSchema,
  invitationSchema,
  isAdmin,
  newUserSchema,
  notificationPreferencesSchema,
  profileSchema,
  userRolesSchema,
  USER_MESSAGES,
  type UpdateUserResponse,
  type UserResource,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { memberIdsOfTeam, teamsOfUsers } from '../teams/service.js';
import { notificationPreferences, saveNotificationPreferences } from '../mail/service.js';
import { presentUser } from './presenter.js';
import { cardsOfUsers } from '../cards/service.js';
import { sendInvitation } from './invitations.js';
import { confirmEmailChange, emailChangeResultPath } from './email-change.js';
import { auditByOf } from '../audit/request.js';
import { recordAudit } from '../audit/service.js';
import {
  createUserInTransaction,
  fullName,
  getUser,
  grantFirstRole,
  listUsers,
  rolesOfUsers,
  setUserRole,
  updateProfile,
  type UserListFilters,
  type UserRow,
} from './service.js';

const USER_FIELDS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'email',
  'cell_phone',
  'address',
  'address2',
  'city',
  'state_province',
  'postal',
  'avatar_url',
  'roles',
  'teams',
  'cards',
  'created_at',
] as const;

const listSpec = {
  filters: {
    wallet: z.enum(['true', 'users'], { error: "The wallet filter must be 'true' or 'users'." }),
    custom_search_not_wallet: z.string().max(255, 'The search may not be greater than 255 characters.'),
    search: z.string().max(255, 'The search may not be greater than 255 characters.'),
    members_of_team: idSchema,
    role: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(z.enum(ROLES, { error: 'Unknown role.' }))),
  },
  sorts: ['name', 'email', 'created_at'] as const,
  includes: ['teams', 'cards', 'roles'] as const,
  fields: { users: USER_FIELDS },
  defaultSort: 'name',
};

const idParams = z.object({ id: idSchema });
const updateUserSchema = profileSchema.extend({ role: z.enum(ASSIGNABLE_ROLES).optional() });

function pick(resource: UserResource, fields: readonly string[] | undefined) {
  if (!fields?.length) return resource;
  return Object.fromEntries(Object.entries(resource).filter(([key]) => fields.includes(key)));
}

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = fastify.deps;

  /** Users with the includes asked for. */
  async function present(orgId: number, rows: UserRow[], includes: Set<string>) {
    const ids = rows.map((row) => row.id);
    const [roles, teams, cards] = await Promise.all([
      includes.has('roles') ? rolesOfUsers(db, orgId, ids) : undefined,
      includes.has('teams') ? teamsOfUsers(db, orgId, ids) : undefined,
      includes.has('cards') ? cardsOfUsers(db, orgId, ids) : undefined,
    ]);
    return rows.map((row) =>
      presentUser(row, {
        roles: roles && (roles.get(row.id) ?? []),
        teams: teams && (teams.get(row.id) ?? []),
        cards: cards && (cards.get(row.id) ?? []),
      }),
    );
  }

  app.get('/api/users', { onRequest: requireUser, schema: { querystring: listQuerystring } }, async (request) => {
    const org = orgOf(request);
    const actor = userOf(request);
    const query = parseListQuery(request.query, listSpec);
    const { filters } = query;
    const listFilters: UserListFilters = {
      wallet: filters.wallet === 'true' ? 'any' : filters.wallet,
      notWalletSearch: filters.custom_search_not_wallet,
      search: filters.search,
      roles: filters.role,
    };
    if (filters.members_of_team) listFilters.ids = await memberIdsOfTeam(db, org.id, filters.members_of_team);
    // Members see only themselves.
    if (!isAdmin(actor.roles)) listFilters.ids = (listFilters.ids ?? [actor.id]).filter((id) => id === actor.id);
    const { rows, total } = await listUsers(db, org.id, listFilters, query.sort, query.page);
    const data = (await present(org.id, rows, query.includes)).map((user) => pick(user, query.fields.users));
    return { data, meta: listMeta(total, query.page) };
  });

  app.post('/api/users', { onRequest: requireAdmin, schema: { body: newUserSchema } }, async (request, reply) => {
    const org = orgOf(request);
    const actor = userOf(request);
    const { role, email, first_name, last_name, ...profile } = request.body;
    const user = await db.transaction().execute(async (tx) => {
      const created = await createUserInTransaction(tx, org.id, { email, first_name, last_name, role, profile });
      await sendInvitation(tx, jobs, {
        organization: org,
        user: created,
        invitedBy: { id: actor.id, name: fullName(actor) },
        origin: organizationOriginOf(request),
      });
      await recordAudit(tx, {
        orgId: org.id,
        by: auditByOf(request),
        action: 'user.invited',
        subject: { type: 'user', id: created.id, label: fullName(created) },
        details: { roles: created.roles, new_user: true },
      });
      return created;
    });
    return reply.code(201).send({ data: presentUser(user, { roles: user.roles }) });
  });

  app.post(
    '/api/users/:id/invitations',
    { onRequest: requireAdmin, schema: { params: idParams, body: invitationSchema } },
    async (request, reply) => {
      const org = orgOf(request);
      const actor = userOf(request);
      const user = await db.transaction().execute(async (tx) => {
        const granted = await grantFirstRole(tx, org.id, request.params.id, request.body.role);
        await sendInvitation(tx, jobs, {
          organization: org,
          user: granted,
          invitedBy: { id: actor.id, name: fullName(actor) },
          origin: organizationOriginOf(request),
        });
        await recordAudit(tx, {
          orgId: org.id,
          by: auditByOf(request),
          action: 'user.invited',
          subject: { type: 'user', id: granted.id, label: fullName(granted) },
          details: { roles: granted.roles, new_user: false },
        });
        return granted;
      });
      return reply.code(201).send({ data: presentUser(user, { roles: user.roles }) });
    },
  );

  app.get(
    '/api/users/:id',
    { onRequest: requireUser, schema: { params: idParams, querystring: listQuerystring } },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...listSpec, filters: {}, defaultSort: 'name' });
      const user = await getUser(db, org.id, userOf(request), request.params.id);
      const [resource] = await present(org.id, [user], new Set([...query.includes, 'roles']));
      return { data: pick(resource!, query.fields.users) };
    },
  );

  app.put(
    '/api/users/:id',
    { onRequest: requireUser, schema: { params: idParams, body: updateUserSchema } },
    async (request): Promise<UpdateUserResponse> => {
      const { role, ...profile } = request.body;
      const context = {
        db,
        jobs,
        organization: orgOf(request),
        origin: organizationOriginOf(request),
        by: auditByOf(request),
      };
      const { user, emailConfirmationSent } = await updateProfile(
        context,
        userOf(request),
        request.params.id,
        profile,
        role,
      );
      const data = presentUser(user, { roles: user.roles });
      return emailConfirmationSent ? { data, message: USER_MESSAGES.emailChangeSent } : { data };
    },
  );

  /** The link mailed to a new address: no session needed, the single-use token is the credential. */
  app.get(
    '/api/email-changes/confirm',
    { schema: { querystring: z.object({ token: z.string().min(20).max(100) }) } },
    async (request, reply) => {
      const status = await confirmEmailChange(db, jobs, orgOf(request), request.query.token);
      return reply.header('cache-control', 'no-store').redirect(emailChangeResultPath(status));
    },
  );

  app.put(
    '/api/users/:id/roles',
    { onRequest: requireAdmin, schema: { params: idParams, body: userRolesSchema } },
    async (request) => {
      const org = orgOf(request);
      const user = await setUserRole(db, org.id, request.params.id, request.body.roles[0]!, auditByOf(request));
      return { data: presentUser(user, { roles: user.roles }) };
    },
  );

  app.get(
    '/api/users/:id/notification-preferences',
    { onRequest: requireUser, schema: { params: idParams } },
    async (request) => {
      const org = orgOf(request);
      const target = await getUser(db, org.id, userOf(request), request.params.id);
      return { data: await notificationPreferences(db, org.id, target.id) };
    },
  );

  app.put(
    '/api/users/:id/notification-preferences',
    { onRequest: requireUser, schema: { params: idParams, body: notificationPreferencesSchema } },
    async (request) => {
      const org = orgOf(request);
      const target = await getUser(db, org.id, userOf(request), request.params.id);
      await saveNotificationPreferences(db, org.id, target.id, request.body);
      return { data: request.body };
    },
  );
}
