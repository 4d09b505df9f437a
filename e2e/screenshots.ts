import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN, MEMBER, PRIYA, dialog, signIn } from './lib/app.js';
import { expectVisible } from './lib/harness.js';
import { PUBLIC_SCREENS, WIDTHS, adminScreens, memberScreens, settle, type Screen } from './lib/screens.js';
import { startServer } from './lib/server.js';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.js';

/**
 * `node --import tsx e2e/screenshots.ts [folder]` (after `npm run build`): a full-page screenshot of every route of
 * PRODUCT.md §2 at 1280 × 800 and 375 × 812, as an admin, a member, signed out, and the issuing terms modal's three
 * steps, into the folder (default /tmp/shots), on a fresh server with the demo organisation. It prints each file and
 * flags a page that scrolls sideways; the pictures are for a person to look at (issue 18: every screen fits).
 */

const TERMS_TITLE = 'Issuing Terms of Service';

const folder = path.resolve(process.argv[2] ?? '/tmp/shots');

function fileName(who: string, width: number, screenPath: string): string {
  const slug = screenPath
    .replace(/^\//, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/-$/, '')
    .slice(0, 60);
  return `${who}-${width}-${slug || 'root'}.png`;
}

/** Saves the page and says whether it scrolls sideways (its content wider than the window). */
async function shoot(page: Page, file: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.screenshot({ path: path.join(folder, file), fullPage: true });
  console.log(`${overflow > 0 ? `SIDEWAYS SCROLL (${overflow} px) ` : ''}${file}`);
}

async function shootScreens(page: Page, who: string, screens: readonly Screen[]): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page, screen).catch((error: unknown) => console.log(`NOT SETTLED ${screen.path}: ${String(error)}`));
      await shoot(page, fileName(who, size.width, screen.path));
    }
  }
}

async function signedIn(browser: Browser, baseURL: string, email: string, firstName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, firstName);
  return page;
}

async function main(): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const publicPage = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
    await shootScreens(publicPage, 'public', PUBLIC_SCREENS);

    const admin = await signedIn(browser, server.baseURL, ADMIN.email, ADMIN.firstName);
    await shootScreens(admin, 'admin', await adminScreens(admin));

    const member = await signedIn(browser, server.baseURL, MEMBER.email, MEMBER.firstName);
    await shootScreens(member, 'member', await memberScreens(member));

    // A new cardholder: the terms modal blocks the app until accepted (left unaccepted here).
    const holder = await signedIn(browser, server.baseURL, PRIYA.email, PRIYA.firstName);
    const modal = dialog(holder, TERMS_TITLE);
    for (const size of WIDTHS) {
      await holder.setViewportSize({ width: size.width, height: size.height });
      await holder.goto('/dashboard');
      for (const step of [1, 2, 3]) {
        await expectVisible(modal);
        await settle(holder, { path: '/dashboard' });
        await shoot(holder, `terms-${size.width}-step-${step}.png`);
        if (step < 3) await modal.getByRole('button', { name: 'Next' }).click();
      }
    }
  } finally {
    await browser.close();
    const problems = await server.stop();
    if (problems.length) console.error(problems.join('\n'));
  }
}

await main();
