import { sql, type Expression, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import type { SortTerm } from '../../http/list-query.js';
import { validationFailed } from '../../http/errors.js';
import { USER_MESSAGES } from '@wallet/contract';
import { pageWithTotal } from '../../db/page-with-total.js';
import { onPage } from '../../db/paging.js';

export type UserRow = Selectable<UsersTable>;
/** A user read by the list, with their roles in order. */
export type ListedUserRow = UserRow & { listed_roles: string[] };
export type UserSort = 'name' | 'email' | 'created_at';

export function findUserByEmail(db: DbOrTx, orgId: number, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: DbOrTx, orgId: number, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

/**
 * A user and their roles (sorted) as one query, for the user `userId` names: a value, or a column of the query it
 * is joined into (the signed-in request's session), so other modules read a user without naming our tables.
 */
export function userWithRolesQuery(db: DbOrTx, orgId: number, userId: number | Expression<number>) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(
      sql<
        string[]
      >`coalesce((select array_agg(r.role order by r.role)::text[] from user_roles r where r.org_id = users.org_id and r.user_id = users.id), '{}'::text[])`.as(
        'roles',
      ),
    )
    .where('users.org_id', '=', orgId)
    .where('users.id', '=', userId);
}

export function findUserByIdWithRoles(
  db: DbOrTx,
  orgId: number,
  id: number,
): Promise<(UserRow & { roles: string[] }) | undefined> {
  return userWithRolesQuery(db, orgId, id).executeTakeFirst();
}

export async function rolesOfUser(db: DbOrTx, orgId: number, userId: number): Promise<string[]> {
  return (await rolesOfUsers(db, orgId, [userId])).get(userId) ?? [];
}

export async function rolesOfUsers(
  db: DbOrTx,
  orgId: number,
  userIds: readonly number[],
): Promise<Map<number, string[]>> {
  const roles = new Map<number, string[]>();
  if (userIds.length === 0) return roles;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', userIds)
    .orderBy('role')
    .execute();
  for (const row of rows) roles.set(row.user_id, [...(roles.get(row.user_id) ?? []), row.role]);
  return roles;
}

/**
 * Two requests for the same new email (a double-clicked Add User) both pass the check before either commits;
 * the unique index stops the second, which gets the same 422 as a sequential one would.
 */
function emailTakenOnConflict(error: unknown): never {
  if (
    (error as { code?: string; constraint?: string }).code === '23505' &&
    (error as { constraint?: string }).constraint === 'users_org_email'
  ) {
    throw validationFailed({ email: [USER_MESSAGES.emailTaken] });
  }
  throw error;
}

export function insertUser(db: DbOrTx, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow().catch(emailTakenOnConflict);
}

export async function updateUser(
  db: DbOrTx,
  orgId: number,
  id: number,
  values: Updateable<UsersTable>,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch(emailTakenOnConflict);
}

/** The user row locked, so concurrent role changes and invitations of one person apply one after the other. */
export function lockUser(db: DbOrTx, orgId: number, id: number): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertUserRoles(
  db: DbOrTx,
  orgId: number,
  userId: number,
  roles: readonly string[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ org_id: orgId, user_id: userId, role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteUserRoles(db: DbOrTx, orgId: number, userId: number): Promise<void> {
  await db.deleteFrom('user_roles').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}

/** Super-admins of the organisation, their role rows locked so two concurrent demotions can't both pass. */
export async function lockSuperAdmins(db: DbOrTx, orgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('role', '=', 'super-admin')
    .forUpdate()
    .execute();
  return rows.map((row) => row.user_id);
}

export interface UserListFilters {
  /** 'any': holds a wallet role; 'users': holds wallet-user. */
  wallet?: 'any' | 'users';
  /** People without any wallet role whose name or email contains this text. */
  notWalletSearch?: string;
  /** Free-text search over name and email. */
  search?: string;
  ids?: readonly number[];
  roles?: readonly string[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filteredUsers(db: DbOrTx, orgId: number, filters: UserListFilters) {
  let query = db.selectFrom('users').where('users.org_id', '=', orgId);
  const withRole = (roles?: readonly string[]) =>
    query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select(sql`1`.as('one'))
          .whereRef('user_roles.user_id', '=', 'users.id')
          .$if(!!roles, (q) => q.where('user_roles.role', 'in', roles!)),
      ),
    );
  if (filters.wallet === 'any') query = withRole();
  if (filters.wallet === 'users') query = withRole(['wallet-user']);
  if (filters.roles?.length) query = withRole(filters.roles);
  if (filters.ids) query = query.where('users.id', 'in', filters.ids.length ? filters.ids : [0]);
  const matches = (text: string) => {
    const pattern = `%${escapeLike(text)}%`;
    return sql<boolean>`(users.first_name || ' ' || users.last_name ILIKE ${pattern} OR users.email ILIKE ${pattern})`;
  };
  if (filters.notWalletSearch !== undefined) {
    const search = filters.notWalletSearch;
    query = query
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select(sql`1`.as('one'))
              .whereRef('user_roles.user_id', '=', 'users.id'),
          ),
        ),
      )
      .where(matches(search));
  }
  if (filters.search) query = query.where(matches(filters.search));
  return query;
}

