import type { Locator, Page } from 'playwright-core';
import {
  ADMIN,
  MANAGER,
  FINANCE,
  MESSAGES,
  SAM,
  dialog,
  expectNotification,
  greeting,
  notification,
  signIn,
} from '../lib/app.js';
import { cardTitled, chooseOption, closeDropdown, popconfirm, tableRows } from '../lib/antd.js';
import {
  assert,
  expectEventually,
  expectHidden,
  expectNoneVisible,
  expectPath,
  expectVisible,
  type E2ETest,
} from '../lib/harness.js';
import { linkIn, readMail } from '../lib/mailbox.js';

/** Issue 3: invitations, team members and approval paths, end to end (PRODUCT.md §2 /teams and /teams/{teamId}). */

const INVITEE = {
  firstName: 'Taylor',
  lastName: 'Quinn',
  email: 'taylor.quinn@demo.test',
  password: 'fresh-pass-42',
} as const;
const INVITEE_NAME = `${INVITEE.firstName} ${INVITEE.lastName}`;

/** From /teams (Teams tab) to the team's page through its View Details link; returns the team id. */
async function openTeam(page: Page, name: string): Promise<number> {
  await page.goto('/teams?tab=teams');
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await page.waitForURL(/\/teams\/\d+$/);
  await expectVisible(page.getByRole('heading', { level: 1, name: new RegExp(`^${name}\\b`) }));
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The member count in the team page's title, e.g. 'Marketing (2 Members)' -> 2. */
async function memberCount(page: Page): Promise<number> {
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const count = /\((\d+) Members?\)/.exec(title)?.[1];
  assert(count, `the team page's title '${title}' has no member count`);
  return Number(count);
}

/** The names in a table's rows, in order (the first bold text of each row). */
async function namesIn(card: Locator): Promise<string[]> {
  const rows = tableRows(card);
  const names: string[] = [];
  for (const row of await rows.all()) names.push((await row.locator('strong').first().innerText()).trim());
  return names;
}

export const tests: E2ETest[] = [
  {
    name: 'invitation: an admin adds a user, the mailed link opens /register, the password signs them in, they join a team',
    timeoutMs: 60_000,
    async run({ page, newPage, baseURL }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);

      // Add User (PRODUCT.md §5 new user: names, email, role).
      await page.goto('/teams?tab=users');
      await page.getByRole('button', { name: 'Invite New User' }).click();
      const drawer = dialog(page, 'Add User');
      await expectVisible(drawer);
      await drawer.getByLabel('First Name').fill(INVITEE.firstName);
      await drawer.getByLabel('Last Name').fill(INVITEE.lastName);
      await drawer.getByLabel('Email', { exact: true }).fill(INVITEE.email);
      await chooseOption(page, drawer.getByLabel('Role'), 'Wallet User');
      await drawer.getByRole('button', { name: 'Add User' }).click();
      const added = notification(page, MESSAGES.userAdded);
      await expectVisible(added);
      await expectHidden(drawer);
      // Issue 18.3: the new user is first in the list, marked New, whatever page the name sorts to; the notice links
      // to the profile.
      const first = tableRows(page.locator('main')).first();
      await expectVisible(first.filter({ hasText: INVITEE.email }));
      await expectVisible(first.getByText('New', { exact: true }));
      await added.getByRole('button', { name: 'View Profile' }).click();
      const profile = dialog(page, 'User Profile');
      await expectVisible(profile.getByText(INVITEE.email));
      await profile.getByRole('button', { name: 'Close' }).click();
      await expectHidden(profile);

      // The invitation in the outbox links to /register on this server, with the token and the address.
      const mail = await readMail(page, { to: INVITEE.email, subject: /invited/i });
      const link = linkIn(mail, 'Set My Password');
      assert(
        link.origin === new URL(baseURL).origin,
        `the invitation links to ${link.origin}, not to the server that sent it (${baseURL})`,
      );
      assert(link.pathname === '/register', `the invitation links to ${link.pathname}, not /register`);
      assert(link.searchParams.get('token'), `the invitation link has no token: ${link.href}`);
      assert(
        link.searchParams.get('email') === INVITEE.email,
        `the invitation link's email is ${link.searchParams.get('email')}`,
      );

      // The invitee, in a browser of their own: choose a password, land on the dashboard signed in.
      const invitee = await newPage();
      await invitee.goto(`${link.pathname}${link.search}`);
      await expectVisible(invitee.getByRole('heading', { name: 'Set Up Your Account' }));
      await invitee.getByLabel('Password', { exact: true }).fill(INVITEE.password);
      await invitee.getByLabel('Confirm Password').fill(INVITEE.password);
      await invitee.getByRole('button', { name: 'Create Account' }).click();
      await expectPath(invitee, '/dashboard');
      await expectVisible(greeting(invitee, INVITEE.firstName));

      // The admin puts them in Marketing (Add New Member); they show in the members table.
      await openTeam(page, 'Marketing');
      const membersBefore = await memberCount(page);
      await page.getByRole('button', { name: 'Add New Member' }).click();
      const modal = dialog(page, 'Add New Member');
      await expectVisible(modal);
      await chooseOption(page, modal.getByLabel('Members'), INVITEE_NAME, INVITEE.firstName);
      await closeDropdown(page, modal.getByText('Add New Member', { exact: true }));
      await modal.getByRole('button', { name: 'Add', exact: true }).click();
      await expectHidden(modal);
      const members = cardTitled(page, 'Members');
      await expectVisible(tableRows(members).filter({ hasText: INVITEE.email }));
      await expectEventually(() => memberCount(page), membersBefore + 1, "the member count in the team's title");
    },
  },
  {
    name: 'approval path: a drag and the move buttons reorder it, the order survives a reload, removing a member takes them off it',
    timeoutMs: 60_000,
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      await openTeam(page, 'Engineering');
      const path = cardTitled(page, 'Approval Path');
      const members = cardTitled(page, 'Members');
      const pathOrder = () => namesIn(path);
      await expectEventually(pathOrder, [MANAGER.name, FINANCE.name], 'the seeded approval path');
      await expectVisible(tableRows(members).filter({ hasText: SAM.email }));

      // Sam, a member of the team, joins the path (add by multi-select).
      await chooseOption(page, path.getByRole('combobox', { name: 'Add approvers' }), SAM.name, SAM.firstName);
      await closeDropdown(page, path.getByText('Approval Path', { exact: true }));
      await path.getByRole('button', { name: 'Add', exact: true }).click();
      await expectNotification(page, MESSAGES.pathUpdated);
      await expectEventually(pathOrder, [MANAGER.name, FINANCE.name, SAM.name], 'the path after adding Sam');

      // Drag Sam's row by its handle onto Frank's: Sam moves up one.
      const handle = path.getByRole('button', { name: `Drag to reorder ${SAM.name}` });
      const target = tableRows(path).filter({ hasText: FINANCE.name });
      const from = await handle.boundingBox();
      const to = await target.boundingBox();
      assert(from && to, 'the drag handle or the target row has no box');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
      await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
      await page.mouse.up();
      await expectNotification(page, MESSAGES.pathUpdated);
      await expectEventually(
        pathOrder,
        [MANAGER.name, SAM.name, FINANCE.name],
        'the path after dragging Sam above Frank',
      );

      // The keyboard-reachable move button: Sam up once more, to the first step.
      await path.getByRole('button', { name: `Move ${SAM.name} up` }).click();
      await expectNotification(page, MESSAGES.pathUpdated);
      await expectEventually(pathOrder, [SAM.name, MANAGER.name, FINANCE.name], 'the path after moving Sam up');

      await page.reload();
      await expectEventually(pathOrder, [SAM.name, MANAGER.name, FINANCE.name], 'the path after a reload');

      // Remove Sam from the team (confirm): gone from the members and from the path, also after a reload.
      await members.getByRole('button', { name: `Remove ${SAM.name} from the team` }).click();
      const confirm = popconfirm(page, MESSAGES.removeMemberConfirm);
      await expectVisible(confirm);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expectEventually(
        () => tableRows(members).filter({ hasText: SAM.email }).count(),
        0,
        'rows of Sam in the members table',
      );
      await expectEventually(pathOrder, [MANAGER.name, FINANCE.name], 'the path after removing Sam from the team');
      await page.reload();
      await expectEventually(pathOrder, [MANAGER.name, FINANCE.name], 'the path after removing Sam, reloaded');
      await expectVisible(tableRows(members).first());
      await expectNoneVisible(tableRows(members).filter({ hasText: SAM.email }));
    },
  },
];
