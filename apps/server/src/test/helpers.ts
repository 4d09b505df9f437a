import { randomBytes } from 'node:crypto';
import type { Role } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { TestContext } from './context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from './factories.js';

/** Polls `check` every 100 ms until it returns something truthy (job results land asynchronously). */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A fresh organisation with a signed-in super-admin, a signed-in member, and a signed-out client, all on its host. */
export async function setupOrg(ctx: TestContext) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user', { first_name: 'Mia', last_name: 'Member' });
  const adminClient = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  const memberClient = await ctx.client(host).signIn(member.email, TEST_PASSWORD);
  return { organization, admin, member, host, adminClient, memberClient, anonymous: ctx.client(host) };
}

export function addUser(
  db: Db,
  orgId: number,
  role: Role,
  fields: Partial<{ email: string; first_name: string; last_name: string }> = {},
) {
  return makeUser(db, orgId, role, fields);
}

export const uniqueEmail = (prefix = 'person') => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;

export async function countRows(
  db: Db,
  table:
    | 'users'
    | 'user_roles'
    | 'mail_messages'
    | 'invitations'
    | 'teams'
    | 'team_members'
    | 'team_approvers'
    | 'sessions'
    | 'notification_switches',
  orgId?: number,
) {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The newest mail to this address, if any. */
export function latestMailTo(db: Db, email: string) {
  return db
    .selectFrom('mail_messages')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The registration link in an invitation mail's text body. */
export function registrationLinkIn(text: string): URL {
  const match = /(https?:\/\/\S+\/register\?\S+)/.exec(text);
  if (!match) throw new Error(`no registration link in: ${text}`);
  return new URL(match[1]!);
}

/** A multipart/form-data body with one file part, as a browser sends an upload. */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + APP0 JFIF marker) padded out; detection is by content. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
/** A RIFF/WEBP header padded out. */
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 0),
]);
