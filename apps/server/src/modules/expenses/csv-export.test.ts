import { PassThrough, Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseCell } from '../../http/csv.js';
import { useTestApp } from '../../test/context.js';
import { waitFor } from '../../test/helpers.js';
import { spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { CopyConnections, crlfRecords } from './csv-export.js';
import { csvField, writeExport } from './export.js';
import { DEFAULT_EXPENSE_POLICY } from './expense-policy.js';
import { labelById } from './export-sql.js';
import { exportedFile } from './test-fixtures.js';

/**
 * The CSV export as PostgreSQL writes it (COPY, csv-export.ts): cells the formula rule and RFC 4180 quoting treat
 * differently come out as the rule written in JavaScript (http/csv.ts) says; CRLF record ends whatever the chunks;
 * a closed download gives its connection back and stops the query.
 */
const ctx = useTestApp();
let world: SpendWorld;
let copies: CopyConnections;

/** Text a spreadsheet or a CSV reader treats specially, one per transaction, as notes and as merchant names. */
const AWKWARD = [
  '-12.5',
  '-1.',
  '-',
  '-0',
  ' =x',
  '=1+2',
  '+1',
  '@A1',
  '\tx',
  '\rx',
  'a"b',
  '"',
  'x\r\ny',
  'a,b',
  'é ü',
];

beforeAll(async () => {
  world = await spendWorld(ctx);
  copies = new CopyConnections(ctx.databaseUrl);
  const rows = await ctx.db
    .selectFrom('expenses')
    .select('id')
    .where('org_id', '=', world.orgId)
    .orderBy('id')
    .execute();
  for (const [index, row] of rows.entries()) {
    await sql`UPDATE expenses SET notes = ${AWKWARD[index % AWKWARD.length]!},
      merchant_data = merchant_data || jsonb_build_object('name', ${AWKWARD[(index + 7) % AWKWARD.length]!}::text,
        'category', ${index % 2 ? 'made_up_kind_of_shop' : 'airlines_air_carriers'}::text, 'category_code', '-5'::text)
      WHERE id = ${row.id}`.execute(ctx.db);
  }
});
afterAll(() => copies.close());

async function exported(fields: Parameters<typeof writeExport>[0]['fields']): Promise<string> {
  const file = await exportedFile({
    db: ctx.db,
    copies,
    criteria: { orgId: world.orgId, policy: DEFAULT_EXPENSE_POLICY },
    sort: [{ column: 'amount', direction: 'asc' }],
    fields,
    format: 'csv',
  });
  return file.toString('utf8');
}

describe('cells', () => {
  it('neutralised and quoted as the JavaScript rule writes them, merchant categories named as the contract does', async () => {
    const rows = await ctx.db
      .selectFrom('expenses')
      .select(['notes', 'merchant_data', 'amount'])
      .where('org_id', '=', world.orgId)
      .orderBy('amount')
      .execute();
    const cell = (value: string | null | undefined) => csvField(neutraliseCell(value ?? ''));
    const expected = [
      // Notes brings the receipt status along (issue 21.7): none is attached; a purchase needs one, a refund not.
      'Notes,Receipt,Merchant,Merchant Category,Merchant Category Key,Merchant Category Code,Amount',
      ...rows.map((row) =>
        [
          cell(row.notes),
          row.amount < 0 ? 'Not required' : 'Missing',
          cell(row.merchant_data.name),
          row.merchant_data.category === 'airlines_air_carriers' ? 'Airlines Air Carriers' : 'Made Up Kind of Shop',
          row.merchant_data.category,
          '-5',
          (row.amount / 100).toFixed(2),
        ].join(','),
      ),
    ];
    const text = await exported(['notes', 'merchant', 'merchant_category', 'merchant_category_code', 'amount']);
    expect(text).toBe(`${expected.join('\r\n')}\r\n`);
    expect(text).toContain(`,"x\r\ny",`);
    expect(text).toContain(`"'\rx"`);
  });
});

describe('labels by id', () => {
  it("give each id its label and any other id none, whatever the map's size and gaps", async () => {
    const ids = Array.from({ length: 60 }, (_, index) => index - 3);
    for (const size of [0, 1, 2, 4, 5, 9, 17, 40]) {
      // Every third id from 1 on (gaps between them), labels with quotes, backslashes and commas.
      const labels = Object.fromEntries(
        Array.from({ length: size }, (_, index) => [1 + 3 * index, `it's \\ "${index}", ok`]),
      );
      const { rows } = await sql<{ id: number; label: string | null }>`
        SELECT g.id, ${labelById(sql`g.id`, labels)} AS label FROM unnest(${ids}::bigint[]) AS g(id) ORDER BY g.id`.execute(
        ctx.db,
      );
      expect(
        rows.map((row) => row.label),
        `${size} labels`,
      ).toEqual(ids.map((id) => labels[id] ?? null));
    }
  });
});

describe('record ends', () => {
  const through = async (chunks: string[]) => {
    const parts: Buffer[] = [];
    const transform = crlfRecords();
    transform.on('data', (chunk: Buffer) => parts.push(chunk));
    await new Promise<void>((resolve, reject) =>
      Readable.from(chunks.map((chunk) => Buffer.from(chunk)))
        .pipe(transform)
        .on('finish', resolve)
        .on('error', reject),
    );
    return Buffer.concat(parts).toString('utf8');
  };

  it('CRLF after each record, line breaks inside quoted cells kept, whatever the chunks', async () => {
    const copied = 'a,"b\nc",d\n"x ""y\n"" z",1\nplain\n';
    const expected = 'a,"b\nc",d\r\n"x ""y\n"" z",1\r\nplain\r\n';
    expect(await through([copied])).toBe(expected);
    // Every split, between any two bytes: the quote state carries from one chunk to the next.
    for (let at = 1; at < copied.length; at++)
      expect(await through([copied.slice(0, at), copied.slice(at)]), `split at ${at}`).toBe(expected);
    expect(await through([...copied])).toBe(expected);
  });
});

describe('a closed download', () => {
  it('gives the connection back, stops the COPY, and the next export is whole', async () => {
    const whole = await exported(['amount', 'notes']);
    const out = new PassThrough({ highWaterMark: 1 });
    const done = writeExport(
      {
        db: ctx.db,
        copies,
        criteria: { orgId: world.orgId, policy: DEFAULT_EXPENSE_POLICY },
        sort: [{ column: 'amount', direction: 'asc' }],
        fields: ['amount', 'notes'],
        format: 'csv',
      },
      out,
    );
    out.once('data', () => out.destroy());
    await expect(done).rejects.toThrow();
    await waitFor(async () => {
      const { rows } = await sql<{ copying: number }>`
        SELECT count(*)::int AS copying FROM pg_stat_activity WHERE query LIKE 'COPY (%' AND state = 'active'`.execute(
        ctx.db,
      );
      return rows[0]!.copying === 0;
    });
    expect(await exported(['amount', 'notes'])).toBe(whole);
  });
});
