import type { Locator, Page } from 'playwright-core';
import {
  ADMIN,
  DEMO_PASSWORD,
  MEMBER,
  MESSAGES,
  PRIYA,
  dialog,
  notification,
  openLogin,
  sidebar,
  signIn,
} from '../lib/app.js';
import { AXE_CONTEXT, AxeAudit } from '../lib/axe.js';
import {
  GREETING,
  PUBLIC_SCREENS,
  WIDTHS,
  adminScreens,
  memberScreens,
  navigate,
  settle,
  type Screen,
} from '../lib/screens.js';
import {
  AssertionError,
  assert,
  expectEventually,
  expectHidden,
  expectPath,
  expectVisible,
  isFocused,
  type E2ETest,
} from '../lib/harness.js';

/**
 * ARCHITECTURE.md D10: axe-core on every route of PRODUCT.md §2, for each role, at 1280 × 800 and 375 × 812, with no serious or
 * critical violation. One context per role (signed in once); each test checks every screen at both widths and
 * reports all the violations it found, with the elements, at the end.
 */

/**
 * Violations known and owned elsewhere, each with where it is being fixed: left out of the failure (and listed in
 * the test's output) so that a new violation still fails the suite. Remove an entry once its fix lands.
 */
const KNOWN_ISSUES: ReadonlyArray<{ rule: string; target: RegExp; why: string }> = [];

async function auditScreens(page: Page, screens: readonly Screen[], who: string): Promise<void> {
  const audit = new AxeAudit(page, KNOWN_ISSUES);
  let loaded = false;
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of screens) {
      if (loaded) await navigate(page, screen.path);
      else await page.goto(screen.path);
      loaded = true;
      await settle(page, screen);
      await audit.check(`${who} ${screen.path} at ${size.label}`);
    }
  }
  audit.assertClean();
}

// Public pages load afresh: several of them redirect or sign nothing in, which a history step would not show.
async function auditPublicScreens(page: Page, screens: readonly Screen[]): Promise<void> {
  const audit = new AxeAudit(page, KNOWN_ISSUES);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page, screen);
      await audit.check(`signed out ${screen.path} at ${size.label}`);
    }
  }
  audit.assertClean();
}

const TERMS_TITLE = 'Issuing Terms of Service';

const MAX_TABS = 60;

/** What has focus, for a failure message. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`
      : 'nothing';
  });
}

/** Presses Tab (or `key`) until `target` has focus, as a keyboard user would; fails if it never gets there. */
async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let presses = 1; presses <= MAX_TABS; presses++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new AssertionError(
    `${key} ×${MAX_TABS} never reached ${target.toString()} (focus is on ${await describeFocus(page)})`,
  );
}

/** Whether focus is inside `container`. */
function focusWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement)).catch(() => false);
}

/** The tops of the tabs of the page's (first) tab list, and whether antd's '...' menu of hidden tabs shows. */
async function tabRows(page: Page): Promise<{ labels: string[]; rows: number; moreMenu: boolean }> {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expectVisible(tabs);
  const boxes = await tabs.evaluateAll((elements) =>
    elements.map((element) => ({
      label: element.textContent ?? '',
      top: Math.round(element.getBoundingClientRect().top),
      shown: element.checkVisibility(),
    })),
  );
  const moreMenu = await page.locator('.ant-tabs-nav-more').first().isVisible();
  return {
    labels: boxes.filter((box) => box.shown).map((box) => box.label),
    rows: new Set(boxes.map((box) => box.top)).size,
    moreMenu,
  };
}

