import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting, neutralises formulas and keeps numbers as numbers', () => {
    expect(
      toCsv([
        ['Name', 'Amount'],
        ['Lee, Jordan', '-12.50'],
        ['=SUM(A1)', 5],
        ['say "hi"', null],
      ]),
    ).toBe('Name,Amount\r\n"Lee, Jordan",-12.50\r\n\'=SUM(A1),5\r\n"say ""hi""",\r\n');
    expect(toCsv([['+1 555'], ['@cmd'], ['-x']])).toBe("'+1 555\r\n'@cmd\r\n'-x\r\n");
  });
});
