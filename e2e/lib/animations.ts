import type { Page } from 'playwright-core';

/**
 * Waits (up to 5 s) until no finite animation or transition runs: antd fades and slides content in and out (opacity
 * below 1 for a moment, which axe reads as low contrast, and a box still moving). Endless ones (spinners) don't count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
