import { sql, type RawBuilder } from 'kysely';
import type { Me, UserResource } from '@wallet/contract';
import type { DbOrTx } from '../../db/database.js';
import { cardsOfUsers } from '../cards/service.js';
import type { Organization } from '../orgs/service.js';
import { teamsOfUserColumn, teamsOfUsers } from '../teams/service.js';
import {
  fullName,
  rolesOfUsers,
  type ListedUserRow,
  type PersonBriefRow,
  type UserRow,
  type UserWithRoles,
} from './service.js';

export function avatarUrl(user: Pick<UserRow, 'id' | 'avatar_path' | 'updated_at'>): string | null {
  // The version query makes a new upload bypass the browser's cached copy.
  return user.avatar_path ? `/users/${user.id}/avatar?v=${user.updated_at.getTime()}` : null;
}

export function presentUser(
  user: UserRow,
  extras: { roles?: string[]; teams?: UserResource['teams']; cards?: UserResource['cards'] } = {},
): UserResource {
  return {
    id: user.id,
    name: fullName(user),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    cell_phone: user.cell_phone,
    address: user.address,
    address2: user.address2,
    city: user.city,
    state_province: user.state_province,
    postal: user.postal,
    avatar_url: avatarUrl(user),
    stripe_cardholder_id: user.stripe_cardholder_id,
    issuing_tos_acceptance: { accepted_at: user.issuing_tos_accepted_at?.toISOString() ?? null },
    invitation_pending: user.password_hash === null,
    created_at: user.created_at.toISOString(),
    ...(extras.roles && { roles: extras.roles }),
    ...(extras.teams && { teams: extras.teams }),
    ...(extras.cards && { cards: extras.cards }),
  };
}

export function presentMe(user: UserWithRoles, organization: Organization): Me {
  const {
    invitation_pending: _pending,
    teams: _teams,
    cards: _cards,
    ...resource
  } = presentUser(user, { roles: user.roles });
  return {
    ...resource,
    roles: user.roles,
    organization: { id: organization.id, slug: organization.slug, name: organization.name },
  };
}

export type UserInclude = 'roles' | 'teams' | 'cards';

/** Users with the includes asked for, loaded in one query per include for the whole page. */
/** The includes the users list reads in its own statement (ISSUE 19.9). */
interface IncludedColumns {
  included_teams: NonNullable<UserResource['teams']>;
}

/** The columns the users list selects beside each user for these includes: their teams, a subquery of teams'. */
export function userIncludeColumns(includes: ReadonlySet<string>): Record<string, RawBuilder<unknown>> {
  return includes.has('teams')
    ? { included_teams: teamsOfUserColumn(sql.ref<number>('users.org_id'), sql.ref<number>('users.id')) }
    : {};
}

export async function presentUsers(
  db: DbOrTx,
  orgId: number,
  rows: Array<UserRow | ListedUserRow>,
  includes: ReadonlySet<string>,
): Promise<UserResource[]> {
  const ids = rows.map((row) => row.id);
  // Users read by the list carry their roles already.
  const listedRoles = rows.every((row) => 'listed_roles' in row)
    ? new Map(rows.map((row) => [row.id, (row as ListedUserRow).listed_roles]))
    : undefined;
  // And their teams, when the list selected userIncludeColumns' column.
  const listedTeams =
    rows.length > 0 && rows.every((row) => 'included_teams' in row)
      ? new Map(rows.map((row) => [row.id, (row as ListedUserRow & IncludedColumns).included_teams]))
      : undefined;
  const [roles, teams, cards] = await Promise.all([
    includes.has('roles') ? (listedRoles ?? rolesOfUsers(db, orgId, ids)) : undefined,
    includes.has('teams') ? (listedTeams ?? teamsOfUsers(db, orgId, ids)) : undefined,
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

/** A sparse fieldset (fields[users]=...): only the fields asked for, or all when none were. */
export function pickFields(resource: UserResource, fields: readonly string[] | undefined) {
  if (!fields?.length) return resource;
  return Object.fromEntries(Object.entries(resource).filter(([key]) => fields.includes(key)));
}

/** A person in brief ({ id, name, email, avatar_url }) from a personBriefColumn. */
export function personBriefOf(person: PersonBriefRow) {
  return {
    id: person.id,
    name: fullName(person),
    email: person.email,
    avatar_url: avatarUrl({ id: person.id, avatar_path: person.avatar_path, updated_at: new Date(person.updated_ms) }),
  };
}
