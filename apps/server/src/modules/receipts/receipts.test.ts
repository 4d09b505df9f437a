import sharp from 'sharp';
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { JPEG_BYTES, multipartFile, PNG_BYTES } from '../../test/helpers.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { sniffReceiptType } from './file-type.js';

const ctx = useTestApp();
let world: SpendWorld;
let miaExpense: number;
let nedExpense: number;

const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The first box of an iPhone photo: ftyp, major brand heic, compatible mif1 and heic. */
const HEIC_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64, 7),
]);

function upload(client: TestClient, expenseId: number, bytes: Buffer, name = 'receipt.png', field = 'receipt') {
  const { payload, headers } = multipartFile(field, name, 'image/png', bytes);
  return client.post(`/api/expenses/${expenseId}/receipts`, payload, headers);
}

async function receiptRows() {
  return ctx.db.selectFrom('receipts').selectAll().where('org_id', '=', world.orgId).execute();
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, 'receipts');
  const found: string[] = [];
  for (const dir of await fs.readdir(root).catch(() => [] as string[]))
    for (const file of await fs.readdir(path.join(root, dir))) found.push(file);
  return found;
}

beforeAll(async () => {
  world = await spendWorld(ctx);
  const expenseOf = async (userId: number) =>
    (
      await ctx.db
        .selectFrom('expenses')
        .select('id')
        .where('org_id', '=', world.orgId)
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  miaExpense = await expenseOf(world.mia.id);
  nedExpense = await expenseOf(world.ned.id);
});

describe('receipt file types, judged by their first bytes', () => {
  it('knows JPEG, PNG, PDF and HEIC, and nothing else', () => {
    expect(sniffReceiptType(JPEG_BYTES)).toBe('jpeg');
    expect(sniffReceiptType(PNG_BYTES)).toBe('png');
    expect(sniffReceiptType(PDF_BYTES)).toBe('pdf');
    expect(sniffReceiptType(HEIC_BYTES)).toBe('heic');
    expect(
      sniffReceiptType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBe(null);
    expect(sniffReceiptType(Buffer.from('<!doctype html><p>hi'))).toBe(null);
    // An MP4 is an ISO box file too, but no HEIF brand.
    expect(
      sniffReceiptType(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(32)])),
    ).toBe(null);
  });
});

