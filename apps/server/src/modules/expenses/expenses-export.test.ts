import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { REPORT_EXPORT_FIELD_LABELS, REPORT_EXPORT_FIELDS, REPORT_EXPORT_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeOrganization, TEST_PASSWORD } from '../../test/factories.js';
import { multipartFile, PNG_BYTES } from '../../test/helpers.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { EXPORT_FIELD_NAMES } from './export.js';
import { buyAtHostileMerchant, exportedFile } from './test-fixtures.js';
import { DEFAULT_EXPENSE_POLICY } from './expense-policy.js';
import { CopyConnections } from './csv-export.js';
import { updateExpenseNotes } from './repo.js';
import { parseExpenseQuery } from './criteria.js';
import { assertExportFits } from './service.js';

/**
 * GET /api/expenses/export (PRODUCT.md §2 export modal): CSV and Excel, every column or some, the table's filters and sort,
 * formula neutralisation, the file name. Both files are parsed back. The world is spendWorld's, plus one purchase at
 * a merchant whose name is a formula (2025-05-05, Ned, 1,234) and notes that look like formulas.
 */
const ctx = useTestApp();
let world: SpendWorld;
let copies: CopyConnections;
let last4: { mia: string; ned: string };
const ALL = EXPORT_FIELD_NAMES.join(',');
const HEADER = [
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
 * The file's columns: the card's nickname and purpose after the Card column, Merchant Category by name, then its
 * issuer key in a column of its own, the category's GL code after Category and the receipt status after Notes
 * (issue 21.7).
 */
const FILE_HEADER = [
  'Posted Date',
  'Amount',
  'Cardholder',
  'Card',
  'Card nickname',
  'Card purpose',
  'Merchant',
  'Merchant Category',
  'Merchant Category Key',
  'Merchant Category Code',
  'Category',
  'GL code',
  'Team',
  'Notes',
  'Receipt',
  'Type',
  'Digital Wallet',
];
const EVIL = '=HYPERLINK("http://evil.test","click, here")';

/** RFC 4180: fields split on commas outside quotes, "" inside quotes is a quote, records end with CRLF. */
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
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

const download = async (query: string, client = world.admin) => {
  const response = await client.get(`/api/expenses/export?${query}`);
  expect(response.statusCode, `${query}: ${response.body.slice(0, 300)}`).toBe(200);
  return response;
};
const fileName = (response: { headers: Record<string, unknown> }) =>
  /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1];

async function readXlsx(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Transactions')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  world = await spendWorld(ctx);
  copies = new CopyConnections(ctx.databaseUrl);
  await buyAtHostileMerchant(ctx, world, EVIL, { wallet: 'samsung_pay', posted: '2025-05-05T09:30:00Z' });
  const rows = (await world.admin.get('/api/expenses?page[size]=50')).json().data as Array<{
    id: number;
    amount: number;
    wallet_card: { last4: string };
  }>;
  const id = (amount: number) => rows.find((row) => row.amount === amount)!.id;
  last4 = {
    mia: rows.find((row) => row.amount === 700)!.wallet_card.last4,
    ned: rows.find((row) => row.amount === 4_000)!.wallet_card.last4,
  };
  // Mia's card has a nickname, and a purpose that looks like a formula; Ned's has neither.
  await world.admin.request('PATCH', `/api/cards/${world.mia.cardId}`, { nickname: 'Coffee run', purpose: '=1+1' });
  await world.admin.request('PATCH', `/api/expenses/${id(4_000)}`, { notes: '+1 555 0100 "gate", row 2' });
  await world.admin.request('PATCH', `/api/expenses/${id(2_000)}`, { notes: '@SUM(A1:A9)' });
  await world.admin.request('PATCH', `/api/expenses/${id(1_000)}`, { notes: '-2' });
  await world.admin.request('PATCH', `/api/expenses/${id(3_000)}`, { notes: 'two\nlines' });
  // Travel books to GL 6000; Delta's purchase has its receipt (the others are missing theirs, the refund needs none).
  const travel = world.categories.get('Travel')!;
  expect(
    (await world.admin.put(`/api/wallet-categories/${travel}`, { name: 'Travel', gl_code: '6000' })).statusCode,
  ).toBe(200);
  const { payload, headers } = multipartFile('receipt', 'delta.png', 'image/png', PNG_BYTES);
  expect((await world.admin.post(`/api/expenses/${id(2_000)}/receipts`, payload, headers)).statusCode).toBe(201);
}, 60_000);
afterAll(() => copies.close());

