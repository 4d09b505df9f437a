import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { ADMIN, dialog, expectNotification, signIn } from '../lib/app.js';
import { api } from '../lib/api.js';
import { cardTitled, tableRows } from '../lib/antd.js';
import { AXE_CONTEXT, AxeAudit } from '../lib/axe.js';
import { assert, expectVisible, type E2ETest } from '../lib/harness.js';

/**
 * Issue 21.7 in Chromium: an admin gives Travel a GL code on the Categories tab, marks some of last month's
 * transactions reviewed, and downloads last month's Xero statement (a BOM, Xero's headings, the reviewed rows) and
 * its receipts as a ZIP from the Accounting Export card; both cards pass axe and fit a phone.
 */

const PHONE_WIDTH = 375;
const BOM = '\uFEFF';
const XERO_HEADER =
  '*Date,*Amount,Payee,Description,Reference,Cheque Number,Account Code,Tax Type,Analysed Amount,Region';

/** Last month's first and last day (UTC), as the export takes them. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** Marks up to `count` of last month's transactions reviewed; answers their ids. */
async function reviewSomeOfLastMonth(page: Page, count: number): Promise<number[]> {
  const { from, to } = lastMonth();
  const { data } = await api<{ data: Array<{ id: number }> }>(
    page,
    'GET',
    `/api/expenses?filter[between]=day,${from},${to}&page[size]=${count}`,
  );
  const ids = data.map((expense) => expense.id);
  assert(ids.length > 0, 'the demo organisation has no transactions last month');
  await api(page, 'POST', '/api/expenses/reviews', { ids, action: 'review' });
  return ids;
}

async function scrollsSideways(page: Page): Promise<boolean> {
  const width = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
  return width > PHONE_WIDTH;
}

export const tests: E2ETest[] = [
  {
    name: 'accounting: a GL code on Travel, then last month as a Xero statement and its receipts as a ZIP',
    timeoutMs: 120_000,
    context: { ...AXE_CONTEXT, viewport: { width: 1280, height: 900 } },
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const audit = new AxeAudit(page);

      await page.goto('/reports-and-insights?tab=categories');
      const codes = cardTitled(page, 'Category GL Codes');
      const travel = tableRows(codes).filter({ hasText: 'Travel' });
      await expectVisible(travel);
      await travel.getByRole('button', { name: 'Edit the GL code of Travel' }).click();
      const edit = dialog(page, 'Edit the GL code of Travel');
      await edit.getByLabel('GL code of Travel').fill('6000-01');
      await audit.check('the GL code dialog');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expectNotification(page, 'GL code saved');
      // The dialog fades out: axe judging its half-transparent fields would find their contrast too low.
      await page.locator('.ant-modal.ant-zoom-leave').waitFor({ state: 'detached' });
      await edit.waitFor({ state: 'hidden' });
      await expectVisible(travel.getByText('6000-01', { exact: true }));
      await audit.check('/reports-and-insights?tab=categories with a GL code');

      const reviewed = await reviewSomeOfLastMonth(page, 5);
      await page.goto('/reports-and-insights');
      const card = cardTitled(page, 'Accounting Export');
      await expectVisible(card.getByText(/reviewed transactions? in this period\.$/));
      await card.getByText('Xero', { exact: true }).click();
      await audit.check('/reports-and-insights, Accounting Export');

      const csvDownload = page.waitForEvent('download', { timeout: 20_000 });
      await card.getByRole('link', { name: /Download CSV/ }).click();
      const csv = await csvDownload;
      const { from, to } = lastMonth();
      assert(
        csv.suggestedFilename().endsWith(`-xero-${from}-to-${to}.csv`),
        `the CSV is named ${csv.suggestedFilename()}`,
      );
      const text = await fs.readFile((await csv.path())!, 'utf8');
      assert(text.startsWith(`${BOM}${XERO_HEADER}\r\n`), `the CSV starts ${JSON.stringify(text.slice(0, 160))}`);
      const references = new Set(
        text
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.match(/,(\d+),,/)?.[1]),
      );
      for (const id of reviewed) assert(references.has(String(id)), `reviewed transaction ${id} is not in the CSV`);

      const zipDownload = page.waitForEvent('download', { timeout: 20_000 });
      await card.getByRole('link', { name: /Download receipts/ }).click();
      const zip = await zipDownload;
      assert(
        zip.suggestedFilename().endsWith(`-receipts-${from}-to-${to}.zip`),
        `the ZIP is named ${zip.suggestedFilename()}`,
      );
      const bytes = await fs.readFile((await zip.path())!);
      // A ZIP starts with a local file header, or, with no receipt in the month, is its end record alone.
      assert(
        bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04')) ||
          bytes.subarray(0, 4).equals(Buffer.from('PK\x05\x06')),
        'the download is not a ZIP',
      );
      audit.assertClean();
    },
  },
  {
    name: 'accounting at 375 px: the Accounting Export and Category GL Codes cards fit the phone',
    context: { ...AXE_CONTEXT, viewport: { width: PHONE_WIDTH, height: 812 }, isMobile: true, hasTouch: true },
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const audit = new AxeAudit(page);
      await page.goto('/reports-and-insights');
      const card = cardTitled(page, 'Accounting Export');
      await card.scrollIntoViewIfNeeded();
      await expectVisible(card.getByRole('link', { name: /Download receipts/ }));
      assert(!(await scrollsSideways(page)), 'All Spending scrolls sideways with the Accounting Export card');
      await audit.check('Accounting Export at 375 px');
      await page.goto('/reports-and-insights?tab=categories');
      await expectVisible(tableRows(cardTitled(page, 'Category GL Codes')).first());
      assert(!(await scrollsSideways(page)), 'the Categories tab scrolls sideways with the GL codes');
      await audit.check('Category GL Codes at 375 px');
      audit.assertClean();
    },
  },
];
