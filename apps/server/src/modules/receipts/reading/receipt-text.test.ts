import { readdir, readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { drawPdfReceipt, drawReceipt, type ReceiptDrawing } from '../../../test/receipt-images.js';
import { stopOcrEngine } from './ocr-engine.js';
import { parseReceipt } from './parse-receipt.js';
import { receiptText, UnreadableReceipt } from './receipt-text.js';

const COFFEE = [
  'BLUE BOTTLE COFFEE',
  '66 Mint St, San Francisco',
  '',
  '02/03/2025  08:14',
  '',
  'Latte            5.50',
  'Croissant        4.25',
  'Subtotal         9.75',
  'Tax              0.84',
  'TOTAL           $10.59',
  '',
  'VISA **** 4242',
];

afterAll(() => stopOcrEngine());

describe('reading receipts offline', () => {
  it.each<[string, ReceiptDrawing]>([
    ['an upright PNG', { lines: COFFEE }],
    ['a JPEG photo turned 4 degrees', { lines: COFFEE, skew: 4, format: 'jpeg' }],
    ['a photo turned 7 degrees the other way', { lines: COFFEE, skew: -7 }],
    ['a faint print on grey paper', { lines: COFFEE, faint: true }],
  ])(
    '%s: total, date and merchant',
    async (_name, drawing) => {
      const image = await drawReceipt(drawing);
      const reading = parseReceipt(await receiptText(image, drawing.format ?? 'png'));
      expect(reading).toEqual({ amount: 1059, date: '2025-02-03', merchant: 'BLUE BOTTLE COFFEE' });
    },
    60_000,
  );

  it('reads in a thread of low CPU priority, so purchases and requests come first (Linux: nice is per thread)', async () => {
    await receiptText(await drawReceipt({ lines: COFFEE }), 'png');
    const niceOfThreads = await Promise.all(
      (await readdir('/proc/self/task')).map(async (tid) => {
        const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8');
        // After "tid (comm) ": nice is the 17th field.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      }),
    );
    expect(niceOfThreads).toContain(0);
    expect(niceOfThreads).toContain(19);
  }, 60_000);

  it("a PDF's own text", async () => {
    const pdf = drawPdfReceipt(['Delta Air Lines', 'Date: 2025-04-30', 'Fare 1,180.00', 'Total Due 1,300.50']);
    expect(parseReceipt(await receiptText(pdf, 'pdf'))).toEqual({
      amount: 130_050,
      date: '2025-04-30',
      merchant: 'Delta Air Lines',
    });
  });

  it("a HEIC photo (an iPhone's), decoded in a thread of its own", async () => {
    // The coffee receipt above turned 3 degrees, encoded by libheif's heif-enc (x265) at quality 60.
    const heic = await readFile(new URL('../../../test/fixtures/coffee-receipt.heic', import.meta.url));
    expect(parseReceipt(await receiptText(heic, 'heic'))).toEqual({
      amount: 1059,
      date: '2025-02-03',
      merchant: 'BLUE BOTTLE COFFEE',
    });
  }, 60_000);

  it('a file that only claims to be HEIC is unreadable, not a failure', async () => {
    await expect(receiptText(Buffer.from('....ftypheic'), 'heic')).rejects.toBeInstanceOf(UnreadableReceipt);
  });
});
