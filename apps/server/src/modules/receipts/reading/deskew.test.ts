import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawReceipt } from '../../../test/receipt-images.js';
import { skewAngle } from './deskew.js';

const LINES = [
  'BLUE BOTTLE COFFEE',
  '123 Market St, San Francisco',
  '',
  'Latte                    5.50',
  'Croissant                4.25',
  'Oat milk                 0.75',
  '',
  'Subtotal                10.50',
  'Tax                      0.92',
  'TOTAL                   11.42',
  '',
  '11/02/2026 08:14  VISA 4242',
];

/** As receipt-text.ts prepares a photo before measuring its skew: grey, normalised, 1,200 px wide. */
async function preparedPhoto(skew: number) {
  const photo = await drawReceipt({ lines: LINES, skew, format: 'jpeg' });
  return sharp(photo).resize({ width: 1_200 }).greyscale().normalise().png().toBuffer();
}

describe('skewAngle', () => {
  it.each([0, 1.5, 3.25, -2.75, 6, -7.5])(
    'finds a receipt turned %s degrees to the quarter degree (coarse then fine search)',
    async (skew) => {
      expect(Math.abs((await skewAngle(await preparedPhoto(skew))) - skew)).toBeLessThanOrEqual(0.25);
    },
  );

  it('leaves a page without print as it is', async () => {
    const blank = await sharp({ create: { width: 800, height: 1_000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await skewAngle(blank)).toBe(0);
  });
});