describe('CSV', () => {
  it('every column (All 12), newest first, quoted where needed, formulas neutralised, amounts as plain numbers', async () => {
    const response = await download(`export_as=csv&export_fields=${ALL}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fileName(response)).toBe('Ada-Admin-transactions-2025-01-31-to-2025-06-01.csv');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(FILE_HEADER);
    expect(rows.map((row) => row[1])).toEqual(['7.00', '12.34', '40.00', '-2.50', '30.00', '5.00', '20.00', '10.00']);
    const mia = `•••• ${last4.mia}`;
    const ned = `•••• ${last4.ned}`;
    expect(rows).toEqual([
      [
        '2025-06-01',
        '7.00',
        'Mia Member',
        mia,
        'Coffee run',
        "'=1+1",
        'Blue Bottle Coffee',
        'Eating Places Restaurants',
        'eating_places_restaurants',
        '5812',
        'Meals',
        '',
        'Alpha',
        '',
        'Missing',
        'capture',
        '',
      ],
      [
        '2025-05-05',
        '12.34',
        'Ned Nobody',
        ned,
        '',
        '',
        `'${EVIL}`,
        'Antique Shops',
        'antique_shops',
        '5932',
        'Uncategorized',
        '',
        '',
        '',
        'Missing',
        'capture',
        'Samsung Pay',
      ],
      [
        '2025-04-30',
        '40.00',
        'Ned Nobody',
        ned,
        '',
        '',
        'United Airlines',
        'Airlines Air Carriers',
        'airlines_air_carriers',
        '3058',
        'Travel',
        '6000',
        '',
        `'+1 555 0100 "gate", row 2`,
        'Missing',
        'capture',
        '',
      ],
      [
        '2025-03-15',
        '-2.50',
        'Mia Member',
        mia,
        'Coffee run',
        "'=1+1",
        'Sweetgreen',
        'Eating Places Restaurants',
        'eating_places_restaurants',
        '5812',
        'Meals',
        '',
        'Alpha',
        '',
        'Not required',
        'refund',
        '',
      ],
      [
        '2025-02-03',
        '30.00',
        'Mia Member',
        mia,
        'Coffee run',
        "'=1+1",
        'Sweetgreen',
        'Eating Places Restaurants',
        'eating_places_restaurants',
        '5812',
        'Meals',
        '',
        'Alpha',
        'two\nlines',
        'Missing',
        'capture',
        '',
      ],
      [
        '2025-02-01',
        '5.00',
        'Ned Nobody',
        ned,
        '',
        '',
        'Old Curiosity Shop',
        'Antique Shops',
        'antique_shops',
        '5932',
        'Uncategorized',
        '',
        '',
        '',
        'Missing',
        'capture',
        'Google Pay',
      ],
      [
        '2025-02-01',
        '20.00',
        'Mia Member',
        mia,
        'Coffee run',
        "'=1+1",
        'Delta Air Lines',
        'Airlines Air Carriers',
        'airlines_air_carriers',
        '3058',
        'Travel',
        '6000',
        'Alpha',
        "'@SUM(A1:A9)",
        'Attached',
        'capture',
        '',
      ],
      [
        '2025-01-31',
        '10.00',
        'Mia Member',
        mia,
        'Coffee run',
        "'=1+1",
        'Blue Bottle Coffee',
        'Eating Places Restaurants',
        'eating_places_restaurants',
        '5812',
        'Meals',
        '',
        'Alpha',
        '-2',
        'Missing',
        'capture',
        'Apple Pay',
      ],
    ]);
    // The raw text: the formula merchant is quoted with its quotes doubled, records end with CRLF.
    expect(response.body).toContain(`,"'=HYPERLINK(""http://evil.test"",""click, here"")",`);
    // The card's nickname and purpose as written by COPY, the formula-like purpose neutralised, no quotes needed.
    expect(response.body).toContain(`,•••• ${last4.mia},Coffee run,'=1+1,Blue Bottle Coffee,`);
    expect(response.body.startsWith(`${FILE_HEADER.join(',')}\r\n`)).toBe(true);
  });

  it('only the columns asked for, in the order asked', async () => {
    const [header, ...rows] = parseCsv(
      (await download('export_as=csv&export_fields=merchant,amount&filter[type]=refund')).body,
    );
    expect(header).toEqual(['Merchant', 'Amount']);
    expect(rows).toEqual([['Sweetgreen', '-2.50']]);
  });

  it("the table's filters, search and sort; the file named by the range asked", async () => {
    const response = await download(
      'export_fields=amount,cardholder&filter[between]=day,2025-02-01,2025-02-03&sort=amount',
    );
    expect(fileName(response)).toBe('Ada-Admin-transactions-2025-02-01-to-2025-02-03.csv');
    expect(parseCsv(response.body).slice(1)).toEqual([
      ['5.00', 'Ned Nobody'],
      ['20.00', 'Mia Member'],
      ['30.00', 'Mia Member'],
    ]);
    const searched = parseCsv(
      (await download('export_fields=merchant&filter[custom_search]=blue bottle&filter[wallet]=apple_pay')).body,
    );
    expect(searched).toEqual([['Merchant'], ['Blue Bottle Coffee']]);
    const byHolder = parseCsv(
      (await download(`export_fields=amount&filter[user_id]=${world.ned.id}&sort=-amount`)).body,
    );
    expect(byHolder.slice(1).flat()).toEqual(['40.00', '12.34', '5.00']);
  });

  it('nothing matching: just the header, and the file is all-time', async () => {
    const response = await download(`export_fields=${ALL}&filter[type]=refund&filter[user_id]=${world.ned.id}`);
    expect(parseCsv(response.body)).toEqual([FILE_HEADER]);
    expect(fileName(response)).toBe('Ada-Admin-transactions-all-time.csv');
  });

  it('members export only their own, under their own name', async () => {
    const response = await download(
      `export_as=csv&export_fields=cardholder,amount&filter[user_id]=${world.ned.id}`,
      world.mia.client,
    );
    expect(parseCsv(response.body)).toEqual([['Cardholder', 'Amount']]);
    const own = await download('export_fields=cardholder', world.mia.client);
    expect(fileName(own)).toBe('Mia-Member-transactions-2025-01-31-to-2025-06-01.csv');
    expect(new Set(parseCsv(own.body).slice(1).flat())).toEqual(new Set(['Mia Member']));
  });
});

