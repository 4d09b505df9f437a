import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSIGNABLE_ROLES,
  ROLES,
  idSchema,
  invitationSchema,
  newUserSchema,
  profileSchema,
  userRolesSchema,
  USER_MESSAGES,
  type UpdateUserResponse,
  emptyResponse,
  errorResponses,
  sparseUserItemSchema,
  updateUserResponseSchema,
  userItemSchema,
  usersPageSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { organizationOriginOf } from '../../http/public-url.js';
import { requireAdmin, requireUser } from '../../http/guards.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { fastResponseSerializer } from '../../http/response-schema.js';
import { auditByOf } from '../../http/audit-by.js';
import { pickFields, presentUser, presentUsers, userIncludeColumns } from './presenter.js';
import { inviteNewUser, invitePerson, type InvitationContext } from './invitations.js';
import { confirmEmailChange, emailChangeResultPath } from './email-change.js';
import { listUsersFor } from './listing.js';
import { fullName, getUser, setUserRole, updateProfile } from './service.js';

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

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Lists are the hot reads: written by fast-json-stringify (ISSUE 19.9).
  const listSerializer = fastResponseSerializer(fastify.deps.config.NODE_ENV !== 'production');
  const { db, jobs } = fastify.deps;

  const invitationContextOf = (request: FastifyRequest): InvitationContext => {
    const actor = userOf(request);
    return {
      db,
      jobs,
      organization: orgOf(request),
      origin: organizationOriginOf(request),
      invitedBy: { id: actor.id, name: fullName(actor) },
      by: auditByOf(request),
    };
  };

  app.get(
    '/api/users',
    {
      onRequest: requireUser,
      serializerCompiler: listSerializer,
      schema: { querystring: listQuerystring, response: { 200: usersPageSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const actor = userOf(request);
      const query = parseListQuery(request.query, listSpec);
      const { filters } = query;
      const { rows, total } = await listUsersFor(
        db,
        org.id,
        actor,
        {
          wallet: filters.wallet === 'true' ? 'any' : filters.wallet,
          notWalletSearch: filters.custom_search_not_wallet,
          search: filters.search,
          roles: filters.role,
          membersOfTeam: filters.members_of_team,
        },
        query.sort,
        query.page,
        userIncludeColumns(query.includes),
      );
      const data = (await presentUsers(db, org.id, rows, query.includes)).map((user) =>
        pickFields(user, query.fields.users),
      );
      return { data, meta: listMeta(total, query.page) };
    },
  );

  app.post(
    '/api/users',
    { onRequest: requireAdmin, schema: { body: newUserSchema, response: { 201: userItemSchema } } },
    async (request, reply) => {
      const { role, email, first_name, last_name, ...profile } = request.body;
      const user = await inviteNewUser(invitationContextOf(request), { email, first_name, last_name, role, profile });
      return reply.code(201).send({ data: presentUser(user, { roles: user.roles }) });
    },
  );

  app.post(
    '/api/users/:id/invitations',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, body: invitationSchema, response: { 201: userItemSchema, ...errorResponses(409) } },
    },
    async (request, reply) => {
      const user = await invitePerson(invitationContextOf(request), request.params.id, request.body.role);
      return reply.code(201).send({ data: presentUser(user, { roles: user.roles }) });
    },
  );

  app.get(
    '/api/users/:id',
    {
      onRequest: requireUser,
      schema: { params: idParams, querystring: listQuerystring, response: { 200: sparseUserItemSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const query = parseListQuery(request.query, { ...listSpec, filters: {}, defaultSort: 'name' });
      const user = await getUser(db, org.id, userOf(request), request.params.id);
      const [resource] = await presentUsers(db, org.id, [user], new Set([...query.includes, 'roles']));
      return { data: pickFields(resource!, query.fields.users) };
    },
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: requireUser,
      schema: {
        params: idParams,
        body: updateUserSchema,
        response: { 200: updateUserResponseSchema, ...errorResponses(403, 429) },
      },
    },
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
    {
      schema: {
        querystring: z.object({ token: z.string().min(20).max(100) }),
        response: { 302: emptyResponse('To the page /email-change?status=... saying what the link did') },
      },
    },
    async (request, reply) => {
      const status = await confirmEmailChange(db, jobs, orgOf(request), request.query.token);
      return reply.header('cache-control', 'no-store').redirect(emailChangeResultPath(status));
    },
  );

  app.put(
    '/api/users/:id/roles',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, body: userRolesSchema, response: { 200: userItemSchema, ...errorResponses(409) } },
    },
    async (request) => {
      const org = orgOf(request);
      const user = await setUserRole(db, org.id, request.params.id, request.body.roles[0]!, auditByOf(request));
      return { data: presentUser(user, { roles: user.roles }) };
    },
  );
}
