import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNTING_EXPORT_MESSAGES, ACCOUNTING_FILE_LIMITS } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import { makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { zipEntries } from '../../test/zip-entries.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { buyAtHostileMerchant } from './test-fixtures.js';

/**
 * GET /api/expenses/accounting-export (issue 21.7): the reviewed transactions of a period as QuickBooks Online's
 * 3-column and Xero's precoded bank-statement CSV, byte for byte: a UTF-8 BOM, the documented headings, CRLF, dates
 * MM/DD/YYYY (UTC), purchases negative and refunds positive, the description's parts, a memo with a comma, a quote
 * and a line break, a merchant that looks like a formula, the category's GL code as Xero's Account Code.
 *
 * spendWorld's transactions and one more, reviewed unless said (UTC):
 *   2025-01-31 23:59:59  Mia   10.00  Blue Bottle Coffee  Meals   (before the period)
 *   2025-02-01 00:00:00  Mia   20.00  Delta Air Lines     Travel  (the period's first second)
 *   2025-02-01 12:00:00  Ned    5.00  Old Curiosity Shop  -       (not reviewed)
 *   2025-02-03 08:00:00  Mia   30.00  Sweetgreen          Meals   memo 'Team lunch, "offsite"' / 'second line'
 *   2025-02-10 09:30:00  Ned   12.34  =HYPERLINK(...)     -
 *   2025-03-15 10:00:00  Mia   -2.50  Sweetgreen          Meals   (a refund)
 *   2025-04-30 23:59:59  Ned   40.00  United Airlines     Travel  (the period's last second)
 *   2025-06-01 00:00:00  Mia    7.00  Blue Bottle Coffee  Meals   (after the period)
 * Travel books to 6000-01, Meals to 6100; Mia's card is nicknamed Coffee run. The period: 2025-02-01 to 2025-04-30.
 */
const ctx = useTestApp();
let world: SpendWorld;
let ids: Record<'delta' | 'sweetgreen' | 'evil' | 'refund' | 'united', number>;
let mia: string;
let ned: string;
const EVIL = '=HYPERLINK("http://evil.test","click, here")';
const PERIOD = 'filter[from]=2025-02-01&filter[to]=2025-04-30';
const BOM = '\uFEFF';

const exported = async (query: string, client = world.admin) => {
  const response = await client.get(`/api/expenses/accounting-export?${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
};

beforeAll(async () => {
  world = await spendWorld(ctx);
  await buyAtHostileMerchant(ctx, world, EVIL);
  const rows = await ctx.db
    .selectFrom('expenses')
    .select(['id', 'amount', 'stripe_created'])
    .where('org_id', '=', world.orgId)
    .execute();
  const idOf = (amount: number) => rows.find((row) => row.amount === amount)!.id;
  ids = { delta: idOf(2_000), sweetgreen: idOf(3_000), evil: idOf(1_234), refund: idOf(-250), united: idOf(4_000) };
  const cards = await ctx.db.selectFrom('cards').select(['id', 'last4']).where('org_id', '=', world.orgId).execute();
  mia = cards.find((card) => card.id === world.mia.cardId)!.last4;
  ned = cards.find((card) => card.id === world.ned.cardId)!.last4;

  const admin = world.admin;
  expect((await admin.request('PATCH', `/api/cards/${world.mia.cardId}`, { nickname: 'Coffee run' })).statusCode).toBe(
    200,
  );
  const note = await admin.request('PATCH', `/api/expenses/${ids.sweetgreen}`, {
    notes: 'Team lunch, "offsite"\nsecond line',
  });
  expect(note.statusCode, note.body).toBe(200);
  for (const [name, glCode] of [
    ['Travel', '6000-01'],
    ['Meals', '6100'],
  ] as const) {
    const saved = await admin.put(`/api/wallet-categories/${world.categories.get(name)}`, { name, gl_code: glCode });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const oldCuriosity = idOf(500);
  const reviewed = rows.map((row) => row.id).filter((id) => id !== oldCuriosity);
  expect((await admin.post('/api/expenses/reviews', { ids: reviewed, action: 'review' })).statusCode).toBe(200);
}, 60_000);

describe('GET /api/expenses/accounting-export', () => {
  it('QuickBooks Online: BOM, Date/Description/Amount, the reviewed transactions of the period, oldest first', async () => {
    const response = await exported(`format=quickbooks&${PERIOD}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z0-9-]+-quickbooks-2025-02-01-to-2025-04-30\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe(
      [
        `${BOM}Date,Description,Amount`,
        `02/01/2025,Delta Air Lines · •••• ${mia} (Coffee run) · Mia Member,-20.00`,
        `02/03/2025,"Sweetgreen · •••• ${mia} (Coffee run) · Mia Member · Team lunch, ""offsite"" second line",-30.00`,
        `02/10/2025,"'=HYPERLINK(""http://evil.test"",""click, here"") · •••• ${ned} · Ned Nobody",-12.34`,
        `03/15/2025,Sweetgreen · •••• ${mia} (Coffee run) · Mia Member,2.50`,
        `04/30/2025,United Airlines · •••• ${ned} · Ned Nobody,-40.00`,
        '',
      ].join('\r\n'),
    );
  });

  it("Xero's precoded statement: payee, description, reference, the GL code as Account Code and Analysed Amount", async () => {
    const response = await exported(`format=xero&${PERIOD}`);
    expect(response.headers['content-disposition']).toMatch(/-xero-2025-02-01-to-2025-04-30\.csv"$/);
    const description = (merchant: string, card: string, holder: string) => `${merchant} · •••• ${card} · ${holder}`;
    expect(response.body).toBe(
      [
        `${BOM}*Date,*Amount,Payee,Description,Reference,Cheque Number,Account Code,Tax Type,Analysed Amount,Region`,
        `02/01/2025,-20.00,Delta Air Lines,${description('Delta Air Lines', `${mia} (Coffee run)`, 'Mia Member')},${ids.delta},,6000-01,,-20.00,`,
        `02/03/2025,-30.00,Sweetgreen,"${description('Sweetgreen', `${mia} (Coffee run)`, 'Mia Member')} · Team lunch, ""offsite"" second line",${ids.sweetgreen},,6100,,-30.00,`,
        `02/10/2025,-12.34,"'=HYPERLINK(""http://evil.test"",""click, here"")","'=HYPERLINK(""http://evil.test"",""click, here"") · •••• ${ned} · Ned Nobody",${ids.evil},,,,,`,
        `03/15/2025,2.50,Sweetgreen,${description('Sweetgreen', `${mia} (Coffee run)`, 'Mia Member')},${ids.refund},,6100,,2.50,`,
        `04/30/2025,-40.00,United Airlines,${description('United Airlines', ned, 'Ned Nobody')},${ids.united},,6000-01,,-40.00,`,
        '',
      ].join('\r\n'),
    );
  });

  it('a period past 1,000 lines is a ZIP of CSV files of 1,000 lines at most, each with the BOM and heading, in order', async () => {
    // 2,001 reviewed purchases on Mia's card in December 2024, one a minute from the 1st (the export's order).
    const december = Date.UTC(2024, 11, 1) / 1000;
    const lines = ACCOUNTING_FILE_LIMITS.lines;
    await sql`INSERT INTO expenses (org_id, card_id, user_id, provider, provider_transaction_id, type, amount,
        merchant_data, stripe_created, reviewed_at, reviewed_by)
      SELECT ${world.orgId}, ${world.mia.cardId}, ${world.mia.id}, 'simulator', 'ipi_december_' || n, 'capture', n,
        jsonb_build_object('name', 'Shop ' || n), ${december} + n * 60, now(), NULL
      FROM generate_series(1, ${2 * lines + 1}) AS n`.execute(ctx.db);
    const response = await exported('format=quickbooks&filter[from]=2024-12-01&filter[to]=2024-12-31');
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z0-9-]+-quickbooks-2024-12-01-to-2024-12-31\.zip"$/,
    );
    const files = zipEntries(response.rawPayload);
    expect(files.map((file) => file.name.replace(/^[a-z0-9-]+-quickbooks-/, ''))).toEqual([
      '2024-12-01-to-2024-12-31-part-001.csv',
      '2024-12-01-to-2024-12-31-part-002.csv',
      '2024-12-01-to-2024-12-31-part-003.csv',
    ]);
    const texts = files.map((file) => file.bytes.toString('utf8'));
    for (const text of texts) expect(text.startsWith(`${BOM}Date,Description,Amount\r\n`)).toBe(true);
    const rows = texts.map((text) => text.split('\r\n').slice(1, -1));
    expect(rows.map((part) => part.length)).toEqual([lines, lines, 1]);
    // Every purchase once, in order: Shop 1 ... Shop 2001, each part going on where the last stopped.
    expect(rows.flat().map((row) => /Shop (\d+) /.exec(row)?.[1])).toEqual(
      Array.from({ length: 2 * lines + 1 }, (_, index) => String(index + 1)),
    );
    expect(rows[2]).toEqual([`12/02/2024,Shop 2001 · •••• ${mia} (Coffee run) · Mia Member,-20.01`]);
    // Xero's file is split the same way.
    const xero = zipEntries((await exported('format=xero&filter[from]=2024-12-01&filter[to]=2024-12-31')).rawPayload);
    expect(xero.map((file) => file.bytes.toString('utf8').split('\r\n').length - 2)).toEqual([lines, lines, 1]);
    // Each download gives its export connection back (the app has three): a fourth and fifth one still come.
    for (const format of ['xero', 'quickbooks'])
      expect(
        zipEntries((await exported(`format=${format}&filter[from]=2024-12-01&filter[to]=2024-12-31`)).rawPayload),
      ).toHaveLength(3);
  });

  it('the period is whole UTC days, both included; a period with nothing reviewed is the heading alone', async () => {
    const oneDay = await exported('format=quickbooks&filter[from]=2025-02-01&filter[to]=2025-02-01');
    expect(
      oneDay.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['02/01/2025']);
    const lastDay = await exported('format=quickbooks&filter[from]=2025-04-30&filter[to]=2025-04-30');
    expect(lastDay.body).toContain('United Airlines');
    const january = await exported('format=quickbooks&filter[from]=2025-01-31&filter[to]=2025-01-31');
    expect(january.body).toContain('Blue Bottle Coffee');
    const may = await exported('format=xero&filter[from]=2025-05-01&filter[to]=2025-05-31');
    expect(may.body).toBe(
      `${BOM}*Date,*Amount,Payee,Description,Reference,Cheque Number,Account Code,Tax Type,Analysed Amount,Region\r\n`,
    );
  });

  it("another organisation's reviewed transactions are never in the file, nor ours in theirs", async () => {
    const other = await otherOrganisation(ctx);
    const theirs = await ctx.db.selectFrom('expenses').select('id').where('card_id', '=', other.cardId).execute();
    expect(
      (await other.client.post('/api/expenses/reviews', { ids: theirs.map((row) => row.id), action: 'review' }))
        .statusCode,
    ).toBe(200);
    for (const format of ['quickbooks', 'xero']) {
      const ours = await exported(`format=${format}&${PERIOD}`);
      expect(ours.body).not.toContain('Elsewhere Diner');
      const theirFile = await exported(`format=${format}&${PERIOD}`, other.client);
      expect(theirFile.body).toContain('Elsewhere Diner');
      expect(theirFile.body).not.toMatch(/Delta|Sweetgreen|United|HYPERLINK/);
    }
  });

  it('admins only: a member is refused (403), signed out is 401; wallet-finance admins may', async () => {
    expect((await world.mia.client.get(`/api/expenses/accounting-export?format=xero&${PERIOD}`)).statusCode).toBe(403);
    expect((await ctx.client(world.host).get(`/api/expenses/accounting-export?format=xero&${PERIOD}`)).statusCode).toBe(
      401,
    );
    const finance = await makeUser(ctx.db, world.orgId, 'wallet-finance');
    const financeClient = await ctx.client(world.host).signIn(finance.email, TEST_PASSWORD);
    expect((await exported(`format=xero&${PERIOD}`, financeClient)).body).toContain('United Airlines');
  });

  it('a missing or wrong format or period is a 422 naming each field; an unknown parameter a 400', async () => {
    const errorsOf = async (query: string) => {
      const response = await world.admin.get(`/api/expenses/accounting-export?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf('')).toEqual({
      format: [ACCOUNTING_EXPORT_MESSAGES.format],
      'filter.from': [ACCOUNTING_EXPORT_MESSAGES.from],
      'filter.to': [ACCOUNTING_EXPORT_MESSAGES.to],
    });
    expect(await errorsOf(`format=sage&${PERIOD}`)).toEqual({ format: [ACCOUNTING_EXPORT_MESSAGES.format] });
    expect(await errorsOf('format=xero&filter[from]=2025-02-30&filter[to]=2025-03')).toEqual({
      'filter.from': [ACCOUNTING_EXPORT_MESSAGES.from],
      'filter.to': [ACCOUNTING_EXPORT_MESSAGES.to],
    });
    expect(await errorsOf('format=xero&filter[from]=2025-03-01&filter[to]=2025-02-28')).toEqual({
      'filter.to': [ACCOUNTING_EXPORT_MESSAGES.order],
    });
    expect((await world.admin.get(`/api/expenses/accounting-export?format=xero&${PERIOD}&sort=x`)).statusCode).toBe(
      400,
    );
  });
});
