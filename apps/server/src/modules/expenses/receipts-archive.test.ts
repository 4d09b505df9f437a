import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_EXPORT_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../../test/helpers.js';
import { zipEntries } from '../../test/zip-entries.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { buyAtHostileMerchant } from './test-fixtures.js';
import { merchantSlug, writeReceiptsArchive, type ArchiveReceipt } from './receipts-archive.js';

/**
 * GET /api/expenses/receipts-archive (issue 21.7): a ZIP of every receipt attached to the period's transactions
 * (reviewed or not), each named YYYY-MM-DD_<amount>_<merchant>_<transaction id>.<ext>, with the bytes as uploaded;
 * read back by its central directory, CRC-32 checked. spendWorld's transactions plus one at a merchant whose name is a
 * formula with a path in it (2025-02-10, Ned, 12.34).
 */
const ctx = useTestApp();
let world: SpendWorld;
let ids: Record<'blueBottle' | 'delta' | 'oldCuriosity' | 'sweetgreen' | 'evil' | 'refund', number>;
const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EVIL = '=HYPERLINK("../../etc/passwd")\\..';
const PERIOD = 'filter[from]=2025-02-01&filter[to]=2025-04-30';

function attach(client: TestClient, expenseId: number, bytes: Buffer) {
  const { payload, headers } = multipartFile('receipt', 'receipt', 'application/octet-stream', bytes);
  return client.post(`/api/expenses/${expenseId}/receipts`, payload, headers);
}