describe('POST /api/expenses/{id}/receipts, GET /api/receipts/{id}(/file), DELETE /api/receipts/{id}', () => {
  it('the cardholder attaches a receipt to their own purchase, sees it, replaces it and removes it', async () => {
    const attached = await upload(world.mia.client, miaExpense, PNG_BYTES, 'Lunch receipt.png');
    expect(attached.statusCode, attached.body).toBe(201);
    const receipt = attached.json().data;
    expect(attached.json().message).toBe(RECEIPT_MESSAGES.attached);
    expect(receipt).toMatchObject({
      expense_id: miaExpense,
      type: 'png',
      content_type: 'image/png',
      byte_size: PNG_BYTES.length,
      file_name: 'Lunch receipt.png',
      file_url: `/api/receipts/${receipt.id}/file`,
      uploaded_by: { id: world.mia.id, name: 'Mia Member' },
    });

    const metadata = await world.mia.client.get(`/api/receipts/${receipt.id}`);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json().data).toEqual(receipt);
    const file = await world.mia.client.get(receipt.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    // The admin sees it too.
    expect((await world.admin.get(receipt.file_url)).statusCode).toBe(200);
    // The transaction lists say which purchase has its receipt: the card's and the All Transactions table.
    const brief = { id: receipt.id, type: 'png', file_url: receipt.file_url };
    const cardRows = (await world.mia.client.get(`/api/cards/${world.mia.cardId}/expenses`)).json().data as Array<{
      id: number;
      receipt: unknown;
    }>;
    expect(cardRows.find((row) => row.id === miaExpense)!.receipt).toEqual(brief);
    expect(cardRows.filter((row) => row.id !== miaExpense).every((row) => row.receipt === null)).toBe(true);
    const tableRows = (await world.admin.get('/api/expenses?page[size]=50')).json().data as Array<{
      id: number;
      receipt: unknown;
    }>;
    expect(tableRows.find((row) => row.id === miaExpense)!.receipt).toEqual(brief);

    const [before] = await storedFiles().then((files) => files.filter((name) => !name.endsWith('.partial')));
    const replaced = await upload(world.mia.client, miaExpense, PDF_BYTES, 'scan.pdf');
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json().message).toBe(RECEIPT_MESSAGES.replaced);
    expect(replaced.json().data).toMatchObject({ type: 'pdf', content_type: 'application/pdf', file_name: 'scan.pdf' });
    // One receipt per purchase: the old row and its file are gone.
    expect((await world.mia.client.get(`/api/receipts/${receipt.id}`)).statusCode).toBe(404);
    expect((await receiptRows()).filter((row) => row.expense_id === miaExpense)).toHaveLength(1);
    expect(await storedFiles()).not.toContain(before);
    const pdf = await world.mia.client.get(replaced.json().data.file_url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF_BYTES)).toBe(true);

    const removed = await world.mia.client.delete(`/api/receipts/${replaced.json().data.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await world.mia.client.get(replaced.json().data.file_url)).statusCode).toBe(404);
    expect((await receiptRows()).filter((row) => row.expense_id === miaExpense)).toHaveLength(0);
    expect(await storedFiles()).toHaveLength((await receiptRows()).length);
  });

  it('an admin attaches to anyone’s purchase; a HEIC photo is kept as HEIC; a path in the name is dropped', async () => {
    const attached = await upload(world.admin, nedExpense, HEIC_BYTES, '../../etc/IMG_0001.HEIC');
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().data).toMatchObject({
      type: 'heic',
      content_type: 'image/heic',
      file_name: 'IMG_0001.HEIC',
    });
    const row = (await receiptRows()).find((receipt) => receipt.id === attached.json().data.id)!;
    expect(row.storage_key).toMatch(/^[0-9a-f]{32}$/);
    // Only its first bytes are a HEIC: asked for as a JPEG, it is a 422 saying so.
    const undecodable = await world.admin.get(`/api/receipts/${row.id}/file?as=jpeg`);
    expect(undecodable.statusCode).toBe(422);
    expect((await world.admin.delete(`/api/receipts/${row.id}`)).statusCode).toBe(204);
  });

  it('a real HEIC photo is shown as a JPEG with as=jpeg, downloaded as uploaded without; others ignore as=jpeg', async () => {
    const heic = await fs.readFile(new URL('../../test/fixtures/coffee-receipt.heic', import.meta.url));
    const attached = await upload(world.mia.client, miaExpense, heic, 'IMG_0002.HEIC');
    expect(attached.statusCode, attached.body).toBe(201);
    const { file_url: fileUrl } = attached.json().data as { file_url: string };
    const original = await world.mia.client.get(fileUrl);
    expect(original.headers['content-type']).toBe('image/heic');
    expect(original.rawPayload.equals(heic)).toBe(true);
    const shown = await world.mia.client.get(`${fileUrl}?as=jpeg`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['content-disposition']).toContain('filename="IMG_0002.jpg"');
    expect(shown.headers['content-security-policy']).toContain('sandbox');
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 665, height: 521 });
    expect((await world.mia.client.get(`${fileUrl}?as=gif`)).statusCode).toBe(422);
    // Someone else's receipt stays hidden however it is asked for.
    expect((await world.ned.client.get(`${fileUrl}?as=jpeg`)).statusCode).toBe(404);
    expect((await world.mia.client.delete(fileUrl.replace(/\/file$/, ''))).statusCode).toBe(204);
    const png = await upload(world.mia.client, miaExpense, PNG_BYTES, 'r.png');
    const asIs = await world.mia.client.get(`${png.json().data.file_url}?as=jpeg`);
    expect(asIs.headers['content-type']).toBe('image/png');
    expect(asIs.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await world.mia.client.delete(`/api/receipts/${png.json().data.id}`)).statusCode).toBe(204);
  });

  it('refuses what is not a receipt with a 422 on the field, and stores nothing', async () => {
    const before = await receiptRows();
    const cases: Array<[Buffer, string, string, string]> = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        'evil.png',
        'receipt',
        RECEIPT_MESSAGES.unsupported,
      ],
      [Buffer.from('MZ\x90\x00 not an image'), 'receipt.jpg', 'receipt', RECEIPT_MESSAGES.unsupported],
      [Buffer.alloc(0), 'empty.png', 'receipt', RECEIPT_MESSAGES.empty],
      [PNG_BYTES, 'receipt.png', 'file', RECEIPT_MESSAGES.missing],
      [Buffer.concat([PNG_BYTES, Buffer.alloc(RECEIPT_MAX_BYTES)]), 'big.png', 'receipt', RECEIPT_MESSAGES.tooLarge],
    ];
    for (const [bytes, name, field, message] of cases) {
      const response = await upload(world.mia.client, miaExpense, bytes, name, field);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors, name).toEqual({ receipt: [message] });
    }
    const noBody = await world.mia.client.post(`/api/expenses/${miaExpense}/receipts`, {});
    expect(noBody.statusCode).toBe(422);
    expect(noBody.json().errors).toEqual({ receipt: [RECEIPT_MESSAGES.missing] });
    expect(await receiptRows()).toEqual(before);
    expect(await storedFiles()).toHaveLength(before.length);
  });

  it("a member reaches only their own purchases' receipts; another organisation and the signed-out reach none", async () => {
    const nedReceipt = (await upload(world.ned.client, nedExpense, JPEG_BYTES, 'taxi.jpg')).json().data;
    // Mia, another member: as missing as anything else.
    expect((await upload(world.mia.client, nedExpense, PNG_BYTES)).statusCode).toBe(404);
    expect((await world.mia.client.get(`/api/receipts/${nedReceipt.id}`)).statusCode).toBe(404);
    expect((await world.mia.client.get(nedReceipt.file_url)).statusCode).toBe(404);
    expect((await world.mia.client.delete(`/api/receipts/${nedReceipt.id}`)).statusCode).toBe(404);

    const other = await otherOrganisation(ctx);
    expect((await upload(other.client, nedExpense, PNG_BYTES)).statusCode).toBe(404);
    expect((await other.client.get(`/api/receipts/${nedReceipt.id}`)).statusCode).toBe(404);
    expect((await other.client.get(nedReceipt.file_url)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/receipts/${nedReceipt.id}`)).statusCode).toBe(404);

    const anonymous = ctx.client(world.host);
    expect((await upload(anonymous, nedExpense, PNG_BYTES)).statusCode).toBe(401);
    expect((await anonymous.get(`/api/receipts/${nedReceipt.id}`)).statusCode).toBe(401);
    expect((await anonymous.get(nedReceipt.file_url)).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/receipts/${nedReceipt.id}`)).statusCode).toBe(401);

    // Still there, unchanged, for Ned.
    const file = await world.ned.client.get(nedReceipt.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(JPEG_BYTES)).toBe(true);
  });

  it('the transactions list says each receipt status and filters by it (filter[receipt])', async () => {
    const attached = await upload(world.mia.client, miaExpense, PNG_BYTES);
    expect(attached.statusCode).toBe(201);
    type Row = { id: number; type: string; receipt_status: string; receipt: unknown };
    const list = async (client: TestClient, filter?: string) => {
      const response = await client.get(`/api/expenses?page[size]=50${filter ? `&filter[receipt]=${filter}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Row[]; meta: { total: number } };
    };
    const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);
    const all = await list(world.admin);
    expect(all.data.find((row) => row.id === miaExpense)!.receipt_status).toBe('attached');
    for (const row of all.data)
      expect(row.receipt_status).toBe(row.receipt ? 'attached' : row.type === 'refund' ? 'not_required' : 'missing');
    for (const status of ['attached', 'missing', 'not_required']) {
      const filtered = await list(world.admin, status);
      expect(ids(filtered.data), status).toEqual(ids(all.data.filter((row) => row.receipt_status === status)));
      expect(filtered.meta.total).toBe(filtered.data.length);
    }
    // A member's list is their own, filtered the same way.
    expect(ids((await list(world.mia.client, 'attached')).data)).toEqual([miaExpense]);
    const bad = await world.admin.get('/api/expenses?filter[receipt]=lost');
    expect(bad.statusCode).toBe(422);

    // Removed: missing again.
    expect((await world.mia.client.delete(`/api/receipts/${attached.json().data.id}`)).statusCode).toBe(204);
    expect(ids((await list(world.mia.client, 'attached')).data)).toEqual([]);
    expect(ids((await list(world.mia.client, 'missing')).data)).toContain(miaExpense);
  });
});
