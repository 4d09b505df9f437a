import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where receipt files live, by a random key the server makes: never a path or name a client gives, never served
 * from a guessable URL (the file route checks who asks first). Local folders by default; an S3-compatible store
 * implements the same three calls.
 */
export interface ReceiptStorage {
  save(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** Gone already is fine: a removal may be retried. */
  remove(key: string): Promise<void>;
}

/** A new key: 128 random bits, in hex (also a safe file name). */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const KEY = /^[0-9a-f]{32}$/;

/** Files under `<dataDir>/receipts/<first two hex digits>/<key>`, readable by the server's user only. */
export function localReceiptStorage(dataDir: string): ReceiptStorage {
  const root = path.join(dataDir, 'receipts');
  const fileOf = (key: string) => {
    // Keys are ours; anything else is a bug, never a path to follow.
    if (!KEY.test(key)) throw new Error(`not a receipt storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async save(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    read: (key) => fs.readFile(fileOf(key)),
    remove: (key) => fs.rm(fileOf(key), { force: true }),
  };
}