const archive = async (query: string, client = world.admin) => {
  const response = await client.get(`/api/expenses/receipts-archive?${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
};

beforeAll(async () => {
  world = await spendWorld(ctx);
  await buyAtHostileMerchant(ctx, world, EVIL);
  const rows = await ctx.db.selectFrom('expenses').select(['id', 'amount']).where('org_id', '=', world.orgId).execute();
  const idOf = (amount: number) => rows.find((row) => row.amount === amount)!.id;
  ids = {
    blueBottle: idOf(1_000),
    delta: idOf(2_000),
    oldCuriosity: idOf(500),
    sweetgreen: idOf(3_000),
    evil: idOf(1_234),
    refund: idOf(-250),
  };
  const files: Array<[number, Buffer]> = [
    [ids.blueBottle, PNG_BYTES],
    [ids.delta, PNG_BYTES],
    [ids.oldCuriosity, JPEG_BYTES],
    [ids.sweetgreen, PDF_BYTES],
    [ids.evil, JPEG_BYTES],
    [ids.refund, PDF_BYTES],
  ];
  for (const [id, bytes] of files) {
    const attached = await attach(world.admin, id, bytes);
    expect(attached.statusCode, attached.body).toBe(201);
  }
}, 60_000);

describe('GET /api/expenses/receipts-archive', () => {
  it("every receipt of the period's transactions, named by day, amount, merchant and id, bytes as uploaded", async () => {
    const response = await archive(PERIOD);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z0-9-]+-receipts-2025-02-01-to-2025-04-30\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = zipEntries(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      `2025-02-01_20.00_delta-air-lines_${ids.delta}.png`,
      `2025-02-01_5.00_old-curiosity-shop_${ids.oldCuriosity}.jpg`,
      `2025-02-03_30.00_sweetgreen_${ids.sweetgreen}.pdf`,
      `2025-02-10_12.34_hyperlink-etc-passwd_${ids.evil}.jpg`,
      `2025-03-15_-2.50_sweetgreen_${ids.refund}.pdf`,
    ]);
    expect(entries.map((entry) => entry.bytes)).toEqual([PNG_BYTES, JPEG_BYTES, PDF_BYTES, JPEG_BYTES, PDF_BYTES]);
  });

  it('the period is whole UTC days; a period without receipts is a valid empty ZIP', async () => {
    const january = zipEntries((await archive('filter[from]=2025-01-31&filter[to]=2025-01-31')).rawPayload);
    expect(january.map((entry) => entry.name)).toEqual([`2025-01-31_10.00_blue-bottle-coffee_${ids.blueBottle}.png`]);
    const empty = await archive('filter[from]=2025-05-01&filter[to]=2025-05-31');
    expect(zipEntries(empty.rawPayload)).toEqual([]);
    // The end-of-central-directory record alone.
    expect(empty.rawPayload.length).toBe(22);
  });

  it("another organisation's receipts are never in the archive", async () => {
    const other = await otherOrganisation(ctx);
    const [theirs] = await ctx.db.selectFrom('expenses').select('id').where('card_id', '=', other.cardId).execute();
    expect((await attach(other.client, theirs!.id, PNG_BYTES)).statusCode).toBe(201);
    const names = zipEntries((await archive(PERIOD)).rawPayload).map((entry) => entry.name);
    expect(names).toHaveLength(5);
    expect(names.join()).not.toContain('elsewhere');
    const theirNames = zipEntries((await archive(PERIOD, other.client)).rawPayload).map((entry) => entry.name);
    expect(theirNames).toEqual([`2025-02-01_999.99_elsewhere-diner_${theirs!.id}.png`]);
  });

  it('admins only: a member is refused (403), signed out is 401; a bad period is a 422 naming the field', async () => {
    expect((await world.mia.client.get(`/api/expenses/receipts-archive?${PERIOD}`)).statusCode).toBe(403);
    expect((await ctx.client(world.host).get(`/api/expenses/receipts-archive?${PERIOD}`)).statusCode).toBe(401);
    const wrong = await world.admin.get('/api/expenses/receipts-archive?filter[from]=2025-04-01&filter[to]=2025-03-01');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ 'filter.to': [ACCOUNTING_EXPORT_MESSAGES.order] });
    const missing = await world.admin.get('/api/expenses/receipts-archive');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['filter.from', 'filter.to']);
    // The archive takes no format.
    expect((await world.admin.get(`/api/expenses/receipts-archive?format=xero&${PERIOD}`)).statusCode).toBe(400);
  });
});

describe('merchantSlug', () => {
  it('keeps ASCII letters and digits joined by single dashes: no separators, dots or accents survive', () => {
    expect(merchantSlug('Blue Bottle Coffee #12')).toBe('blue-bottle-coffee-12');
    expect(merchantSlug('Café Zoë')).toBe('cafe-zoe');
    expect(merchantSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(merchantSlug('C:\\Windows\\..')).toBe('c-windows');
    expect(merchantSlug('日本')).toBe('merchant');
    expect(merchantSlug(null)).toBe('merchant');
    expect(merchantSlug('x'.repeat(100))).toHaveLength(40);
  });
});

describe('writeReceiptsArchive', () => {
  it('reads the next receipt only once the download has taken the ones before (memory stays at one receipt)', async () => {
    const MB = 1024 * 1024;
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    let taken = 0;
    const takenAtRead: number[] = [];
    async function* receipts(): AsyncGenerator<ArchiveReceipt> {
      for (let index = 0; index < 5; index++)
        yield {
          transaction: {
            id: index + 1,
            stripe_created: 1_740_000_000 + index,
            amount: 100 * (index + 1),
            merchant: 'Shop',
          },
          receipt: { type: 'pdf' },
          read: async () => {
            takenAtRead.push(taken);
            return Buffer.alloc(MB, index);
          },
        };
    }
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => {
      taken += chunk.length;
      chunks.push(chunk);
    });
    await writeReceiptsArchive(receipts(), out);
    // Before the k-th file is read, the download has taken nearly all of the k - 1 before it (buffers are 16 KB).
    takenAtRead.forEach((bytes, index) => expect(bytes, `read ${index}`).toBeGreaterThan(index * MB - 128 * 1024));
    const entries = zipEntries(Buffer.concat(chunks));
    expect(entries.map((entry) => entry.name)).toEqual(
      [1, 2, 3, 4, 5].map((id) => `2025-02-19_${id}.00_shop_${id}.pdf`),
    );
    expect(entries.every((entry, index) => entry.bytes.equals(Buffer.alloc(MB, index)))).toBe(true);
  });
});
