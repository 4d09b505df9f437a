import { MEMBER, TEXT, expectSidebar, signIn } from '../lib/app.js';
import { expectNoneVisible, expectPath, expectVisible, type E2ETest } from '../lib/harness.js';

export const tests: E2ETest[] = [
  {
    name: 'member sees the member sidebar, and admin pages do not exist for them',
    async run({ page }) {
      await signIn(page, MEMBER.email, MEMBER.firstName);

      await expectSidebar(page, [
        ['Dashboard', '/dashboard'],
        ['Request', '/requests'],
        ['My Cards', '/my-cards'],
        ['Receipts', '/receipts'],
        ['Account Settings', '/account-settings'],
      ]);
      for (const adminOnly of ['Teams', 'Cards', 'Reports & Insights']) {
        await expectNoneVisible(page.getByRole('link', { name: adminOnly, exact: true }));
      }

      await page.goto('/teams');
      await expectPath(page, '/teams');
      await expectVisible(page.getByText(TEXT.notFound, { exact: true }));
      await expectVisible(page.getByText(TEXT.notFoundCode, { exact: true }));
    },
  },
];
