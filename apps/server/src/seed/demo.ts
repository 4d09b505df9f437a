import { TEAM_COLORS, type Role } from '@wallet/contract';
import type { Db } from '../db/database.js';
import type { IssuingProvider } from '../issuing/provider.js';
import { seedDemoCardControls, seedDemoCards } from './demo-cards.js';
import { ensureDefaultCategories } from '../modules/wallet-categories/service.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoRequests } from './demo-requests.js';
import type { Jobs } from '../jobs/queue.js';
import { findOrganizationBySlug, insertOrganization } from '../modules/orgs/service.js';
import { skipPurchaseNoticesSoFar } from '../modules/authorizations/service.js';
import { createTeamInTransaction } from '../modules/teams/service.js';
import { createPersonWithoutRole, createUserInTransaction, findUserByEmail } from '../modules/users/service.js';
import { verifyPassword } from '../crypto/passwords.js';

export const DEMO_SLUG = 'demo';
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_USERS: ReadonlyArray<{ email: string; first_name: string; last_name: string; role: Role }> = [
  { email: 'admin@demo.test', first_name: 'Alex', last_name: 'Morgan', role: 'super-admin' },
  { email: 'manager@demo.test', first_name: 'Maya', last_name: 'Patel', role: 'wallet-admin' },
  { email: 'finance@demo.test', first_name: 'Frank', last_name: 'Osei', role: 'wallet-finance' },
  { email: 'member@demo.test', first_name: 'Jordan', last_name: 'Lee', role: 'wallet-user' },
  { email: 'sam@demo.test', first_name: 'Sam', last_name: 'Rivera', role: 'wallet-user' },
  { email: 'priya@demo.test', first_name: 'Priya', last_name: 'Shah', role: 'wallet-user' },
];

/** People of the organisation (from the giving product) without a wallet role: the ones an admin can invite. */
export const DEMO_PEOPLE_WITHOUT_ROLE = [
  { email: 'chris@demo.test', first_name: 'Chris', last_name: 'Donovan' },
  { email: 'dana@demo.test', first_name: 'Dana', last_name: 'Whitfield' },
];

/**
 * The demo organisation of the README, created once: on a later start it exists and nothing changes.
 * Later features add their own demo data here (cards, transactions, requests).
 */
export async function seedDemoOrganisation(
  deps: { db: Db; issuer: IssuingProvider; jobs: Jobs },
  origin = 'http://localhost:3000',
): Promise<boolean> {
  const { db } = deps;
  const found = await findOrganizationBySlug(db, DEMO_SLUG);
  if (found) {
    // A start that stopped half-way through seeding finishes the money part now.
    const admin = await findUserByEmail(db, found.id, DEMO_USERS[0]!.email);
    if (admin) {
      // Best effort: an organisation people have already changed must still start.
      try {
        await seedDemoCards(deps, found.id, admin.id);
        await seedDemoHistory(deps, found.id);
        await seedDemoCardControls(deps, found.id);
        await seedDemoRequests(deps, found, origin);
      } catch (error) {
        console.warn(`Demo data left as it is: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return false;
  }
  const { orgId, adminId } = await db.transaction().execute(async (tx) => {
    const org = await insertOrganization(tx, { slug: DEMO_SLUG, name: 'Demo Organisation' });
    await ensureDefaultCategories(tx, org.id);
    const users: Record<string, number> = {};
    for (const person of DEMO_USERS) {
      users[person.email] = (await createUserInTransaction(tx, org.id, { ...person, password: DEMO_PASSWORD })).id;
    }
    for (const person of DEMO_PEOPLE_WITHOUT_ROLE) await createPersonWithoutRole(tx, org.id, person);
    const id = (email: string) => users[email]!;
    await createTeamInTransaction(tx, org.id, {
      name: 'Engineering',
      color: TEAM_COLORS[0],
      members: [id('member@demo.test'), id('sam@demo.test')],
      approvalPath: [id('manager@demo.test'), id('finance@demo.test')],
    });
    await createTeamInTransaction(tx, org.id, {
      name: 'Marketing',
      color: TEAM_COLORS[7],
      members: [id('priya@demo.test'), id('member@demo.test')],
      approvalPath: [id('finance@demo.test')],
    });
    return { orgId: org.id, adminId: id('admin@demo.test') };
  });
  await seedDemoCards(deps, orgId, adminId);
  await seedDemoHistory(deps, orgId);
  // The year of purchases is history: the bell tells only of what happens from now on.
  await skipPurchaseNoticesSoFar(db);
  await seedDemoCardControls(deps, orgId);
  await seedDemoRequests(deps, (await findOrganizationBySlug(db, DEMO_SLUG))!, origin);
  return true;
}

/**
 * The demo sign-ins that still open with the README's password: production refuses to start while any does,
 * since anyone who has read the README could sign in as the demo's super-admin.
 */
export async function demoSignInsStillOpen(db: Db): Promise<string[]> {
  const organization = await findOrganizationBySlug(db, DEMO_SLUG);
  if (!organization) return [];
  const open: string[] = [];
  for (const person of DEMO_USERS) {
    const user = await findUserByEmail(db, organization.id, person.email);
    if (user && (await verifyPassword(user.password_hash, DEMO_PASSWORD))) open.push(person.email);
  }
  return open;
}
