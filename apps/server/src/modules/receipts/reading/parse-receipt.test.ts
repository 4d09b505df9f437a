import { describe, expect, it } from 'vitest';
import { parseReceipt } from './parse-receipt.js';

describe('parseReceipt', () => {
  it('reads a coffee shop receipt as OCR gives it', () => {
    const text = `BLUE BOTTLE COFFEE

66 Mint St, San Francisco
02/03/2025 08:14

Latte 5.50
Croissant 4.25
Subtotal 9.75
Tax 0.84
TOTAL $10.59
VISA **%% 4242

Thank you!`;
    expect(parseReceipt(text)).toEqual({ amount: 1059, date: '2025-02-03', merchant: 'BLUE BOTTLE COFFEE' });
  });

  it('takes the total over a subtotal and a larger tendered amount, with thousands separators', () => {
    const text = `Delta Air Lines\nInvoice 2025-04-30\nFare 1,180.00\nTaxes 120.50\nSubtotal 1,300.50\nTotal Due USD 1,300.50\nCash 1,400.00\nChange 99.50`;
    expect(parseReceipt(text)).toMatchObject({ amount: 130_050, date: '2025-04-30', merchant: 'Delta Air Lines' });
  });

  it('reads a total on the line after its label, named months and day-first dates', () => {
    expect(parseReceipt('Sweetgreen\n3 Feb 2025\nTOTAL\n$31.20')).toMatchObject({ amount: 3120, date: '2025-02-03' });
    expect(parseReceipt('Shop\nFebruary 3, 2025\nAmount due 7.00').date).toBe('2025-02-03');
    expect(parseReceipt('Shop\n28/02/2025\nTotal 7.00').date).toBe('2025-02-28');
  });

  it('skips addresses and headings for the merchant, and answers null for what is not there', () => {
    expect(parseReceipt('RECEIPT\n410 Market Street\nUnited Airlines\nTotal 12.00').merchant).toBe('United Airlines');
    expect(parseReceipt('12345\n---\n')).toEqual({ amount: null, date: null, merchant: null });
    expect(parseReceipt('Shop\n31/02/2025').date).toBeNull();
  });

  it('without a total line takes the largest amount', () => {
    expect(parseReceipt('Kiosk\nWater 2.00\nSandwich 8.50\n').amount).toBe(850);
  });

  it("reads a crafted PDF's text in bounded time: a line of a million digits and a hundred thousand lines", () => {
    const started = performance.now();
    const crafted = parseReceipt(`ACME HARDWARE\nTOTAL 12.50\n${'1'.repeat(1_000_000)}\n${'9.99\n'.repeat(100_000)}`);
    // Unbounded, the amount search took 2.9 s on a line of 40,000 digits (it grows with the square of the length).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(crafted).toMatchObject({ amount: 1250, merchant: 'ACME HARDWARE' });
  });
});
