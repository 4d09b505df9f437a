import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { analyticsOptions, withSeededServer, type SeededServer } from './analytics.js';
import { ensureWebBuild, WEB_DIST } from './bundle.js';
import { cpuSummaryLines, summarizeCpuProfile, type CpuProfile } from './cpu-profile.js';
import { BENCH_ORG, figureTable, percentile, table, type Figure, verdict } from './helpers.js';

/**
 * npm run bench -- dashboard [--quick] (ISSUE 9, ARCHITECTURE.md D10): Debian's Chromium on a cold cache (a new, empty
 * profile and a fresh context each run) opens /login of a server serving the built SPA, and the time counts from
 * submitting the sign-in form to the dashboard's greeting and its three charts being drawn. With --waterfall, each run
 * also prints what happened after the submit: every request (start, end, bytes, as the page's Resource Timing saw
 * them) and the page's long tasks, to tell round trips in series from main-thread work. With --profile, each run also
 * records a CPU profile of the page's main thread from the submit to the dashboard drawn and prints where its time went
 * (self time by package or source file, through the build's source maps): main-thread CPU time compares runs when the
 * machine is too busy for wall times to mean much. --save <dir> writes each run's CPU profile (with --profile) and a
 * performance trace, both for Chrome DevTools. --type-delay <ms> types the email and the password a key at a time, as
 * a person does, instead of filling them at once (/login's idle time is then there, as it is for a person).
 */

/** Issue 19.7: the dashboard drawn within 0.6 s of signing in, on a cold cache. */
const TARGET_MS = 600;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Installed in the page before its own scripts (page source: the bench has no DOM types), as
 * window.benchDashboardDrawn(): true once the admin dashboard is there, the greeting and each chart with its first
 * shape drawn (as the e2e suite checks them; visible as Playwright means it: a box of some size, not
 * visibility: hidden). Checked at each animation frame: one cheap check instead of four locators polled from outside,
 * whose selector engines (a text search over the whole page among them) took some 40 ms of the very main thread being
 * measured.
 */
const DASHBOARD_DRAWN = `
  window.benchDashboardDrawn = () => {
    const visible = (element) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const greeting = [...document.querySelectorAll('h1')].some(
      (heading) => /^Good (Morning|Afternoon|Evening), Bench$/.test(heading.textContent.trim()) && visible(heading),
    );
    const bars = '.recharts-bar-rectangle path, path.recharts-rectangle';
    const drawn = (figure, shapes) => visible(figure?.querySelector(shapes));
    return (
      greeting &&
      drawn(document.querySelector('figure[aria-label="Available balance, month end"]'), '.recharts-area-area') &&
      drawn(document.querySelector('figure[aria-label="Spend per day"]'), bars) &&
      drawn(document.querySelector('figure[aria-label^="Available balance and spending"]'), bars)
    );
  };
`;

async function dashboardDrawn(page: Page, timeout: number) {
  // A function, not a string: the app's Content-Security-Policy forbids the page to eval one.
  await page.waitForFunction(
    () => (globalThis as unknown as { benchDashboardDrawn(): boolean }).benchDashboardDrawn(),
    undefined,
    { polling: 'raf', timeout },
  );
}

/** What the page measured after the submit (ms from the submit): its requests and its tasks of 50 ms or more. */
interface Waterfall {
  requests: Array<{ start: number; end: number; bytes: number; kind: string; url: string }>;
  longTasks: Array<{ start: number; duration: number }>;
  drawn: number;
}

/**
 * Run in the page before its own scripts (page source: the bench has no DOM types): the submit's time and every long
 * task, for the waterfall.
 */
const OBSERVE_SIGN_IN = `
  window.benchLongTasks = [];
  document.addEventListener('submit', () => (window.benchSubmittedAt ??= performance.now()), true);
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.benchLongTasks.push({ start: task.startTime, duration: task.duration });
  }).observe({ type: 'longtask' });
`;

/** Evaluated in the page once the dashboard is drawn: the Waterfall, in ms from the submit. */
const READ_WATERFALL = `(() => {
  const at = window.benchSubmittedAt ?? 0;
  return {
    requests: performance.getEntriesByType('resource')
      .filter((entry) => entry.responseEnd >= at)
      .map((entry) => ({
        start: entry.startTime - at,
        end: entry.responseEnd - at,
        bytes: entry.transferSize,
        kind: entry.initiatorType,
        url: entry.name.replace(location.origin, ''),
      })),
    longTasks: window.benchLongTasks
      .filter((task) => task.start + task.duration >= at)
      .map((task) => ({ start: task.start - at, duration: task.duration })),
    drawn: performance.now() - at,
  };
})()`;

function printWaterfall(run: number, { requests, longTasks, drawn }: Waterfall, log: (line: string) => void) {
  const ms = (value: number) => value.toFixed(0);
  log(`run ${run}: after the submit (ms), the dashboard drawn at ${ms(drawn)}`);
  const rows = [...requests]
    .sort((a, b) => a.start - b.start)
    .map((request) => [
      request.url.length > 90 ? `${request.url.slice(0, 89)}…` : request.url,
      request.kind,
      ms(request.start),
      ms(request.end),
      String(request.bytes),
    ]);
  for (const line of table([['request', 'by', 'start', 'end', 'bytes'], ...rows]).split('\n')) log(`  ${line}`);
  const busy = longTasks.reduce((sum, task) => sum + task.duration, 0);
  log(
    `  long tasks (start+duration): ${longTasks.map((task) => `${ms(task.start)}+${ms(task.duration)}`).join(' ') || 'none'}; ${ms(busy)} ms in all`,
  );
}