export const tests: E2ETest[] = [
  {
    name: 'accessibility: by keyboard alone an admin signs in, opens a card and funds it; the modal keeps focus and gives it back',
    timeoutMs: 60_000,
    async run({ page }) {
      // Sign in: the email field has focus on arrival.
      const form = await openLogin(page);
      await expectEventually(() => isFocused(form.email), true, 'the email field focused on arrival');
      await page.keyboard.type(ADMIN.email);
      await tabTo(page, form.password);
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await expectVisible(page.getByText(GREETING));

      // The sidebar's Cards, then an active card's tile.
      await tabTo(page, sidebar(page).getByRole('link', { name: 'Cards', exact: true }));
      await page.keyboard.press('Enter');
      await expectPath(page, '/cards');
      const tile = page.getByRole('link', { name: /\sActive\s*(Virtual|Physical) card ending in \d{4} / }).first();
      await expectVisible(tile);
      await tabTo(page, tile);
      await page.keyboard.press('Enter');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Card Details' }));

      // Fund Card opens the modal with focus in it; Tab stays inside; Escape closes it and focus is back on the button.
      const fundButton = page.getByRole('button', { name: 'Fund Card' });
      await tabTo(page, fundButton);
      await page.keyboard.press('Enter');
      const fund = dialog(page, 'Fund Card');
      await expectVisible(fund);
      await expectEventually(() => focusWithin(fund), true, 'focus inside the Fund Card modal once it opens');
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        assert(await focusWithin(fund), `Tab ×${i + 1} left the open modal (focus on ${await describeFocus(page)})`);
      }
      await page.keyboard.press('Escape');
      await expectHidden(fund);
      await expectEventually(() => isFocused(fundButton), true, 'focus back on Fund Card after Escape');

      // Again, and this time fund it: amount (focused first), description, Update Balance.
      await page.keyboard.press('Enter');
      await expectVisible(fund);
      const amount = fund.getByLabel(/^Amount/);
      await expectEventually(() => isFocused(amount), true, 'the amount field focused in the modal');
      await page.keyboard.type('1.00');
      await tabTo(page, fund.getByLabel('Description'));
      await page.keyboard.type('Funded by keyboard');
      await tabTo(page, fund.getByRole('button', { name: 'Update Balance' }));
      await page.keyboard.press('Enter');
      await expectVisible(notification(page, MESSAGES.cardBalanceUpdated));
      await expectHidden(fund);
      await expectEventually(() => isFocused(fundButton), true, 'focus back on Fund Card after funding');
    },
  },
  {
    name: "accessibility: Account Settings at 1280 px shows its eight tabs on one line, none behind a '...' menu; at 375 px they wrap",
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      await page.goto('/account-settings?tab=profile');
      const wide = await tabRows(page);
      assert(!wide.moreMenu && wide.labels.length === 8 && wide.rows === 1, `at 1280 px: ${JSON.stringify(wide)}`);
      await page.setViewportSize({ width: 375, height: 812 });
      await expectEventually(async () => (await tabRows(page)).labels.length, 8, 'tabs shown at 375 px');
      const narrow = await tabRows(page);
      assert(!narrow.moreMenu && narrow.rows > 1, `at 375 px: ${JSON.stringify(narrow)}`);
    },
  },
  {
    name: 'accessibility: axe finds no serious or critical violation on the public pages at 1280 and 375 px',
    context: AXE_CONTEXT,
    timeoutMs: 120_000,
    async run({ page }) {
      await auditPublicScreens(page, PUBLIC_SCREENS);
    },
  },
  {
    name: 'accessibility: axe finds no serious or critical violation on the admin pages and their tabs at 1280 and 375 px',
    context: AXE_CONTEXT,
    timeoutMs: 240_000,
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      await auditScreens(page, await adminScreens(page), 'admin');
    },
  },
  {
    name: 'accessibility: axe finds no serious or critical violation on the member pages at 1280 and 375 px',
    context: AXE_CONTEXT,
    timeoutMs: 120_000,
    async run({ page }) {
      await signIn(page, MEMBER.email, MEMBER.firstName);
      await auditScreens(page, await memberScreens(page), 'member');
    },
  },
  {
    name: 'accessibility: the issuing terms modal passes axe at each step and both widths, and Escape does not dismiss it',
    context: AXE_CONTEXT,
    timeoutMs: 90_000,
    async run({ page }) {
      await signIn(page, PRIYA.email, PRIYA.firstName);
      const audit = new AxeAudit(page, KNOWN_ISSUES);
      const modal = dialog(page, TERMS_TITLE);
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto('/dashboard');
        await expectVisible(modal);
        for (const step of [1, 2, 3]) {
          await settle(page, { path: '/dashboard' });
          await audit.check(`the terms modal, step ${step}, at ${size.label}`);
          // PRODUCT.md §2: the modal blocks the app; Escape leaves it (and the step) as it is.
          await page.keyboard.press('Escape');
          await expectVisible(modal);
          if (step < 3) await modal.getByRole('button', { name: 'Next' }).click();
          else await expectVisible(modal.getByRole('button', { name: 'Accept' }));
        }
      }
      audit.assertClean();
    },
  },
];