describe('Excel', () => {
  it('a workbook with the chosen columns: real dates, numeric amounts, neutralised text', async () => {
    const response = await download(`export_as=xlsx&export_fields=${ALL}&filter[between]=day,2025-04-30,2025-06-01`);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileName(response)).toBe('Ada-Admin-transactions-2025-04-30-to-2025-06-01.xlsx');
    const [header, ...rows] = await readXlsx(response.rawPayload);
    expect(header).toEqual(FILE_HEADER);
    expect(rows).toHaveLength(3);
    expect(rows[0]![0]).toEqual(new Date('2025-06-01T00:00:00Z'));
    expect(rows.map((row) => row[1])).toEqual([7, 12.34, 40]);
    expect(rows[0]!.slice(3, 6)).toEqual([`•••• ${last4.mia}`, 'Coffee run', "'=1+1"]);
    expect(rows[1]!.slice(2, 17)).toEqual([
      'Ned Nobody',
      `•••• ${last4.ned}`,
      undefined,
      undefined,
      `'${EVIL}`,
      'Antique Shops',
      'antique_shops',
      '5932',
      'Uncategorized',
      undefined,
      undefined,
      undefined,
      'Missing',
      'capture',
      'Samsung Pay',
    ]);
    expect(rows[2]!.slice(10, 15)).toEqual(['Travel', '6000', undefined, `'+1 555 0100 "gate", row 2`, 'Missing']);
  });

  it('custom columns, a refund as a negative number, Notes followed by the receipt status', async () => {
    const response = await download(
      'export_as=xlsx&export_fields=type,amount,notes&filter[between]=day,2025-01-31,2025-03-15&sort=amount',
    );
    expect(await readXlsx(response.rawPayload)).toEqual([
      ['Type', 'Amount', 'Notes', 'Receipt'],
      ['refund', -2.5, undefined, 'Not required'],
      ['capture', 5, undefined, 'Missing'],
      ['capture', 10, '-2', 'Missing'],
      ['capture', 20, "'@SUM(A1:A9)", 'Attached'],
      ['capture', 30, 'two\nlines', 'Missing'],
    ]);
  });
});

