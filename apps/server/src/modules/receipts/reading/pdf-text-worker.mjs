// A receipt PDF's own text, read in a thread of its own (receipt-text.ts): pdf.js parses on the calling thread, which
// must not be the event loop. Bytes in (workerData), the first three pages' text out, a line per line of the page.
import { parentPort, workerData } from 'node:worker_threads';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const loading = pdfjs.getDocument({
  data: new Uint8Array(workerData.buffer, workerData.byteOffset, workerData.byteLength),
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
});
const document = await loading.promise;
try {
  const lines = [];
  for (let number = 1; number <= Math.min(document.numPages, 3); number++) {
    const content = await (await document.getPage(number)).getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      } else line += ' ';
    }
    if (line.trim()) lines.push(line);
  }
  parentPort.postMessage(lines.join('\n'));
} finally {
  await loading.destroy();
}
