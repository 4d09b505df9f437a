import { ADMIN, MEMBER, dialog, dollars, expectNotification, signIn } from '../lib/app.js';
import { chooseOption, closeDropdown, tableRows } from '../lib/antd.js';
import { expectEventually, expectHidden, expectVisible, type E2ETest } from '../lib/harness.js';

/** Issue 9: Account Settings -> Audit Log. An admin's change appears in the log with who, what and the amount. */

const TOPUP_CENTS = 12_345;

export const tests: E2ETest[] = [
  {
    name: 'audit log: an admin adds funds and finds it in Account Settings -> Audit Log, filtered by actor and action; members have no such tab',
    timeoutMs: 90_000,
    async run({ page, newPage }) {
      const description = `E2E audit ${Date.now()}`;
      await signIn(page, ADMIN.email, ADMIN.firstName);

      await page.goto('/account-settings?tab=accountFunding&action=addFunds');
      const modal = dialog(page, 'Add Funds');
      await expectVisible(modal);
      await modal.getByLabel('Amount').fill((TOPUP_CENTS / 100).toFixed(2));
      await modal.getByLabel('Description').fill(description);
      await modal.getByRole('button', { name: 'Add Funds' }).click();
      await expectNotification(page, 'Funds Added');
      await expectHidden(modal);

      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await expectVisible(page.getByRole('tab', { name: 'Audit Log', selected: true }));
      await chooseOption(page, page.getByLabel('Actor'), ADMIN.name, 'Alex');
      await chooseOption(page, page.getByLabel('Action'), 'Added funds');
      await closeDropdown(page, page.getByRole('heading', { name: 'Account Settings' }));

      const row = tableRows(page.locator('.ant-table')).filter({ hasText: description }).first();
      await expectVisible(row);
      await expectVisible(row.getByText(ADMIN.name, { exact: true }));
      await expectVisible(row.getByText('Added funds', { exact: true }));
      await expectVisible(row.getByText(`${dollars(TOPUP_CENTS)} (${description})`, { exact: true }));
      // Only top-ups by this admin are listed now.
      await expectEventually(
        async () =>
          (await tableRows(page.locator('.ant-table')).allInnerTexts()).every(
            (text) => text.includes('Added funds') && text.includes(ADMIN.name),
          ),
        true,
        'every row being a top-up by the admin',
      );

      const member = await newPage();
      await signIn(member, MEMBER.email, MEMBER.firstName);
      await member.goto('/account-settings?tab=auditLog');
      await expectVisible(member.getByRole('tab', { name: 'Personal Information', selected: true }));
      await expectHidden(member.getByRole('tab', { name: 'Audit Log' }));
    },
  },
];
