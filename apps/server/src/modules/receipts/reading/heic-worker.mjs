// A HEIC photo decoded in a thread of its own: libheif (compiled to JavaScript, the only offline HEVC decoder on npm)
// decodes synchronously, for hundreds of milliseconds, which the event loop must not wait through. Bytes in
// (workerData), RGBA pixels out.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const { width, height, data } = await decode({ buffer: workerData });
const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
parentPort.postMessage({ width, height, pixels }, [pixels.buffer]);
