import { Readable, Writable } from 'node:stream';
import archiver from 'archiver';
import { ACCOUNTING_FILE_LIMITS } from '@wallet/contract';
import { entryTaken } from './archive-entry.js';

/**
 * A bank-statement export as the files an accounting import takes (issue 21.7): QuickBooks Online and Xero read at most
 * ACCOUNTING_FILE_LIMITS a file. Written record by record (csv-export.ts csvRecords); when the whole period fits one
 * file it is one CSV, otherwise a ZIP of CSV files, each within the limits, each starting with the heading, in order.
 *
 * Only one file is held at a time (350 KB at most): which kind the download is, is known once the first file is full
 * or the records end, and the next file is taken only once the archive has taken the last, so a slow download slows
 * the COPY behind it.
 */

export interface StatementFile {
  zip: boolean;
  body: Readable;
}

export interface FileLimits {
  lines: number;
  bytes: number;
}

export class StatementFiles extends Writable {
  /** The download: a CSV or a ZIP, once known. */
  readonly file: Promise<StatementFile>;
  private settle!: { resolve(file: StatementFile): void; reject(error: Error): void };
  private records: Buffer[] = [];
  private bytes: number;
  private parts = 0;
  private archive: archiver.Archiver | null = null;
  /** The ZIP's last byte is out (finalize resolved): a close after that is the download's end. */
  private zipWritten = false;

  /**
   * `heading`: what each file starts with (the BOM and the heading line); `partName(n)`: the name of the ZIP's n-th
   * file, from 1.
   */
  constructor(
    private readonly heading: Buffer,
    private readonly partName: (part: number) => string,
    private readonly limits: FileLimits = ACCOUNTING_FILE_LIMITS,
  ) {
    super({ objectMode: true });
    this.bytes = heading.length;
    this.file = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // Whoever awaits it hears of a failure; a failure after the answer has started cuts the download instead.
    this.file.catch(() => undefined);
  }

  override _write(record: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const full =
      this.records.length > 0 &&
      (this.records.length >= this.limits.lines || this.bytes + record.length > this.limits.bytes);
    const added = () => {
      this.records.push(record);
      this.bytes += record.length;
      callback();
    };
    if (!full) return added();
    this.nextPart().then(added, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (!this.archive) {
      this.settle.resolve({ zip: false, body: Readable.from([this.fileBytes()]) });
      return callback();
    }
    const archive = this.archive;
    this.nextPart()
      .then(() => archive.finalize())
      .then(() => {
        this.zipWritten = true;
        callback();
      }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const failure = error ?? new Error('The export stopped before it finished.');
    this.settle.reject(failure);
    // A ZIP cut short ends the download in an error, never as an archive that looks whole.
    if (this.archive && !this.archive.destroyed) this.archive.destroy(failure);
    callback(error);
  }

  private fileBytes(): Buffer {
    return Buffer.concat([this.heading, ...this.records]);
  }

  /** The file so far into the ZIP (started with the first), resolved once the archive has taken it. */
  private nextPart(): Promise<void> {
    if (!this.archive) {
      const archive = archiver('zip', { store: false, zlib: { level: 6 } });
      // The download closed (the browser went away) stops the COPY at once, not when the next file is full, and a
      // finalize that can no longer end does not hold the export connection.
      archive.once('close', () => {
        if (!this.zipWritten && !this.destroyed) this.destroy(new Error('The download was closed before it finished.'));
      });
      this.archive = archive;
      this.settle.resolve({ zip: true, body: archive });
    }
    const archive = this.archive;
    if (archive.destroyed) return Promise.reject(new Error('The download was closed before it finished.'));
    const taken = entryTaken(archive, archive);
    this.parts += 1;
    archive.append(this.fileBytes(), { name: this.partName(this.parts) });
    this.records = [];
    this.bytes = this.heading.length;
    return taken;
  }
}
