import type { Page } from 'playwright-core';
import { AssertionError, UI_TIMEOUT_MS, escapeRegExp } from './harness.js';

/**
 * The development outbox at /dev/mailbox (admins only; the e2e server runs with NODE_ENV=development): a table
 * of the mails sent, newest first, each linking to /dev/mailbox/{id}, which shows the text part in a <pre>.
 */

export interface MailQuery {
  /** The recipient's address. */
  to: string;
  /** Text the subject contains. */
  subject: string | RegExp;
}

/**
 * Opens the newest mail to `to` whose subject matches, on `page` (an admin's), and returns its text part. Mail
 * goes out through a job queue, so the list is reloaded until the mail is there.
 */
export async function readMail(page: Page, query: MailQuery, timeout = UI_TIMEOUT_MS): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const response = await page.goto('/dev/mailbox');
    if (!response?.ok())
      throw new AssertionError(`GET /dev/mailbox answered ${response?.status()} (is the server in development mode?)`);
    const row = page
      .getByRole('row')
      .filter({ hasText: query.to })
      .filter({ has: page.getByRole('link', { name: query.subject }) })
      .first();
    if ((await row.count()) > 0) {
      await row.getByRole('link', { name: query.subject }).click();
      await page.waitForURL(/\/dev\/mailbox\/\d+$/);
      return (await page.locator('pre').innerText()).trim();
    }
    if (Date.now() > deadline) {
      const listed = (await page.locator('tbody tr').allInnerTexts())
        .slice(0, 10)
        .map((text) => text.replace(/\s+/g, ' '));
      throw new AssertionError(
        `no mail to ${query.to} with subject ${String(query.subject)} in /dev/mailbox within ${timeout} ms; newest: ${JSON.stringify(listed)}`,
      );
    }
    await page.waitForTimeout(500);
  }
}

/** The URL after `label:` in a mail's text part (the layout lists every button as 'Label: URL'). */
export function linkIn(text: string, label: string): URL {
  const match = new RegExp(`^${escapeRegExp(label)}: (\\S+)$`, 'm').exec(text);
  if (!match?.[1]) throw new AssertionError(`the mail has no '${label}: <url>' line:\n${text}`);
  return new URL(match[1]);
}
