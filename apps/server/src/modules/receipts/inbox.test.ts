import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_INBOX_TEXTS, RECEIPT_MESSAGES, type Receipt } from '@wallet/contract';
import { useTestApp } from '../../test/context.js';
import type { TestClient } from '../../test/client.js';
import { waitFor } from '../../test/helpers.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { stopOcrEngine } from './reading/ocr-engine.js';
import { drawPdfReceipt, drawReceipt } from '../../test/receipt-images.js';

const ctx = useTestApp();
let world: SpendWorld;
/** Mia's purchases by merchant and posted day (spendWorld's). */
const purchases = new Map<string, number>();

afterAll(() => stopOcrEngine());

beforeAll(async () => {
  world = await spendWorld(ctx);
  const rows = await ctx.db
    .selectFrom('expenses')
    .select(['id', 'stripe_created', 'merchant_data'])
    .where('org_id', '=', world.orgId)
    .where('user_id', '=', world.mia.id)
    .where('type', '=', 'capture')
    .execute();
  for (const row of rows)
    purchases.set(
      `${row.merchant_data.name} ${new Date(row.stripe_created * 1000).toISOString().slice(0, 10)}`,
      row.id,
    );
});

/** A multipart body with several `receipt` files. */
function manyFiles(files: ReadonlyArray<{ name: string; type: string; bytes: Buffer }>) {
  const boundary = `----inbox${Math.random().toString(16).slice(2)}`;
  const parts = files.map(({ name, type, bytes }) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadToInbox(client: TestClient, files: ReadonlyArray<{ name: string; type: string; bytes: Buffer }>) {
  const { payload, headers } = manyFiles(files);
  return client.post('/api/receipts', payload, headers);
}

async function readingDone(client: TestClient, id: number): Promise<Receipt> {
  let receipt: Receipt | undefined;
  await waitFor(async () => {
    receipt = (await client.get(`/api/receipts/${id}`)).json().data as Receipt;
    return receipt.reading !== 'queued';
  }, 60_000);
  return receipt!;
}

describe('the receipt inbox: POST /api/receipts, GET /api/receipts, POST /api/receipts/{id}/attach', () => {
  it('answers at once; each receipt is read offline and attaches itself to the purchase it is for', async () => {
    const sweetgreen = await drawReceipt({
      lines: [
        'SWEETGREEN',
        '171 2nd St',
        '02/03/2025 12:31',
        'Harvest Bowl    27.50',
        'Tax              2.50',
        'TOTAL          $30.00',
      ],
      skew: 3,
    });
    const delta = drawPdfReceipt(['Delta Air Lines', 'Receipt date: 2025-02-01', 'Fare 18.00', 'Total 20.00']);
    const unmatched = await drawReceipt({ lines: ['CORNER STORE', '05/05/2025', 'TOTAL 4.44'], faint: true });
    const uploaded = await uploadToInbox(world.mia.client, [
      { name: 'sweetgreen.png', type: 'image/png', bytes: sweetgreen },
      { name: 'delta.pdf', type: 'application/pdf', bytes: delta },
      { name: 'corner.png', type: 'image/png', bytes: unmatched },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().message).toBe(RECEIPT_INBOX_TEXTS.uploaded(3));
    const [first, second, third] = uploaded.json().data as Receipt[];
    expect(first).toMatchObject({ expense_id: null, reading: 'queued', ocr: null, match: null });

    const [readSweetgreen, readDelta, readCorner] = (await Promise.all(
      [first!, second!, third!].map((receipt) => readingDone(world.mia.client, receipt.id)),
    )) as [Receipt, Receipt, Receipt];
    expect(readSweetgreen).toMatchObject({
      reading: 'read',
      ocr: { amount: 3_000, date: '2025-02-03', merchant: 'SWEETGREEN' },
      expense_id: purchases.get('Sweetgreen 2025-02-03'),
      match: { expense_id: purchases.get('Sweetgreen 2025-02-03') },
    });
    expect(readSweetgreen.match!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(readDelta).toMatchObject({
      reading: 'read',
      ocr: { amount: 2_000, date: '2025-02-01', merchant: 'Delta Air Lines' },
      expense_id: purchases.get('Delta Air Lines 2025-02-01'),
    });
    // Nothing of $4.44: read, left in the inbox, no suggestion.
    expect(readCorner).toMatchObject({ reading: 'read', expense_id: null, match: null, ocr: { amount: 444 } });

    const inbox = await world.mia.client.get('/api/receipts');
    expect(inbox.statusCode).toBe(200);
    // The inbox lists what waits and, for a week, where the others went (newest first), with their transaction.
    const listed = inbox.json().data as Receipt[];
    expect(listed.map((receipt) => receipt.id)).toEqual([readCorner.id, readDelta.id, readSweetgreen.id]);
    expect(inbox.json().meta).toMatchObject({ total: 3 });
    expect(listed[2]!.transaction).toEqual({
      id: purchases.get('Sweetgreen 2025-02-03'),
      amount: 3_000,
      stripe_created: expect.any(Number),
      merchant_data: { name: 'Sweetgreen' },
    });
    expect(listed[0]!.transaction).toBeNull();
  }, 120_000);

  it('a receipt of the right amount but far from sure stays a suggestion; the person confirms it', async () => {
    // $7.00 at Blue Bottle on 1 June: the amount and the day fit, but the receipt names no merchant.
    const vague = await drawReceipt({ lines: ['THANK YOU', '06/01/2025', 'Amount due 7.00'] });
    const uploaded = await uploadToInbox(world.mia.client, [{ name: 'vague.png', type: 'image/png', bytes: vague }]);
    const receipt = (uploaded.json().data as Receipt[])[0]!;
    const read = await readingDone(world.mia.client, receipt.id);
    expect(read).toMatchObject({
      reading: 'read',
      expense_id: null,
      ocr: { amount: 700, date: '2025-06-01' },
      match: { expense_id: purchases.get('Blue Bottle Coffee 2025-06-01'), confidence: 0.7 },
      // The suggestion, briefly, so the person sees what it is before confirming.
      transaction: { id: purchases.get('Blue Bottle Coffee 2025-06-01'), amount: 700 },
    });
    // Without a date only the last 60 days are searched: June 2025 is long before today, so nothing is suggested.
    const undated = await drawReceipt({ lines: ['THANK YOU', 'Amount due 7.00'] });
    const undatedReceipt = (
      await uploadToInbox(world.mia.client, [{ name: 'undated.png', type: 'image/png', bytes: undated }])
    ).json().data[0] as Receipt;
    expect(await readingDone(world.mia.client, undatedReceipt.id)).toMatchObject({ match: null, expense_id: null });

    const blueBottle = purchases.get('Blue Bottle Coffee 2025-06-01')!;
    const attached = await world.mia.client.post(`/api/receipts/${receipt.id}/attach`, { expense_id: blueBottle });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ message: RECEIPT_MESSAGES.attached, data: { expense_id: blueBottle } });
    // Attached: the inbox shows where it went; a second receipt for the same purchase is refused.
    const listed = (await world.mia.client.get('/api/receipts')).json().data as Receipt[];
    expect(listed.find((r) => r.id === receipt.id)).toMatchObject({ expense_id: blueBottle });
    const refused = await world.mia.client.post(`/api/receipts/${undatedReceipt.id}/attach`, {
      expense_id: blueBottle,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ expense_id: [RECEIPT_INBOX_TEXTS.alreadyHasReceipt] });
  }, 120_000);

  it('refuses a bad upload whole, and keeps each person to their own inbox and transactions', async () => {
    const before = await ctx.db.selectFrom('receipts').select('id').execute();
    const png = await drawReceipt({ lines: ['A', 'TOTAL 1.00'] });
    const mixed = await uploadToInbox(world.mia.client, [
      { name: 'ok.png', type: 'image/png', bytes: png },
      { name: 'evil.svg', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual({ receipt: [RECEIPT_MESSAGES.unsupported] });
    const none = await world.mia.client.post('/api/receipts', {});
    expect(none.statusCode).toBe(422);
    expect(await ctx.db.selectFrom('receipts').select('id').execute()).toEqual(before);

    const mine = (await uploadToInbox(world.mia.client, [{ name: 'a.png', type: 'image/png', bytes: png }])).json()
      .data[0] as Receipt;
    // Ned sees neither Mia's inbox receipt nor may attach it; Mia may not attach hers to Ned's purchase.
    expect((await world.ned.client.get(`/api/receipts/${mine.id}`)).statusCode).toBe(404);
    expect((await world.ned.client.get('/api/receipts')).json().data).toEqual([]);
    const nedExpense = await ctx.db
      .selectFrom('expenses')
      .select('id')
      .where('user_id', '=', world.ned.id)
      .executeTakeFirstOrThrow();
    expect(
      (await world.ned.client.post(`/api/receipts/${mine.id}/attach`, { expense_id: nedExpense.id })).statusCode,
    ).toBe(404);
    const notHers = await world.mia.client.post(`/api/receipts/${mine.id}/attach`, { expense_id: nedExpense.id });
    expect(notHers.statusCode).toBe(422);
    expect(notHers.json().errors).toEqual({ expense_id: [RECEIPT_INBOX_TEXTS.expenseRequired] });
    const other = await otherOrganisation(ctx);
    expect((await other.client.get(`/api/receipts/${mine.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/receipts/${mine.id}/attach`, { expense_id: nedExpense.id })).statusCode).toBe(
      404,
    );
    const anonymous = ctx.client(world.host);
    expect((await anonymous.get('/api/receipts')).statusCode).toBe(401);
    expect((await uploadToInbox(anonymous, [{ name: 'a.png', type: 'image/png', bytes: png }])).statusCode).toBe(401);
  }, 120_000);
});
