import type { Locator, Page } from 'playwright-core';
import { ADMIN, DEMO_PASSWORD, greeting, openLogin } from '../lib/app.js';
import { AssertionError, expectPath, expectVisible, isFocused, type E2ETest } from '../lib/harness.js';

const MAX_TABS = 25;

/**
 * Presses `key` until `target` has focus; returns how many presses it took. Fails if focus leaves the page
 * (wraps around) first, so consecutive calls check the order of the fields.
 */
async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<number> {
  for (let presses = 1; presses <= MAX_TABS; presses++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return presses;
    const leftThePage = await page.evaluate(() => !document.activeElement || document.activeElement === document.body);
    if (leftThePage) throw new AssertionError(`${key} left the page before reaching ${target.toString()}`);
  }
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
      : 'nothing';
  });
  throw new AssertionError(`${key} ×${MAX_TABS} never reached ${target.toString()} (focus is on ${focused})`);
}

export const tests: E2ETest[] = [
  {
    name: 'keyboard: Tab reaches email, password and Sign In in order, and Enter signs in',
    async run({ page }) {
      const form = await openLogin(page);
      // Start from the heading above the form (a click there moves focus away from the autofocused field and
      // makes the heading the starting point of sequential navigation), then go through the form by keyboard.
      await form.heading.click();

      await tabTo(page, form.email);
      await page.keyboard.type(ADMIN.email);
      await tabTo(page, form.password);
      await page.keyboard.type(DEMO_PASSWORD);
      await tabTo(page, form.submit);

      // Back to the password field and submit the form from there with Enter.
      await tabTo(page, form.password, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expectPath(page, '/dashboard');
      await expectVisible(greeting(page, ADMIN.firstName));
    },
  },
];
