import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../../test/zip-entries.js';
import { StatementFiles, type FileLimits } from './statement-files.js';

/**
 * StatementFiles (issue 21.7): records in, the download out: one CSV while everything fits one import's limits, else a
 * ZIP of files each within them, each starting with the heading, no record ever cut across two files.
 */
const HEADING = Buffer.from('\uFEFFDate,Description,Amount\r\n');
const record = (text: string) => Buffer.from(`${text}\r\n`);

async function download(records: Buffer[], limits: FileLimits) {
  const files = new StatementFiles(HEADING, (part) => `statement-part-${part}.csv`, limits);
  const written = pipeline(Readable.from(records), files);
  const file = await files.file;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
  await written;
  return { zip: file.zip, bytes: Buffer.concat(chunks) };
}

describe('StatementFiles', () => {
  it('everything within the limits is one CSV: the heading, then the records; none is the heading alone', async () => {
    const lines = ['01/01/2025,A,-1.00', '01/02/2025,B,-2.00', '01/03/2025,C,-3.00'];
    const whole = await download(lines.map(record), { lines: 3, bytes: 1_000 });
    expect(whole.zip).toBe(false);
    expect(whole.bytes.toString('utf8')).toBe(`${HEADING.toString('utf8')}${lines.join('\r\n')}\r\n`);
    const empty = await download([], { lines: 3, bytes: 1_000 });
    expect(empty).toEqual({ zip: false, bytes: HEADING });
  });

  it('past the line limit: a ZIP of files of that many records at most, in order, each with the heading', async () => {
    const lines = Array.from({ length: 7 }, (_, index) => `01/0${index + 1}/2025,Shop ${index + 1},-1.00`);
    const { zip, bytes } = await download(lines.map(record), { lines: 3, bytes: 1_000 });
    expect(zip).toBe(true);
    const files = zipEntries(bytes);
    expect(files.map((file) => file.name)).toEqual([
      'statement-part-1.csv',
      'statement-part-2.csv',
      'statement-part-3.csv',
    ]);
    expect(files.map((file) => file.bytes.toString('utf8'))).toEqual([
      `${HEADING.toString('utf8')}${lines.slice(0, 3).join('\r\n')}\r\n`,
      `${HEADING.toString('utf8')}${lines.slice(3, 6).join('\r\n')}\r\n`,
      `${HEADING.toString('utf8')}${lines[6]}\r\n`,
    ]);
  });

  it('past the size limit: each file within it, heading included, a record (a memo on two lines) never cut', async () => {
    const memo = record(`01/01/2025,"Lunch · café ""offsite""\r\nsecond line",-12.00`);
    const limit = HEADING.length + 2 * memo.length;
    const { zip, bytes } = await download([memo, memo, memo, memo, memo], { lines: 1_000, bytes: limit });
    expect(zip).toBe(true);
    const files = zipEntries(bytes);
    expect(files.map((file) => file.bytes.length)).toEqual([limit, limit, HEADING.length + memo.length]);
    for (const file of files) {
      expect(file.bytes.subarray(0, HEADING.length)).toEqual(HEADING);
      expect(file.bytes.length).toBeLessThanOrEqual(limit);
    }
    // One byte less and each file holds one record only.
    expect(zipEntries((await download([memo, memo, memo], { lines: 1_000, bytes: limit - 1 })).bytes)).toHaveLength(3);
  });

  it('a failure before the kind is known rejects the download; after, it ends the ZIP in an error', async () => {
    const early = new StatementFiles(HEADING, (part) => `part-${part}.csv`, { lines: 2, bytes: 1_000 });
    // As the COPY's pipeline does: it destroys the writer, whose own error it has heard.
    early.on('error', () => undefined);
    early.write(record('01/01/2025,A,-1.00'));
    early.destroy(new Error('the COPY failed'));
    await expect(early.file).rejects.toThrow('the COPY failed');

    const late = new StatementFiles(HEADING, (part) => `part-${part}.csv`, { lines: 1, bytes: 1_000 });
    late.on('error', () => undefined);
    late.write(record('01/01/2025,A,-1.00'));
    late.write(record('01/02/2025,B,-2.00'));
    const file = await late.file;
    expect(file.zip).toBe(true);
    const read = (async () => {
      for await (const chunk of file.body) void chunk;
    })();
    late.destroy(new Error('the COPY failed'));
    await expect(read).rejects.toThrow('the COPY failed');
  });

  it('a ZIP download closed part-way stops the records (the COPY behind them) at once', async () => {
    const files = new StatementFiles(HEADING, (part) => `part-${part}.csv`, { lines: 1, bytes: 1_000 });
    const stopped = new Promise<Error>((resolve) => files.once('error', resolve));
    files.write(record('01/01/2025,A,-1.00'));
    files.write(record('01/02/2025,B,-2.00'));
    const file = await files.file;
    expect(file.zip).toBe(true);
    file.body.destroy();
    expect((await stopped).message).toBe('The download was closed before it finished.');
    expect(files.destroyed).toBe(true);
  });
});
