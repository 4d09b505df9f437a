import { loginForm, openLogin } from '../lib/app.js';
import { assert, expectVisible, type E2ETest } from '../lib/harness.js';

const PHONE_WIDTH = 375;

export const tests: E2ETest[] = [
  {
    name: '/login at 375 px shows the whole form without horizontal scrolling',
    context: { viewport: { width: PHONE_WIDTH, height: 812 }, isMobile: true, hasTouch: true },
    async run({ page }) {
      await openLogin(page);
      const form = loginForm(page);
      for (const part of [form.heading, form.email, form.password, form.submit]) {
        await expectVisible(part);
        const box = await part.boundingBox();
        assert(
          box && box.x >= 0 && box.x + box.width <= PHONE_WIDTH,
          `${part.toString()} is not within the ${PHONE_WIDTH} px screen: ${JSON.stringify(box)}`,
        );
      }
      const scrollWidth = await page.evaluate(
        () => (document.scrollingElement ?? document.documentElement).scrollWidth,
      );
      assert(scrollWidth <= PHONE_WIDTH, `the page scrolls sideways: scrollWidth ${scrollWidth} > ${PHONE_WIDTH}`);
    },
  },
];
