import { describe, expect, it } from 'vitest';
import { answerOfThread } from './thread.js';

/** A worker script given as a data: URL (an ES module), so the test needs no file of its own. */
const script = (body: string) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(`import { parentPort, workerData } from 'node:worker_threads';\n${body}`)}`,
  );
const limits = { resourceLimits: { maxOldGenerationSizeMb: 64 } };

describe('answerOfThread', () => {
  it("answers the thread's one message, computed from what it was given", async () => {
    expect(
      await answerOfThread<number>(script('parentPort.postMessage(workerData.length * 2);'), [1, 2, 3], {
        ...limits,
        what: 'doubler',
      }),
    ).toBe(6);
  });

  it('fails with what the thread threw, or says it stopped without an answer', async () => {
    await expect(
      answerOfThread(script("throw new Error('not a PDF');"), null, { ...limits, what: 'PDF reader' }),
    ).rejects.toThrow('not a PDF');
    await expect(answerOfThread(script('process.exit(3);'), null, { ...limits, what: 'PDF reader' })).rejects.toThrow(
      'The PDF reader stopped (exit 3) before it answered.',
    );
  });

  it('gives up on a thread that keeps busy past its time', async () => {
    await expect(
      answerOfThread(script('for (;;) {}'), null, { ...limits, what: 'PDF reader', timeoutMs: 300 }),
    ).rejects.toThrow('The PDF reader did not answer within 0.3 s.');
  });
});
