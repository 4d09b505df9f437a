import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { RegistrationRequestLinksTable, RegistrationRequestsTable } from '../../db/schema.js';

export type RegistrationRequestRow = Selectable<RegistrationRequestsTable>;
export type RegistrationLinkRow = Selectable<RegistrationRequestLinksTable>;

export interface Person {
  email: string;
  first_name: string;
  last_name: string;
}
export interface Responder {
  id: number;
  email: string;
  name: string;
}

/** The organisation's request for this email (one per person), locked for the change that follows. */
export function findRequestByEmailForUpdate(db: DbOrTx, orgId: number, email: string) {
  return db
    .selectFrom('registration_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

/** A new pending request; undefined when one for this email appeared meanwhile (the unique index decides). */
export function insertRequest(db: DbOrTx, orgId: number, person: Person) {
  return db
    .insertInto('registration_requests')
    .values({ org_id: orgId, ...person })
    .onConflict((oc) => oc.expression(sql`org_id, lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Asks again (someone approved once but holding no role now): pending, the earlier answer forgotten. */
export function reopenRequest(db: DbOrTx, orgId: number, id: number, person: Person) {
  return db
    .updateTable('registration_requests')
    .set({
      ...person,
      status: 'pending',
      responder_id: null,
      responder_email: null,
      responder_name: null,
      responded_on: null,
      updated_at: sql<Date>`now()`,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRequestForUpdate(db: DbOrTx, orgId: number, id: number) {
  return db
    .selectFrom('registration_requests')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function markAnswered(
  db: DbOrTx,
  orgId: number,
  id: number,
  status: 'approved' | 'blocked',
  responder: Responder,
) {
  return db
    .updateTable('registration_requests')
    .set({
      status,
      responder_id: responder.id,
      responder_email: responder.email,
      responder_name: responder.name,
      responded_on: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertLinks(
  db: DbOrTx,
  rows: Array<
    Pick<
      RegistrationLinkRow,
      'org_id' | 'registration_request_id' | 'admin_id' | 'action' | 'token_hash' | 'expires_at'
    >
  >,
) {
  if (rows.length > 0) await db.insertInto('registration_request_links').values(rows).execute();
}

/** The link of a token, locked while its answer is recorded. */
export function lockLinkByToken(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('registration_request_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** The answered request's links all stop working (the one used, and every other admin's). */
export async function markLinksUsed(db: DbOrTx, orgId: number, requestId: number) {
  await db
    .updateTable('registration_request_links')
    .set({ used_at: sql<Date>`now()` })
    .where('org_id', '=', orgId)
    .where('registration_request_id', '=', requestId)
    .where('used_at', 'is', null)
    .execute();
}
