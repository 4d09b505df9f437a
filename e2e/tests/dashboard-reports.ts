import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { ADMIN, MEMBER, MESSAGES, dialog, dollars, expectNotification, signIn } from '../lib/app.js';
import { api, cardsOf } from '../lib/api.js';
import { cardTitled, chooseOption, popconfirm, tableRows } from '../lib/antd.js';
import {
  assert,
  expectEqual,
  expectEventually,
  expectHidden,
  expectNoneVisible,
  expectVisible,
  type E2ETest,
} from '../lib/harness.js';

/**
 * Issue 7: the admin dashboard over the demo data (charts drawn, the Purchase Request panel, a force approve from
 * it) and Reports & Insights' Export Report (a CSV and an Excel file of what the table shows, downloaded and parsed).
 */

/** PRODUCT.md §2 export columns, in the order the server writes them. */
const ALL_COLUMNS = [
  'Posted Date',
  'Amount',
  'Cardholder',
  'Card',
  'Merchant',
  'Merchant Category',
  'Merchant Category Code',
  'Category',
  'Team',
  'Notes',
  'Type',
  'Digital Wallet',
];
/**
 * The CSV of all columns: the Card is followed by its nickname and purpose (issue 20.4), Merchant Category is written
 * as its readable name and, beside it, Stripe's key; Category by its GL code and Notes by the receipt status (21.7).
 */
const CSV_HEADER = [
  ...ALL_COLUMNS.slice(0, 4),
  'Card nickname',
  'Card purpose',
  ...ALL_COLUMNS.slice(4, 6),
  'Merchant Category Key',
  ...ALL_COLUMNS.slice(6, 8),
  'GL code',
  ...ALL_COLUMNS.slice(8, 10),
  'Receipt',
  ...ALL_COLUMNS.slice(10),
];
const REPORT = {
  generated: 'Report generated successfully!',
  atLeastOneColumn: 'At least one column must be selected',
} as const;
/** An amount no seeded or other test's request has, so the panel row is this test's. */
const REQUEST_CENTS = 4_321;
const REQUEST_NOTES = 'Dashboard force approve (end-to-end)';

interface ApiExpense {
  id: number;
  amount: number;
  type: 'capture' | 'refund';
  merchant_data: { name: string | null } | null;
}

/** Waits until a chart (a figure with a text alternative) is drawn with at least one visible shape and a non-zero amount. */
async function expectChartDrawn(figure: Locator, shapes: string, what: string): Promise<void> {
  await expectVisible(figure);
  const description = (await figure.locator('p').first().textContent()) ?? '';
  const amounts = [...description.matchAll(/-?\$[\d,]+\.\d{2}/g)].map((match) => match[0]);
  assert(amounts.length > 0, `${what}: its text alternative lists no amounts: "${description.slice(0, 200)}"`);
  assert(
    amounts.some((amount) => amount !== '$0.00'),
    `${what}: every amount is $0.00 (${amounts.length} periods)`,
  );
  await expectEventually(
    () =>
      figure
        .locator(shapes)
        .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().height > 1).length > 0),
    true,
    `${what}: a drawn ${shapes}`,
  );
}

/** RFC 4180 CSV (quotes, doubled quotes, CRLF records), as the server writes it. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

async function readXlsx(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  assert(sheet, 'the Excel file has no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Every refund of the organisation, newest first, as the table lists them (GET /api/expenses, 200 a page). */
async function refunds(page: Page): Promise<ApiExpense[]> {
  const all: ApiExpense[] = [];
  for (let number = 1; ; number++) {
    const { data, meta } = await api<{ data: ApiExpense[]; meta: { last_page: number } }>(
      page,
      'GET',
      `/api/expenses?filter[type]=refund&sort=-posted_date&page[size]=200&page[number]=${number}`,
    );
    all.push(...data);
    if (number >= meta.last_page) return all;
  }
}

/** Opens Export Report, picks the format (and columns), exports, and returns the download once the success notice shows. */
async function exportReport(
  page: Page,
  format: 'CSV' | 'Excel',
  pickColumns?: (modal: Locator) => Promise<void>,
): Promise<Download> {
  await page.getByRole('button', { name: 'Export Report' }).click();
  const modal = dialog(page, 'Export Report');
  await expectVisible(modal);
  await modal.getByText(format, { exact: true }).click();
  await pickColumns?.(modal);
  const download = page.waitForEvent('download', { timeout: 20_000 });
  await modal.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  await expectNotification(page, REPORT.generated);
  await expectHidden(modal);
  return file;
}

