import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetRowWriter, xmlText } from './sheet-rows.js';

/** Rows written straight into the sheet read back as exceljs's own rows do: text, numbers, dates. */
describe('sheet rows', () => {
  it('escapes as exceljs does: the five entities, control characters XML cannot hold dropped', () => {
    expect(xmlText(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
    expect(xmlText('tab\tline\nreturn\r bell\u0007 del\u007f')).toBe('tab\tline\nreturn\r bell del');
    expect(xmlText('plain •••• 4242')).toBe('plain •••• 4242');
  });

  it('a workbook with these rows reads back as the values written', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Transactions');
    sheet.columns = ['Day', 'Amount', 'Text'].map((header, index) => ({ header, key: String(index) }));
    sheet.getRow(1).commit();
    const styles = (workbook as unknown as { styles: { dateStyleId: number } }).styles;
    const row = sheetRowWriter(3, 2, () => styles.dateStyleId);
    (sheet as unknown as { stream: PassThrough }).stream.write(
      row([new Date('2025-06-01T00:00:00Z'), -2.5, '=1+2 & <b> "q"']) + row([new Date('2025-01-31T00:00:00Z'), 7, '']),
    );
    sheet.commit();
    await workbook.commit();
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    read.getWorksheet('Transactions')!.eachRow((each) => rows.push((each.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Day', 'Amount', 'Text'],
      [new Date('2025-06-01T00:00:00Z'), -2.5, '=1+2 & <b> "q"'],
      [new Date('2025-01-31T00:00:00Z'), 7],
    ]);
  });
});