export async function listUsers(
  db: DbOrTx,
  orgId: number,
  filters: UserListFilters,
  sort: SortTerm<UserSort>[],
  page: { number: number; size: number },
  /** Columns the answer reads beside each user (other modules' briefs), named as they come back. */
  columns: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<{ rows: ListedUserRow[]; total: number }> {
  const base = filteredUsers(db, orgId, filters);
  const count = base.select((eb) => eb.fn.countAll<number>().as('total'));
  // The answer's roles (include=roles) in this statement rather than one more.
  let query = base.selectAll('users').select([
    sql<string[]>`array(select r.role::text from user_roles r where r.org_id = users.org_id and r.user_id = users.id
        order by r.role)`.as('listed_roles'),
    ...Object.entries(columns).map(([name, column]) => column.as(name)),
  ]) as unknown as ReturnType<typeof base.selectAll<'users'>>;
  // Names and emails sort as people read them, whatever the database's collation ('alice' next to 'Alan').
  for (const term of sort) {
    if (term.column === 'name')
      query = query
        .orderBy(sql`lower(users.first_name)`, term.direction)
        .orderBy(sql`lower(users.last_name)`, term.direction);
    else if (term.column === 'email') query = query.orderBy(sql`lower(users.email)`, term.direction);
    else query = query.orderBy(`users.${term.column}`, term.direction);
  }
  // The select list's spread hides listed_roles from the builder's type: the rows do have it.
  return pageWithTotal(
    db,
    count,
    query.orderBy('users.id').$call((query) => onPage(query, page)),
  ) as Promise<{ rows: ListedUserRow[]; total: number }>;
}

export function findUsersByIds(db: DbOrTx, orgId: number, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute();
}

/** One round trip for the authorisation hot path: whether the holder may spend. */
export function holderStanding(db: DbOrTx, orgId: number, userId: number) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'created_at',
      'issuing_tos_accepted_at',
      eb
        .exists(
          eb
            .selectFrom('user_roles')
            .select(sql`1`.as('one'))
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', '=', 'wallet-user'),
        )
        .as('is_wallet_user'),
    ])
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Everyone holding an admin role (super-admin, wallet-admin, wallet-finance). */
export function adminsOf(db: DbOrTx, orgId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select(sql`1`.as('one'))
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', 'in', ['super-admin', 'wallet-admin', 'wallet-finance']),
      ),
    )
    .orderBy('id')
    .execute();
}

/** Ids of users whose name (spaces removed) contains any of the terms; for searching cards by holder. */
export async function userIdsMatchingNames(db: DbOrTx, orgId: number, terms: readonly string[]): Promise<number[]> {
  if (terms.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or(
        terms.map((term) =>
          eb(
            eb.fn('replace', [eb.fn('concat', ['first_name', 'last_name']), eb.val(' '), eb.val('')]),
            'ilike',
            `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
          ),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Every user id of the organisation in name order, so other modules can sort by holder name without our table. */
export async function userIdsInNameOrder(db: DbOrTx, orgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A person in brief as read by another module's statement (personBriefColumn): presenter.ts makes the brief. */
export interface PersonBriefRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar_path: string | null;
  /** updated_at in epoch milliseconds (the avatar URL's version). */
  updated_ms: number;
}

/** A JSON column naming one person of the organisation (null when there is none), for a list's own statement. */
export function personBriefColumn(
  orgId: Expression<number>,
  userId: Expression<number>,
): RawBuilder<PersonBriefRow | null> {
  return sql<PersonBriefRow | null>`(select json_build_object('id', u.id, 'first_name', u.first_name,
    'last_name', u.last_name, 'email', u.email, 'avatar_path', u.avatar_path,
    'updated_ms', floor(extract(epoch from u.updated_at) * 1000)) from users u where u.org_id = ${orgId} and u.id = ${userId})`;
}

/** These people's names as a JSON array column ([{ id, first_name, last_name }]), for a statement reading several modules' names at once. */
export function personNamesColumn(
  orgId: number,
  ids: readonly number[],
): RawBuilder<Array<{ id: number; first_name: string; last_name: string }>> {
  return sql`(select coalesce(json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)), '[]')
    from users u where u.org_id = ${orgId} and u.id = any(${ids}::bigint[]))`;
}
