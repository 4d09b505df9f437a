import fs from 'node:fs/promises';
import { ADMIN, dialog, dollars, expectNotification, signIn } from '../lib/app.js';
import { captureAuthorization, newFundedCardOfJordan, simulatePurchase } from '../lib/api.js';
import { cardTitled, statisticValue, tableRows } from '../lib/antd.js';
import { assert, expectEventually, expectHidden, expectVisible, type E2ETest } from '../lib/harness.js';

/** Issue 5: a purchase's lifecycle on the card page (PRODUCT.md §2 /cards/{cardId}: pending and posted, export). */

const FUNDED_CENTS = 20_000;
const PURCHASE_CENTS = 4_321;
const MERCHANT = 'Blue Bottle Coffee E2E';

/** Today as the Export Transactions pickers show it, e.g. 'Nov 22, 2026'. */
function todayForPicker(): string {
  return new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export const tests: E2ETest[] = [
  {
    name: 'purchase: a simulated purchase is pending and lowers the available amount, once captured it is posted, and the export has it',
    timeoutMs: 60_000,
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const card = await newFundedCardOfJordan(page, FUNDED_CENTS);

      await page.goto(`/cards/${card.id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Card Details' }));
      await expectEventually(
        () => statisticValue(page, 'Available to Spend'),
        dollars(FUNDED_CENTS),
        'Available to Spend before the purchase',
      );
      const pending = cardTitled(page, 'Pending Transactions');
      const posted = cardTitled(page, 'Posted Transactions');
      await expectVisible(pending.getByText('No pending transactions'));

      // The purchase is authorised now and captured later: a hold.
      const purchase = await simulatePurchase(page, {
        cardId: card.id,
        amount: PURCHASE_CENTS,
        merchant: MERCHANT,
        capture: 'later',
      });
      assert(purchase.approved, `the simulated purchase was declined: ${purchase.decline_reason}`);
      await page.reload();
      const pendingRow = tableRows(pending).filter({ hasText: MERCHANT });
      await expectVisible(pendingRow);
      await expectVisible(pendingRow.getByText(dollars(PURCHASE_CENTS), { exact: true }));
      await expectEventually(() => tableRows(pending).count(), 1, 'rows in Pending Transactions');
      await expectEventually(
        () => statisticValue(page, 'Available to Spend'),
        dollars(FUNDED_CENTS - PURCHASE_CENTS),
        'Available to Spend with the hold',
      );
      await expectEventually(() => statisticValue(page, 'Pending Holds'), dollars(PURCHASE_CENTS), 'Pending Holds');
      await expectVisible(posted.getByText('No posted transactions'));

      // Captured: posted, nothing pending, the amount spent.
      await captureAuthorization(page, purchase.authorization_id);
      await page.reload();
      const postedRow = tableRows(posted).filter({ hasText: MERCHANT });
      await expectVisible(postedRow);
      await expectVisible(postedRow.getByText(dollars(PURCHASE_CENTS), { exact: true }));
      await expectVisible(postedRow.getByText('Capture', { exact: true }));
      await expectVisible(pending.getByText('No pending transactions'));
      await expectEventually(() => tableRows(pending).count(), 0, 'rows in Pending Transactions after the capture');
      await expectEventually(
        () => statisticValue(page, 'Available to Spend'),
        dollars(FUNDED_CENTS - PURCHASE_CENTS),
        'Available to Spend after the capture',
      );

      // Export Transactions for today: a CSV with its header row and the purchase.
      await page.getByRole('button', { name: 'Export Transactions' }).click();
      const modal = dialog(page, 'Export Transactions');
      await expectVisible(modal);
      for (const label of ['From', 'To']) {
        const picker = modal.getByLabel(label, { exact: true });
        await picker.click();
        await picker.fill(todayForPicker());
        await picker.press('Enter');
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        modal.getByRole('button', { name: 'Export' }).click(),
      ]);
      await expectNotification(page, 'Transactions exported');
      await expectHidden(modal);
      const file = await download.path();
      const csv = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
      const [header, ...rows] = csv.trim().split(/\r?\n/);
      const columns = header!.split(',').map((column) => column.replace(/^"|"$/g, ''));
      for (const column of ['Posted Date', 'Amount', 'Merchant']) {
        assert(columns.includes(column), `the CSV header ${JSON.stringify(header)} has no '${column}' column`);
      }
      assert(download.suggestedFilename().endsWith('.csv'), `the download is named ${download.suggestedFilename()}`);
      const line = rows.find((row) => row.includes(MERCHANT));
      assert(line, `the CSV has no row for ${MERCHANT}:\n${csv}`);
      const cells = line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
      const amount = cells[columns.indexOf('Amount')];
      assert(
        amount === (PURCHASE_CENTS / 100).toFixed(2),
        `the CSV row's amount is ${amount}, not ${(PURCHASE_CENTS / 100).toFixed(2)}: ${line}`,
      );
      assert(rows.length === 1, `the CSV for a card with one purchase today has ${rows.length} rows:\n${csv}`);
    },
  },
];
