import { randomBytes } from 'node:crypto';
import type { Role } from '@wallet/contract';
import type { Db } from '../db/database.js';
import { createOrganization } from '../modules/orgs/service.js';
import { createUser } from '../modules/users/service.js';

export const TEST_PASSWORD = 'test-password';

const unique = () => randomBytes(4).toString('hex');

/** A new organisation with a super-admin; tests build what they need in it, never sharing rows. */
export async function makeOrganization(db: Db, slug = `org-${unique()}`) {
  const { organization, admin } = await createOrganization(db, {
    slug,
    name: `Organisation ${slug}`,
    admin: { email: `admin-${unique()}@${slug}.test`, first_name: 'Ada', last_name: 'Admin', password: TEST_PASSWORD },
  });
  return { organization, admin, host: `${slug}.localhost` };
}

export function makeUser(
  db: Db,
  orgId: number,
  role: Role,
  fields: Partial<{ email: string; first_name: string; last_name: string }> = {},
) {
  return createUser(db, orgId, {
    email: fields.email ?? `${role}-${unique()}@example.test`,
    first_name: fields.first_name ?? 'Test',
    last_name: fields.last_name ?? role,
    role,
    password: TEST_PASSWORD,
  });
}
