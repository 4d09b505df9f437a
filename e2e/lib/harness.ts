import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';

/** One browser test: a name and a body that gets a fresh context (no cookies, no storage) and a page in it. */
export interface E2ETest {
  name: string;
  /** Options for the fresh context (viewport and so on); baseURL is always set by the runner. */
  context?: BrowserContextOptions;
  /** How long the whole test may take (default: the runner's TEST_TIMEOUT_MS); flows across several people need more. */
  timeoutMs?: number;
  run(t: TestContext): Promise<void>;
}

export interface TestContext {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  baseURL: string;
  /**
   * A page in another fresh context (its own cookies: another person signed in, or nobody), set up like the first
   * one; the runner closes it with the test.
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /**
   * A page in a fresh context on a second server process sharing the first one's database (as behind a load
   * balancer); the runner stops that process with the test.
   */
  pageOnAnotherProcess(options?: BrowserContextOptions): Promise<Page>;
}

/** Default wait for anything a user should see. */
export const UI_TIMEOUT_MS = 10_000;

export class AssertionError extends Error {
  override name = 'AssertionError';
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

function describe(locator: Locator): string {
  return locator.toString();
}

/** Waits until the locator's first match is visible. */
export async function expectVisible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new AssertionError(`expected to see ${describe(locator)} within ${timeout} ms`);
  }
}

/** Waits until nothing matching is visible (a drawer or notice that animates away). */
export async function expectHidden(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const count = await locator.count();
    let shown = -1;
    for (let i = 0; i < count && shown < 0; i++) if (await locator.nth(i).isVisible()) shown = i;
    if (shown < 0) return;
    if (Date.now() > deadline) {
      const text = (
        await locator
          .nth(shown)
          .innerText()
          .catch(() => '')
      )
        .trim()
        .slice(0, 300);
      throw new AssertionError(
        `expected ${describe(locator)} to go away within ${timeout} ms, but it shows${text ? `: "${text}"` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asserts nothing matching is visible now (call it once the page has settled). */
export async function expectNoneVisible(locator: Locator): Promise<void> {
  const count = await locator.count();
  for (let i = 0; i < count; i++) {
    if (await locator.nth(i).isVisible()) {
      const text = (
        await locator
          .nth(i)
          .innerText()
          .catch(() => '')
      ).trim();
      throw new AssertionError(`expected not to see ${describe(locator)}, but it shows${text ? `: "${text}"` : ''}`);
    }
  }
}

/** The path (and query) of the page, e.g. '/login'. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page's path is `pathname` (query ignored). */
export async function expectPath(page: Page, pathname: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
  } catch {
    throw new AssertionError(
      `expected to be on ${pathname} within ${timeout} ms, but the page is at ${currentPath(page)}`,
    );
  }
}

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  assert(a === e, `${what}: expected ${e}, got ${a}`);
}

/** Whether the element is the document's focused element. */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Polls `read` until its value equals `expected` (compared as JSON), for what the page shows once it has
 * settled (a list after a save, a total after a reload).
 */
export async function expectEventually<T>(
  read: () => Promise<T>,
  expected: T,
  what: string,
  timeout = UI_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeout;
  const want = JSON.stringify(expected);
  let got = '';
  for (;;) {
    got = JSON.stringify(
      await read().catch(
        (error: unknown) =>
          `(could not read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      ),
    );
    if (got === want) return;
    if (Date.now() > deadline) throw new AssertionError(`${what}: expected ${want} within ${timeout} ms, got ${got}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `text` as a literal inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Counts the page's requests in flight from now on, leaving out the live-event stream (it stays open while signed
 * in, so Playwright's 'networkidle' never comes). `settled()` resolves once none has been in flight for `quietMs`.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const counted = (request: { resourceType(): string }) => request.resourceType() !== 'eventsource';
  page.on('request', (request) => {
    if (!counted(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(quietMs = 500, timeout = UI_TIMEOUT_MS): Promise<void> {
      const deadline = Date.now() + timeout;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new AssertionError(`${inFlight.size} requests still in flight after ${timeout} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
