import { ADMIN, MEMBER, dollars, signIn } from '../lib/app.js';
import { newFundedCardOfJordan, simulatePurchase } from '../lib/api.js';
import { cardTitled, chooseOption, tableRows } from '../lib/antd.js';
import { AXE_CONTEXT, AxeAudit } from '../lib/axe.js';
import { assert, expectNoneVisible, expectVisible, type E2ETest } from '../lib/harness.js';
import { receiptPhoto } from '../lib/receipt-image.js';

/**
 * Issue 21 "done when": a receipt the test renders itself is uploaded into the inbox, is read on the server (offline
 * OCR), attaches itself to the right purchase, and the All Transactions filter for missing receipts no longer lists
 * that purchase.
 */

const MERCHANT = 'Harbor Diner E2E';
const AMOUNT_CENTS = 4_217;
/** Reading a receipt takes about a second on this machine; the page asks again every 1.5 s. */
const READ_WITHIN_MS = 30_000;

export const tests: E2ETest[] = [
  {
    name: 'receipts: a rendered receipt uploaded to the inbox is read, attaches itself to its purchase, and leaves the missing-receipt filter',
    timeoutMs: 150_000,
    context: AXE_CONTEXT,
    async run({ page, newPage }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const card = await newFundedCardOfJordan(page, 20_000);
      const purchase = await simulatePurchase(page, {
        cardId: card.id,
        amount: AMOUNT_CENTS,
        merchant: MERCHANT,
        capture: 'now',
      });
      assert(purchase.approved, `the purchase was declined: ${purchase.decline_reason}`);

      // The admin sees the purchase among those missing a receipt.
      await page.goto('/reports-and-insights');
      const table = cardTitled(page, 'All Transactions');
      await expectVisible(tableRows(table).first());
      await chooseOption(page, table.getByLabel('Filter by receipt'), 'Missing');
      await page.keyboard.press('Escape');
      await table.getByLabel('Search transactions').fill(MERCHANT);
      const row = tableRows(table).filter({ hasText: MERCHANT });
      await expectVisible(row);
      await expectVisible(row.getByRole('button', { name: /^Attach a receipt for/ }));

      // The holder drops a photo of the receipt into the inbox.
      const today = new Date();
      const printed = `${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear()}`;
      const photo = await receiptPhoto([
        MERCHANT.toUpperCase(),
        '12 Pier Rd',
        `${printed} 19:02`,
        'Fish & chips    38.50',
        'Tax              3.67',
        `TOTAL          ${dollars(AMOUNT_CENTS)}`,
      ]);
      const holder = await newPage();
      await signIn(holder, MEMBER.email, MEMBER.firstName);
      await holder.getByRole('link', { name: 'Receipts', exact: true }).click();
      await expectVisible(holder.getByRole('heading', { level: 1, name: 'Receipt inbox' }));
      const audit = new AxeAudit(holder);
      await audit.check('member /receipts');
      await holder
        .locator('input[type=file]')
        .setInputFiles({ name: 'diner.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expectVisible(holder.getByText('Receipt uploaded; reading it now.'));
      const item = holder
        .getByRole('list', { name: 'Your receipts' })
        .getByRole('listitem')
        .filter({ hasText: 'diner.jpg' });
      await expectVisible(
        item.getByText(new RegExp(`^Attached: ${dollars(AMOUNT_CENTS).replace('$', '\\$')} at ${MERCHANT}`)),
        READ_WITHIN_MS,
      );
      await audit.check('member /receipts with a matched receipt');

      // The admin's missing-receipt list no longer has it; the attached list does, with the receipt to view.
      await page.reload();
      await chooseOption(page, table.getByLabel('Filter by receipt'), 'Missing');
      await page.keyboard.press('Escape');
      await table.getByLabel('Search transactions').fill(MERCHANT);
      await expectVisible(table.getByText('No transactions match these filters'));
      await expectNoneVisible(tableRows(table).filter({ hasText: MERCHANT }));
      await chooseOption(page, table.getByLabel('Filter by receipt'), 'Attached');
      await page.keyboard.press('Escape');
      await expectVisible(
        tableRows(table)
          .filter({ hasText: MERCHANT })
          .getByRole('button', { name: /^View the receipt for/ }),
      );
    },
  },
];
