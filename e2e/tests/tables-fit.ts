import type { Page } from 'playwright-core';
import { ADMIN, signIn } from '../lib/app.js';
import { tableRows } from '../lib/antd.js';
import { assert, expectHidden, expectVisible, type E2ETest } from '../lib/harness.js';

/**
 * Issue 18.1 and 18.2 (ARCHITECTURE.md D10): at 1280 px no table hides a column (the rightmost header cell is on screen and
 * no table scrolls sideways); at 375 px lists are stacked items and the page never scrolls sideways.
 */

interface Screen {
  name: string;
  /** Opens the screen, signed in as the admin, and waits for its list to show. */
  open(page: Page): Promise<void>;
}

async function goAndWait(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Rows, or (a list with nothing in it yet, e.g. the audit log of a fresh organisation) its empty state.
  await expectVisible(
    page.locator('main').locator('tbody tr.ant-table-row, .ant-table-placeholder .ant-empty').first(),
  );
  await expectHidden(page.locator('main .ant-skeleton-active, main .ant-spin-spinning'));
}

const SCREENS: Screen[] = [
  { name: 'All Request', open: (page) => goAndWait(page, '/requests?tab=allRequest') },
  { name: 'All Recurring Request', open: (page) => goAndWait(page, '/requests?tab=allRecurringRequest') },
  { name: 'All Users', open: (page) => goAndWait(page, '/teams?tab=users') },
  { name: 'Teams', open: (page) => goAndWait(page, '/teams?tab=teams') },
  {
    name: 'team members and approval path',
    async open(page) {
      await goAndWait(page, '/teams?tab=teams');
      await tableRows(page.locator('main')).first().click();
      await expectVisible(page.getByText('Approval Path', { exact: true }));
      await expectVisible(tableRows(page.locator('main')).nth(1));
    },
  },
  {
    name: 'cards list',
    async open(page) {
      await page.goto('/cards');
      await page.getByText('List', { exact: true }).click();
      await expectVisible(tableRows(page.locator('main')).first());
    },
  },
  {
    name: 'card transactions',
    async open(page) {
      await goAndWait(page, '/reports-and-insights');
      await tableRows(page.locator('main')).first().getByRole('link').first().click();
      await expectVisible(page.getByText('Posted Transactions', { exact: true }));
      await expectVisible(tableRows(page.locator('main')).first());
    },
  },
  { name: 'All Transactions', open: (page) => goAndWait(page, '/reports-and-insights') },
  {
    name: 'Teams report',
    async open(page) {
      await goAndWait(page, '/reports-and-insights?tab=teams');
      await expectHidden(page.locator('main [aria-busy="true"]'));
    },
  },
  { name: 'Audit Log', open: (page) => goAndWait(page, '/account-settings?tab=auditLog') },
  { name: 'Account Funding', open: (page) => goAndWait(page, '/account-settings?tab=accountFunding') },
];

/** Per visible table: its rightmost header cell's right edge, and how far its content overflows its box. */
function measureTables(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main .ant-table'))
      .filter((table) => table.getBoundingClientRect().height > 0)
      .map((table) => {
        const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th')).filter(
          (th) => th.getBoundingClientRect().width > 0,
        );
        const last = headers.at(-1);
        const content = table.querySelector<HTMLElement>('.ant-table-content') ?? table;
        return {
          header: last?.innerText.trim() || last?.getAttribute('aria-label') || '(unnamed)',
          right: Math.round(last?.getBoundingClientRect().right ?? 0),
          overflow: content.scrollWidth - content.clientWidth,
        };
      }),
  );
}

const pageScrollWidth = (page: Page) =>
  page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);

export const tests: E2ETest[] = [
  {
    name: 'tables fit: at 1280x800 every list shows its rightmost column without a sideways scroll',
    timeoutMs: 120_000,
    context: { viewport: { width: 1280, height: 800 } },
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      for (const screen of SCREENS) {
        await screen.open(page);
        const tables = await measureTables(page);
        assert(tables.length > 0, `${screen.name}: no table shown`);
        for (const table of tables) {
          assert(
            table.right <= 1280,
            `${screen.name}: the header "${table.header}" ends at ${table.right} px, off the 1280 px screen`,
          );
          assert(
            table.overflow <= 1,
            `${screen.name}: the table scrolls sideways by ${table.overflow} px (its last header is "${table.header}")`,
          );
        }
        const width = await pageScrollWidth(page);
        assert(width <= 1280, `${screen.name}: the page scrolls sideways (scrollWidth ${width})`);
      }
    },
  },
  {
    name: 'tables fit: at 375x812 every list is stacked items and the page never scrolls sideways',
    timeoutMs: 120_000,
    context: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      for (const screen of SCREENS) {
        await screen.open(page);
        const width = await pageScrollWidth(page);
        assert(width <= 375, `${screen.name}: the page scrolls sideways at 375 px (scrollWidth ${width})`);
        for (const table of await measureTables(page)) {
          assert(table.overflow <= 1, `${screen.name}: a table scrolls sideways by ${table.overflow} px at 375 px`);
        }
        const rows = await tableRows(page.locator('main')).count();
        if (screen.name !== 'Teams report' && rows > 0) {
          const items = await page.locator('main tbody tr.ant-table-row .stacked-item').count();
          assert(items === rows, `${screen.name}: ${rows} rows but ${items} stacked items at 375 px`);
        }
      }
    },
  },
];
