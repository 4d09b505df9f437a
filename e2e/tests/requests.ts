import { ADMIN, FINANCE, MANAGER, MEMBER, MESSAGES, dialog, dollars, expectNotification, signIn } from '../lib/app.js';
import type { Page } from 'playwright-core';
import { cardsOf } from '../lib/api.js';
import { chooseOption, statisticValue, tableRows } from '../lib/antd.js';
import { assert, expectEventually, expectHidden, expectVisible, type E2ETest } from '../lib/harness.js';
import { linkIn, readMail } from '../lib/mailbox.js';

/**
 * Issue 6: a purchase request through Engineering's two-step approval path (Maya, then Frank): filed by Jordan,
 * approved by Maya from her mail's one-click link and by Frank in the app; the card is funded.
 */

const AMOUNT_CENTS = 1_234;
const NOTES = 'Team offsite snacks (end-to-end)';

export const tests: E2ETest[] = [
  {
    name: 'purchase request: Jordan files it, Maya approves from the mail link, Frank in the app; the card is funded and it shows Approved',
    timeoutMs: 75_000,
    async run({ page: admin, newPage, baseURL }) {
      await signIn(admin, ADMIN.email, ADMIN.firstName);
      const [card] = await cardsOf(admin, MEMBER.name, 'active');
      assert(card, `${MEMBER.name} has no active card`);
      await admin.goto(`/cards/${card.id}`);
      const availableBefore = await statisticValue(admin, 'Available to Spend');

      // Jordan files the request (Add Request: amount, card, team, notes).
      const member = await newPage();
      await signIn(member, MEMBER.email, MEMBER.firstName);
      await member.getByRole('link', { name: 'Request', exact: true }).click();
      await member.getByRole('button', { name: 'Add Request' }).click();
      const form = dialog(member, 'Create New Request');
      await expectVisible(form);
      await form.getByLabel('Amount').fill((AMOUNT_CENTS / 100).toFixed(2));
      await chooseOption(member, form.getByLabel('Card'), new RegExp(`•••• ${card.last4}`));
      await chooseOption(member, form.getByLabel('Team'), 'Engineering');
      await form.getByLabel('Notes').fill(NOTES);
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await expectNotification(member, MESSAGES.requestSubmitted);
      await expectHidden(form);

      // Maya, the first approver, is mailed; her Approve link works with one click, signed in or not.
      const mail = await readMail(admin, {
        to: MANAGER.email,
        subject: `${MEMBER.name} asks for ${dollars(AMOUNT_CENTS)}`,
      });
      assert(mail.includes(NOTES), `Maya's mail does not quote the request's notes:\n${mail}`);
      const approve = linkIn(mail, 'Approve');
      assert(
        approve.origin === new URL(baseURL).origin,
        `the Approve link points to ${approve.origin}, not to ${baseURL}`,
      );
      const maya = await newPage();
      await maya.goto(`${approve.pathname}${approve.search}`);
      await maya.waitForURL((url) => url.pathname === '/purchase-requests/approvals/done');
      await expectVisible(maya.getByText('The purchase request has been marked approved.'));

      // Frank, the second approver, decides in the app: Pending Request -> details -> Approve.
      const frank = await newPage();
      await signIn(frank, FINANCE.email, FINANCE.firstName);
      await frank.goto('/requests');
      await expectVisible(frank.getByRole('tab', { name: 'Pending Request', selected: true }));
      const row = tableRows(frank.getByRole('tabpanel', { name: 'Pending Request' })).filter({ hasText: NOTES });
      await expectVisible(row);
      await expectVisible(row.getByText(dollars(AMOUNT_CENTS), { exact: true }));
      await row.getByRole('button', { name: /^Actions for the request of/ }).click();
      await frank.getByRole('menuitem', { name: 'View Request' }).click();
      const details = dialog(frank, 'Request Details');
      await expectVisible(details);
      await expectVisible(details.getByText(NOTES));
      await details.getByRole('button', { name: 'Approve', exact: true }).click();
      await expectNotification(frank, MESSAGES.approvalSaved);

      // The card was funded by the amount.
      const before = Number(availableBefore.replace(/[$,]/g, '')) * 100;
      await admin.goto(`/cards/${card.id}`);
      await expectEventually(
        () => statisticValue(admin, 'Available to Spend'),
        dollars(Math.round(before) + AMOUNT_CENTS),
        'Available to Spend after the approval',
      );

      // Jordan's My Request tab shows it Approved.
      await member.getByRole('tab', { name: 'My Request' }).click();
      const mine = tableRows(member.getByRole('tabpanel', { name: 'My Request' })).filter({ hasText: NOTES });
      await expectVisible(mine);
      await expectVisible(mine.getByText('Approved', { exact: true }));
    },
  },
  {
    name: 'purchase request: Jordan edits his undecided request (Edit Request, Save Changes) and then deletes it after the confirm',
    timeoutMs: 60_000,
    async run({ page: member }) {
      const notes = 'Conference ticket (edit e2e)';
      const edited = 'Conference ticket and workshop (edit e2e)';
      await signIn(member, MEMBER.email, MEMBER.firstName);
      await member.goto('/requests');
      await member.getByRole('button', { name: 'Add Request' }).click();
      const form = dialog(member, 'Create New Request');
      await form.getByLabel('Amount').fill('45.00');
      await chooseOption(member, form.getByLabel('Card'), /••••/);
      await chooseOption(member, form.getByLabel('Team'), 'Engineering');
      await form.getByLabel('Notes').fill(notes);
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await expectNotification(member, MESSAGES.requestSubmitted);
      await expectHidden(form);

      const myRow = (text: string) =>
        tableRows(member.getByRole('tabpanel', { name: 'My Request' })).filter({ hasText: text });
      const openRowMenu = async (page: Page, text: string, item: string) => {
        await myRow(text)
          .getByRole('button', { name: /^Actions for the request of/ })
          .click();
        await page.getByRole('menuitem', { name: item }).click();
      };
      await member.getByRole('tab', { name: 'My Request' }).click();
      await expectVisible(myRow(notes));
      await openRowMenu(member, notes, 'Edit Request');
      const edit = dialog(member, 'Edit Request');
      await expectVisible(edit);
      await expectEventually(() => edit.getByLabel('Notes').inputValue(), notes, 'the notes the edit form opens with');
      await edit.getByLabel('Amount').fill('60.50');
      await edit.getByLabel('Notes').fill(edited);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectHidden(edit);
      await expectVisible(myRow(edited).getByText('$60.50', { exact: true }));

      await openRowMenu(member, edited, 'Delete Request');
      const confirm = dialog(member, 'Are you sure to delete this purchase request?');
      await expectVisible(confirm);
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expectNotification(member, 'Purchase Request Deleted Successfully');
      await expectHidden(myRow(edited));
    },
  },
];
