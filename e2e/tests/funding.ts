import fs from 'node:fs/promises';
import { ADMIN, dialog, dollars, expectNotification, signIn } from '../lib/app.js';
import { statisticValue, tableRows } from '../lib/antd.js';
import { assert, expectEqual, expectEventually, expectHidden, expectVisible, type E2ETest } from '../lib/harness.js';

/** Issue 4: Account Funding (PRODUCT.md §2 /account-settings?tab=accountFunding): Add Funds and View Statements. */

const TOPUP_CENTS = 25_000;

/** '$1,234.56' -> 123456. */
function cents(shown: string): number {
  const match = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(shown.trim());
  assert(match, `'${shown}' is not an amount in dollars`);
  const value = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** One CSV line as cells (quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  for (const match of line.matchAll(pattern))
    cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]!);
  return cells;
}

export const tests: E2ETest[] = [
  {
    name: 'funding: an admin adds $250.00, sees the balance rise by exactly that, and finds it in the statement and its CSV',
    timeoutMs: 60_000,
    async run({ page }) {
      const description = `E2E wire ${Date.now()}`;
      await signIn(page, ADMIN.email, ADMIN.firstName);

      // The dashboard's quick action lands on the tab with Add Funds open.
      await page.goto('/account-settings?tab=accountFunding');
      await expectVisible(page.getByRole('tab', { name: 'Account Funding', selected: true }));
      const before = cents(await statisticValue(page, 'Unallocated Funds'));

      await page.goto('/account-settings?tab=accountFunding&action=addFunds');
      const modal = dialog(page, 'Add Funds');
      await expectVisible(modal);
      await expectVisible(modal.getByText(dollars(before), { exact: true }));
      // Nothing is sent without a description.
      await modal.getByLabel('Amount').fill((TOPUP_CENTS / 100).toFixed(2));
      await modal.getByRole('button', { name: 'Add Funds' }).click();
      await expectVisible(modal.getByText('Please enter a description'));
      await modal.getByLabel('Description').fill(description);
      await expectVisible(modal.getByText(dollars(before + TOPUP_CENTS), { exact: true }));
      await modal.getByRole('button', { name: 'Add Funds' }).click();
      await expectNotification(page, 'Funds Added');
      await expectHidden(modal);
      assert(!page.url().includes('action='), `the URL still asks for a dialog after it closed: ${page.url()}`);

      // The balance rises by exactly the top-up; the top-up heads the list, added (the simulator settles at once).
      const after = before + TOPUP_CENTS;
      await expectEventually(
        async () => cents(await statisticValue(page, 'Unallocated Funds')),
        after,
        'Unallocated Funds after the top-up',
      );
      const recent = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Recent Top-ups' }) });
      const row = tableRows(recent).first();
      await expectVisible(row.getByText(description, { exact: true }));
      await expectVisible(row.getByText(dollars(TOPUP_CENTS), { exact: true }));
      await expectVisible(row.getByText('Added', { exact: true }));

      // View Statements: this month's movements end with the top-up and its running balance.
      await page.getByRole('button', { name: 'View Statements' }).click();
      const drawer = dialog(page, 'Statements');
      await expectVisible(drawer);
      const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      await expectVisible(drawer.getByRole('heading', { name: month }));
      const line = tableRows(drawer).filter({ hasText: description });
      await expectVisible(line);
      await expectVisible(line.getByText('Top-up', { exact: true }));
      await expectVisible(line.getByText(`+${dollars(TOPUP_CENTS)}`, { exact: true }));
      await expectVisible(line.getByText(dollars(after), { exact: true }));
      const closing = cents(await statisticValue(page, 'Closing Balance'));
      expectEqual(closing, after, 'Closing Balance of this month');

      // Download CSV: the same movement, with the same running balance.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        drawer.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      await expectNotification(page, 'Statement downloaded');
      assert(
        /-statement-\d{4}-\d{2}\.csv$/.test(download.suggestedFilename()),
        `the download is named ${download.suggestedFilename()}`,
      );
      const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
      const [header, ...rows] = csv.trim().split(/\r?\n/);
      expectEqual(csvCells(header!), ['Date', 'Type', 'Description', 'Card', 'Amount', 'Balance'], 'the CSV header');
      const topup = rows.map(csvCells).find((cells) => cells[2] === description);
      assert(topup, `the CSV has no row for '${description}':\n${csv}`);
      expectEqual(
        [topup[0], topup[1], topup[3], topup[4], topup[5]],
        [new Date().toISOString().slice(0, 10), 'Top-up', '', (TOPUP_CENTS / 100).toFixed(2), (after / 100).toFixed(2)],
        'the CSV row of the top-up [Date, Type, Card, Amount, Balance]',
      );
      expectEqual(csvCells(rows.at(-1)!)[5], (after / 100).toFixed(2), 'the running balance on the last CSV row');

      await drawer.getByRole('button', { name: 'Close' }).click();
      await expectHidden(drawer);
    },
  },
];