interface SignInOptions {
  /** Record the main thread's CPU profile from the submit to the dashboard drawn. */
  profile: boolean;
  /** Milliseconds between keys when typing the email and password; 0 fills them at once. */
  typeDelay: number;
  /** Where to write the run's performance trace (Chrome DevTools' Performance panel opens it). */
  traceFile?: string;
}

interface SignIn {
  ms: number;
  waterfall: Waterfall;
  /** With --profile: the main thread's CPU profile from the submit to the dashboard drawn. */
  profile?: CpuProfile;
}

/** One cold-cache sign-in: milliseconds from submitting the form to the dashboard drawn (and the page's waterfall). */
async function signInOnce(baseUrl: string, options: SignInOptions): Promise<SignIn> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: OBSERVE_SIGN_IN + DASHBOARD_DRAWN });
    await page.goto('/login');
    for (const [label, text] of [
      ['Email', BENCH_ORG.email],
      ['Password', BENCH_ORG.password],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      if (options.typeDelay) await field.pressSequentially(text, { delay: options.typeDelay });
      else await field.fill(text);
    }
    const traceEvents: unknown[] = [];
    const tracer = options.traceFile ? await context.newCDPSession(page) : undefined;
    if (tracer) {
      tracer.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
      await tracer.send('Tracing.start', {
        categories:
          'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,disabled-by-default-v8.cpu_profiler',
        transferMode: 'ReportEvents',
      });
    }
    const cdp = options.profile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const started = performance.now();
    await page
      .locator('form')
      .getByRole('button', { name: /sign in/i })
      .click();
    await dashboardDrawn(page, 30_000);
    const ms = performance.now() - started;
    const profile = cdp && ((await cdp.send('Profiler.stop')).profile as CpuProfile);
    if (tracer && options.traceFile) {
      const complete = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
      await tracer.send('Tracing.end');
      await complete;
      await fs.writeFile(options.traceFile, JSON.stringify({ traceEvents }));
    }
    return { ms, waterfall: await page.evaluate<Waterfall>(READ_WATERFALL), profile };
  } finally {
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  }
}

export async function dashboardFigures(
  { server, options }: SeededServer,
  runs: number,
  { waterfall = false, profile = false, save = undefined as string | undefined, typeDelay = 0 } = {},
): Promise<Figure[]> {
  const times: number[] = [];
  const busy: number[] = [];
  if (save) await fs.mkdir(save, { recursive: true });
  for (let run = 0; run < runs; run++) {
    options.log(`Chromium, cold cache: sign-in to dashboard, run ${run + 1} of ${runs}`);
    const saved = (name: string) => (save ? path.join(save, `dashboard-${run + 1}.${name}`) : undefined);
    const signIn = await signInOnce(server.baseUrl, { profile, typeDelay, traceFile: saved('trace.json') });
    times.push(signIn.ms);
    if (waterfall) printWaterfall(run + 1, signIn.waterfall, options.log);
    if (signIn.profile) {
      const profileFile = saved('cpuprofile');
      if (profileFile) await fs.writeFile(profileFile, JSON.stringify(signIn.profile));
      const summary = await summarizeCpuProfile(signIn.profile, WEB_DIST);
      busy.push(summary.busyMs);
      for (const line of cpuSummaryLines(summary)) options.log(`  ${line}`);
    }
  }
  const median = percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
  return [
    {
      name: `Sign-in to dashboard drawn, Chromium, cold cache${typeDelay ? `, typed at ${typeDelay} ms a key` : ''} (median of ${runs}: ${times.map((time) => time.toFixed(0)).join(', ')} ms)`,
      value: `${(median / 1000).toFixed(2)} s`,
      target: `<= ${TARGET_MS / 1000} s`,
      pass: median <= TARGET_MS,
      gate: true,
    },
    ...(busy.length
      ? [
          {
            name: `Main thread busy from the submit to the dashboard drawn (CPU profile; runs: ${busy.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
            value: `${(
              percentile(
                [...busy].sort((a, b) => a - b),
                50,
              ) / 1000
            ).toFixed(2)} s`,
            target: '',
            pass: null,
            gate: false,
          },
        ]
      : []),
  ];
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      runs: { type: 'string' },
      waterfall: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      save: { type: 'string' },
      'type-delay': { type: 'string' },
      expenses: { type: 'string' },
    },
    strict: true,
  });
  const quick = values.quick ?? false;
  const log = (line: string) => console.log(`[bench] ${line}`);
  await ensureWebBuild(log);
  const overrides = values.expenses ? { expenses: Number(values.expenses) } : {};
  const figures = await withSeededServer(analyticsOptions(quick, log, overrides), (context) =>
    dashboardFigures(context, Number(values.runs ?? (quick ? 1 : 3)), {
      waterfall: values.waterfall,
      profile: values.profile,
      save: values.save,
      typeDelay: Number(values['type-delay'] ?? 0),
    }),
  );
  console.log(`\n${figureTable(figures)}\n`);
  return verdict(figures);
}