describe("a card's transactions", () => {
  it('the CSV names the merchant category and keeps its key in a code column', async () => {
    const response = await world.admin.get(
      `/api/cards/${world.ned.cardId}/expenses/export?from=2025-05-05&to=2025-05-05`,
    );
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(response.body.replace(/\r?\n/g, '\r\n'));
    expect(header).toEqual([
      'Posted Date',
      'Amount',
      'Type',
      'Merchant',
      'Category',
      'Category Code',
      'City',
      'State',
      'Country',
      'Digital Wallet',
      'Card',
      'Receipt',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.at(-1)).toBe('Missing');
    expect(rows[0]!.slice(0, 6)).toEqual([
      '2025-05-05',
      '12.34',
      'capture',
      `'${EVIL}`,
      'Antique Shops',
      'antique_shops',
    ]);
  });
});

describe("Excel with the table's filters", () => {
  it('digital wallets, search and a date range narrow the workbook exactly as they narrow the table', async () => {
    const wallets = await readXlsx(
      (
        await download(
          'export_as=xlsx&export_fields=wallet,merchant,amount&filter[wallet]=google_pay,samsung_pay&sort=amount',
        )
      ).rawPayload,
    );
    expect(wallets).toEqual([
      ['Digital Wallet', 'Merchant', 'Amount'],
      ['Google Pay', 'Old Curiosity Shop', 5],
      ['Samsung Pay', `'${EVIL}`, 12.34],
    ]);
    const searched = await readXlsx(
      (
        await download(
          'export_as=xlsx&export_fields=cardholder,amount&filter[custom_search]=sweetgreen&filter[between]=day,2025-03-01,2025-03-31',
        )
      ).rawPayload,
    );
    expect(searched).toEqual([
      ['Cardholder', 'Amount'],
      ['Mia Member', -2.5],
    ]);
    const nothing = await download(
      `export_as=xlsx&export_fields=amount&filter[type]=refund&filter[user_id]=${world.ned.id}`,
    );
    expect(await readXlsx(nothing.rawPayload)).toEqual([['Amount']]);
    expect(fileName(nothing)).toBe('Ada-Admin-transactions-all-time.xlsx');
  });
});

describe('the contract', () => {
  it('offers the same twelve columns, with the same headings, as the export modal', () => {
    expect(EXPORT_FIELD_NAMES).toEqual([...REPORT_EXPORT_FIELDS]);
    expect(EXPORT_FIELD_NAMES.map((field) => REPORT_EXPORT_FIELD_LABELS[field])).toEqual(HEADER);
  });
});

describe('bad input', () => {
  it.each([
    ['export_as=csv', 'export_fields', 'At least one column must be selected'],
    ['export_as=csv&export_fields=', 'export_fields', 'At least one column must be selected'],
    ['export_as=csv&export_fields=amount,bogus,color', 'export_fields', 'Unknown column: bogus, color.'],
    ['export_as=pdf&export_fields=amount', 'export_as', 'Unknown export format: pdf. Use csv or xlsx.'],
    [
      'export_fields=amount&filter[between]=day,2025-03-01,2025-01-01',
      'filter.between',
      'The start date must be on or before the end date.',
    ],
  ])('%s -> 422 on %s', async (query, field, message) => {
    const response = await world.admin.get(`/api/expenses/export?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it.each([
    ['filter[between]=day,2025-02-30,2025-03-01', 422, 'real dates'],
    ['filter[between]=2025-01-01', 422, 'real dates'],
    ['filter[type]=purchase', 422, 'Unknown type: purchase'],
    ['filter[wallet]=apple_pay,paypal', 422, 'Unknown wallet: paypal'],
    ['sort=amount,-amount', 422, 'The sort names amount twice.'],
    ['filter[nope]=1', 400, 'Unknown filter: nope.'],
    ['sort=color', 400, 'Unknown sort: color.'],
    ['include=approvals', 400, 'Unknown include: approvals.'],
  ])("the table's filters as the list checks them: %s -> %i naming what is wrong", async (query, status, message) => {
    const response = await world.admin.get(`/api/expenses/export?export_fields=amount&${query}`);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body).toContain(message);
  });

  it('an Excel export with more rows than a sheet holds is refused before it starts; CSV is not', async () => {
    // The sheet's limit (1,048,575 rows) made small: counted from the rollups (a range) and by a capped count (a search).
    const refusal = { export_as: [REPORT_EXPORT_MESSAGES.excelTooManyRows] };
    const fits = async (query: Record<string, string>, format: 'csv' | 'xlsx', rows: number) => {
      const { criteria } = await parseExpenseQuery(ctx.db, world.orgId, { id: 0, roles: ['super-admin'] }, query);
      return assertExportFits(ctx.db, criteria, format, rows).then(
        () => 'fits',
        (error: { statusCode?: number; errors?: unknown }) => ({ status: error.statusCode, errors: error.errors }),
      );
    };
    // Mia's transactions, as many as the list counts: exactly the limit fits, one more does not.
    const mias = { 'filter[user_id]': String(world.mia.id) };
    const count: number = (await world.admin.get(`/api/expenses?filter[user_id]=${world.mia.id}`)).json().meta.total;
    expect(count).toBeGreaterThan(1);
    expect(await fits(mias, 'xlsx', count)).toBe('fits');
    expect(await fits(mias, 'xlsx', count - 1)).toEqual({ status: 422, errors: refusal });
    expect(await fits(mias, 'csv', count - 1)).toBe('fits');
    expect(await fits({ 'filter[custom_search]': 'Sweetgreen' }, 'xlsx', 1)).toEqual({ status: 422, errors: refusal });
    expect(await fits({ 'filter[between]': 'day,2025-01-01,2025-12-31' }, 'xlsx', 1)).toEqual({
      status: 422,
      errors: refusal,
    });
    expect(REPORT_EXPORT_MESSAGES.excelTooManyRows).toBe(
      'An Excel sheet holds at most 1,048,575 rows and these transactions are more: narrow the date range or the ' +
        'filters, or export as CSV.',
    );
    // Within the limit the route answers the workbook as before.
    const workbook = await world.admin.get(`/api/expenses/export?export_as=xlsx&export_fields=amount`);
    expect(workbook.statusCode).toBe(200);
  });

  it('unknown filters and sorts are 400; no session is 401', async () => {
    expect((await world.admin.get('/api/expenses/export?export_fields=amount&filter[nope]=1')).statusCode).toBe(400);
    expect((await world.admin.get('/api/expenses/export?export_fields=amount&sort=color')).statusCode).toBe(400);
    expect((await ctx.client(world.host).get('/api/expenses/export?export_fields=amount')).statusCode).toBe(401);
  });
});

describe('streaming', () => {
  it('Excel text as written: entities, tabs, line breaks (CRLF too), backslashes; what XML cannot hold dropped', async () => {
    // A transaction's own text (escaped by PostgreSQL) and a label (escaped before it goes into the statement). No
    // entity in the text: exceljs's reader decodes a string cell's entities a second time (Excel does not).
    const expense = await ctx.db
      .selectFrom('expenses')
      .select(['id', 'amount'])
      .where('card_id', '=', world.ned.cardId)
      .orderBy('amount')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const notes = 'Tab\there <b>R&D</b> \'q\' "dq" back\\slash\r\nnext\u0001bell\u0007 \u00e9\u20ac \u{1F600}';
    const nickname = '<Ops & "Travel">\\ \u000bx';
    await updateExpenseNotes(ctx.db, world.orgId, expense.id, notes);
    expect((await world.admin.request('PATCH', `/api/cards/${world.ned.cardId}`, { nickname })).statusCode).toBe(200);
    try {
      const file = await exportedFile({
        db: ctx.db,
        copies,
        criteria: { orgId: world.orgId, policy: DEFAULT_EXPENSE_POLICY, cardId: world.ned.cardId },
        sort: [{ column: 'amount', direction: 'asc' }],
        fields: ['amount', 'card', 'notes'],
        format: 'xlsx',
      });
      const [header, first] = await readXlsx(file);
      expect(header).toEqual(['Amount', 'Card', 'Card nickname', 'Card purpose', 'Notes', 'Receipt']);
      expect(first!.slice(0, 5)).toEqual([
        expense.amount / 100,
        `•••• ${last4.ned}`,
        '<Ops & "Travel">\\ x',
        undefined,
        'Tab\there <b>R&D</b> \'q\' "dq" back\\slash\r\nnextbell \u00e9\u20ac \u{1F600}',
      ]);
    } finally {
      await updateExpenseNotes(ctx.db, world.orgId, expense.id, null);
      await world.admin.request('PATCH', `/api/cards/${world.ned.cardId}`, { nickname: null });
    }
  });

  it("another organisation's admin exports nothing of this one", async () => {
    const { admin, host } = await makeOrganization(ctx.db);
    const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
    expect(parseCsv((await download('export_fields=amount', client)).body)).toEqual([['Amount']]);
  });
});
