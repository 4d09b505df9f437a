import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { UI_TIMEOUT_MS, type E2ETest } from './lib/harness.js';
import { startAnotherProcess, startServer, type RunningServer } from './lib/server.js';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.js';

/**
 * End-to-end runner: `node --import tsx e2e/run.ts [name filter]` (after `npm run build`).
 * Starts the real server with a fresh embedded PostgreSQL, runs every test of e2e/tests/*.ts in its own browser
 * context, stops everything and exits non-zero when a test failed.
 *
 * Tests run one at a time, files in name order, against one server and one database seeded with the demo
 * organisation: what a test changes (a card added, a member removed) is there for the tests after it, so each
 * test looks up what it needs rather than assuming the untouched seed, and leaves shared setup (Engineering's
 * approval path) as it found it.
 */

const e2eDir = import.meta.dirname;
const artifactsDir = path.join(e2eDir, 'artifacts');
const TEST_TIMEOUT_MS = 45_000;

interface Result {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

async function loadTests(filter: string | undefined): Promise<E2ETest[]> {
  const dir = path.join(e2eDir, 'tests');
  const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.ts')).sort();
  const tests: E2ETest[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { tests?: E2ETest[] };
    if (!Array.isArray(module.tests)) throw new Error(`e2e/tests/${file} must export \`tests: E2ETest[]\``);
    tests.push(...module.tests);
  }
  const names = new Set<string>();
  for (const test of tests) {
    if (names.has(test.name)) throw new Error(`two e2e tests are named "${test.name}"`);
    names.add(test.name);
  }
  return filter ? tests.filter((test) => test.name.toLowerCase().includes(filter.toLowerCase())) : tests;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${seconds(ms)}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions | undefined,
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

async function runTest(browser: Browser, server: RunningServer, test: E2ETest): Promise<Result> {
  const { baseURL } = server;
  const started = Date.now();
  const context = await newContext(browser, baseURL, test.context);
  const extraContexts: BrowserContext[] = [];
  const page = await context.newPage();
  const pages = [page];
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const newPage = async (options?: BrowserContextOptions) => {
    const extra = await newContext(browser, baseURL, { ...test.context, ...options });
    extraContexts.push(extra);
    const extraPage = await extra.newPage();
    pages.push(extraPage);
    extraPage.on('pageerror', (error) => pageErrors.push(error.message));
    return extraPage;
  };
  const otherProcesses: Array<{ stop(): Promise<void> }> = [];
  const pageOnAnotherProcess = async (options?: BrowserContextOptions) => {
    const other = await startAnotherProcess(server);
    otherProcesses.push(other);
    const extra = await newContext(browser, other.baseURL, { ...test.context, ...options });
    extraContexts.push(extra);
    const extraPage = await extra.newPage();
    pages.push(extraPage);
    extraPage.on('pageerror', (error) => pageErrors.push(error.message));
    return extraPage;
  };
  try {
    await withTimeout(
      test.run({ page, context, browser, baseURL, newPage, pageOnAnotherProcess }),
      test.timeoutMs ?? TEST_TIMEOUT_MS,
      'the test',
    );
    return { name: test.name, ok: true, ms: Date.now() - started };
  } catch (error) {
    let message =
      error instanceof Error
        ? error.name === 'AssertionError'
          ? error.message
          : (error.stack ?? error.message)
        : String(error);
    message += `\n    at ${pages
      .filter((each) => !each.isClosed())
      .map((each) => each.url())
      .join(', ')}`;
    if (pageErrors.length) message += `\n    uncaught errors in the page:\n      ${pageErrors.join('\n      ')}`;
    await fs.mkdir(artifactsDir, { recursive: true });
    // One screenshot per page of the test (the first page's, then one per extra context).
    for (const [index, each] of pages.entries()) {
      const shot = path.join(artifactsDir, `${slug(test.name)}${index === 0 ? '' : `-${index + 1}`}.png`);
      const saved = await each.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (saved) message += `\n    screenshot: ${path.relative(process.cwd(), shot)}`;
    }
    return { name: test.name, ok: false, ms: Date.now() - started, error: message };
  } finally {
    for (const extra of extraContexts) await extra.close().catch(() => undefined);
    await context.close().catch(() => undefined);
    for (const other of otherProcesses) await other.stop();
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const tests = await loadTests(process.argv[2]);
  if (tests.length === 0) {
    console.error(`No e2e test matches "${process.argv[2] ?? ''}".`);
    return 1;
  }

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let interrupted = false;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    return (await server?.stop()) ?? [];
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const results: Result[] = [];
  let problems: string[] = [];
  try {
    server = await startServer();
    console.log(
      `e2e: server ready at ${server.baseURL} after ${seconds(Date.now() - started)} (DATA_DIR ${server.dataDir})`,
    );
    // The runner handles Ctrl-C itself (playwright's own handler would exit before the server is stopped).
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });

    for (const test of tests) {
      if (interrupted) break;
      const result = await runTest(browser, server, test);
      if (interrupted) break; // a test cut short by Ctrl-C did not fail
      results.push(result);
      console.log(`${result.ok ? '✓' : '✗'} ${result.name} (${seconds(result.ms)})`);
      if (result.error) console.log(`    ${result.error.split('\n').join('\n    ')}`);
    }
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    problems.push('the suite could not run');
  } finally {
    const failedAny = results.some((result) => !result.ok);
    const printServerOutput = async () => {
      const output = server!.output();
      const tail = output.split('\n').slice(-60).join('\n');
      await fs.mkdir(artifactsDir, { recursive: true });
      const log = path.join(artifactsDir, 'server-output.log');
      await fs.writeFile(log, output);
      console.log(
        `\n--- server output (last lines; all of it in ${path.relative(process.cwd(), log)}) ---\n${tail}\n--- end of server output ---`,
      );
    };
    if (failedAny && server) await printServerOutput();
    const outputBeforeStop = server?.output().length ?? 0;
    const stopProblems = await cleanUp();
    // A server that stopped badly usually says why on the way out.
    if (stopProblems.length > 0 && server && server.output().length > outputBeforeStop) await printServerOutput();
    problems = [...problems, ...stopProblems];
  }

  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  for (const problem of problems) console.error(`e2e: ${problem}`);
  console.log(
    `\n${passed} passed, ${failed} failed${results.length < tests.length ? `, ${tests.length - results.length} not run` : ''} ` +
      `in ${seconds(Date.now() - started)}`,
  );
  return failed > 0 || problems.length > 0 || results.length < tests.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