export const tests: E2ETest[] = [
  {
    name: 'dashboard: with the demo data the admin sees drawn charts and the request panel, and a force approve from the panel works',
    timeoutMs: 75_000,
    context: { viewport: { width: 1280, height: 900 } },
    async run({ page: admin, newPage }) {
      await signIn(admin, ADMIN.email, ADMIN.firstName);
      // Jordan files a request to Engineering (pending on its approval path); it is the newest pending one.
      const [card] = await cardsOf(admin, MEMBER.name, 'active');
      assert(card, `${MEMBER.name} has no active card`);
      const member = await newPage();
      await signIn(member, MEMBER.email, MEMBER.firstName);
      const { data: teams } = await api<{ data: Array<{ id: number; name: string }> }>(
        member,
        'GET',
        '/api/teams?page[size]=50',
      );
      const engineering = teams.find((team) => team.name === 'Engineering');
      assert(engineering, `${MEMBER.name} is not in Engineering (teams: ${teams.map((team) => team.name).join(', ')})`);
      const { data: filed } = await api<{ data: { id: number } }>(
        member,
        'POST',
        `/api/users/${card.user_id}/purchase-requests`,
        {
          amount: REQUEST_CENTS,
          card_id: card.id,
          team_id: engineering.id,
          wallet_category_id: null,
          notes: REQUEST_NOTES,
          interval: null,
          start_date: null,
          end_date: null,
        },
      );

      await admin.goto('/dashboard');
      // The KPI charts and Fund Overview are drawn from the demo's year of activity.
      await expectChartDrawn(
        admin.getByRole('figure', { name: 'Available balance, month end' }),
        '.recharts-area-area',
        'Total Available Balance chart',
      );
      await expectChartDrawn(
        admin.getByRole('figure', { name: 'Spend per day' }),
        '.recharts-bar-rectangle path, path.recharts-rectangle',
        'Last 30 Spend chart',
      );
      await expectChartDrawn(
        admin.getByRole('figure', { name: /^Available balance and spending/ }),
        '.recharts-bar-rectangle path, path.recharts-rectangle',
        'Fund Overview chart',
      );
      for (const title of ['Total Available Balance', 'Last 30 Spend', 'Total Assigned Out']) {
        const value = admin.getByRole('region', { name: title }).getByTestId('kpi-value');
        await expectVisible(value);
        assert(
          /^\$[\d,]+\.\d{2}$/.test((await value.innerText()).trim()),
          `${title} shows "${await value.innerText()}"`,
        );
      }
      expectEqual(
        (
          await admin.getByRole('region', { name: 'Total Available Balance' }).getByTestId('kpi-value').innerText()
        ).trim() === '$0.00',
        false,
        'Total Available Balance is $0.00',
      );

      // The Purchase Request panel: two pending rows, the newest (Jordan's) first, with See All Request.
      const panel = cardTitled(admin, 'Purchase Request');
      await expectVisible(panel.getByRole('tab', { name: 'Pending Request', selected: true }));
      await expectVisible(panel.getByRole('link', { name: 'See All Request' }));
      const pending = panel.getByRole('list', { name: 'Pending requests' });
      await expectVisible(pending);
      expectEqual(await pending.getByRole('listitem').count(), 2, 'rows in the Pending Request tab');
      const label = `${MEMBER.name}, ${dollars(REQUEST_CENTS)}`;
      const row = pending.getByRole('listitem', { name: label });
      await expectVisible(row);

      await row.getByRole('button', { name: 'Force Approve' }).click();
      const confirm = popconfirm(admin, 'Force approve this request?');
      await expectVisible(confirm);
      await confirm.getByRole('button', { name: 'Yes, Approve' }).click();
      await expectNotification(admin, MESSAGES.approvalSaved);
      await expectHidden(pending.getByRole('listitem', { name: label }));

      // It is approved (and funded), and the Approved Request tab shows it first.
      const { data: request } = await api<{ data: { status: string; transferred: string | null } }>(
        admin,
        'GET',
        `/api/purchase-requests/${filed.id}`,
      );
      expectEqual(
        [request.status, request.transferred !== null],
        ['Approved', true],
        'the request after Force Approve [status, funded]',
      );
      await panel.getByRole('tab', { name: 'Approved Request' }).click();
      const approved = panel.getByRole('list', { name: 'Approved requests' });
      await expectVisible(approved.getByRole('listitem').first());
      expectEqual(
        await approved.getByRole('listitem').first().getAttribute('aria-label'),
        label,
        'the first row of Approved Request',
      );
    },
  },
  {
    name: "reports: Export Report downloads a CSV and an Excel file of the table's refunds, and both parse",
    timeoutMs: 75_000,
    context: { viewport: { width: 1280, height: 900 } },
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      await page.goto('/reports-and-insights');
      await expectVisible(page.getByRole('tab', { name: 'All Spending', selected: true }));
      const table = cardTitled(page, 'All Transactions');
      await expectVisible(tableRows(table).first());

      // The table's Type filter (a select above it): refunds only.
      await chooseOption(page, table.getByLabel('Filter by type'), 'Refund');
      await page.keyboard.press('Escape');
      const expected = await refunds(page);
      assert(expected.length > 0, 'the demo organisation has no refunds');
      const rows = tableRows(table);
      const refundTags = rows.locator('.ant-tag').getByText('Refund', { exact: true });
      await expectEventually(
        async () => [await rows.count(), await refundTags.count()],
        [Math.min(expected.length, 10), Math.min(expected.length, 10)],
        'the first page of the table: [rows, rows typed Refund]',
      );
      await expectNoneVisible(rows.locator('.ant-tag').getByText('Capture', { exact: true }));
      const firstRowText = await tableRows(table).first().innerText();
      assert(
        firstRowText.includes(dollars(expected[0]!.amount)),
        `the table's first refund is not ${dollars(expected[0]!.amount)}: ${firstRowText}`,
      );

      // CSV, all 12 columns: every refund, newest first, and nothing else.
      const csv = await exportReport(page, 'CSV');
      assert(/\.csv$/.test(csv.suggestedFilename()), `the CSV is named ${csv.suggestedFilename()}`);
      assert(
        csv.suggestedFilename().includes(ADMIN.name.replace(/ /g, '-')),
        `the CSV's name ${csv.suggestedFilename()} does not hold ${ADMIN.name}`,
      );
      const [header, ...records] = parseCsv(await fs.readFile((await csv.path())!, 'utf8'));
      expectEqual(header, CSV_HEADER, 'the CSV header');
      expectEqual(records.length, expected.length, 'CSV rows (the refunds)');
      expectEqual(
        new Set(records.map((record) => record[CSV_HEADER.indexOf('Type')])),
        new Set(['refund']),
        'the Type column of the CSV',
      );
      expectEqual(
        records.map((record) => record[1]),
        expected.map((expense) => (expense.amount / 100).toFixed(2)),
        'the CSV amounts, newest first',
      );

      // Excel with custom columns: none is refused, then Posted Date, Amount and Type.
      const xlsx = await exportReport(page, 'Excel', async (modal) => {
        await modal.getByText('Custom', { exact: true }).click();
        const columns = modal.locator('.ant-checkbox-group');
        await expectVisible(columns);
        for (const column of ALL_COLUMNS) await columns.getByRole('checkbox', { name: column, exact: true }).uncheck();
        await modal.getByRole('button', { name: 'Export', exact: true }).click();
        await expectVisible(modal.getByText(REPORT.atLeastOneColumn, { exact: true }));
        for (const column of ['Posted Date', 'Amount', 'Type'])
          await columns.getByRole('checkbox', { name: column, exact: true }).check();
        await expectHidden(modal.getByText(REPORT.atLeastOneColumn, { exact: true }));
      });
      assert(/\.xlsx$/.test(xlsx.suggestedFilename()), `the Excel file is named ${xlsx.suggestedFilename()}`);
      const [sheetHeader, ...sheetRows] = await readXlsx((await xlsx.path())!);
      expectEqual(sheetHeader, ['Posted Date', 'Amount', 'Type'], 'the Excel header');
      expectEqual(sheetRows.length, expected.length, 'Excel rows (the refunds)');
      expectEqual(new Set(sheetRows.map((row) => row[2])), new Set(['refund']), 'the Type column of the Excel file');
      expectEqual(
        sheetRows.map((row) => row[1]),
        expected.map((expense) => expense.amount / 100),
        'the Excel amounts (numbers), newest first',
      );
      assert(
        sheetRows.every((row) => row[0] instanceof Date),
        'every Posted Date of the Excel file is a date',
      );
    },
  },
];
