// Tesseract's own worker thread (tesseract.js's node worker script), started at a low CPU priority: reading a receipt
// is seconds of background work that must not slow card authorisations and requests down (issue 21's bench: purchases'
// p99 while receipts are read within 1.5x of alone). On Linux a thread's nice value is its own: this lowers only
// this thread.
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/** Nice 19, the lowest: a small share of a core while anything at the normal priority wants it, all of an idle one. */
const OCR_NICE = 19;

try {
  os.setPriority(OCR_NICE);
} catch {
  // Not allowed here (some containers): read at the normal priority rather than not at all.
}
const require = createRequire(import.meta.url);
require(path.join(path.dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js'));
