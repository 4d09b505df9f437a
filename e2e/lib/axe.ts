import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsDone } from './animations.js';
import { AssertionError } from './harness.js';

/**
 * axe-core in the page (ARCHITECTURE.md D10: WCAG 2.1 AA, no serious or critical violation on any route). The script comes
 * from node_modules (nothing is downloaded while the suite runs) and is injected once per document.
 */

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Options for the context of a test that runs axe: the app's Content-Security-Policy (script-src 'self') refuses
 * the injected script otherwise. Only the test's own script gets through; the app's pages are as served.
 */
export const AXE_CONTEXT = { bypassCSP: true } as const;

/** The rules of WCAG 2.0 and 2.1 A and AA, and axe's best practices (a best practice fails only when serious). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** WCAG 2.5.3 (label in name) is still 'experimental' in axe, off unless asked for. */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

async function inject(page: Page): Promise<void> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
}

/** The serious and critical violations on the page as it is now (the whole document, portals included). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await inject(page);
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      type Axe = { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      // Only what a report needs (the full result holds every check's data).
      return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
      }));
    },
    { tags: TAGS, rules: EXTRA_RULES },
  );
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

const MAX_NODES_REPORTED = 5;

/** A readable report: each rule, its help page, and the elements that break it (their selector and markup). */
export function formatViolations(where: string, violations: readonly AxeViolation[]): string {
  const lines = [`${where}:`];
  for (const violation of violations) {
    lines.push(
      `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} element(s)) ${violation.helpUrl}`,
    );
    for (const node of violation.nodes.slice(0, MAX_NODES_REPORTED)) {
      lines.push(`    ${node.target.map(String).join(' >> ')}`);
      lines.push(`      ${node.html.replace(/\s+/g, ' ').slice(0, 200)}`);
      const summary = node.failureSummary?.split('\n').slice(1).join(' ').trim();
      if (summary) lines.push(`      ${summary.slice(0, 300)}`);
    }
    if (violation.nodes.length > MAX_NODES_REPORTED)
      lines.push(`    … and ${violation.nodes.length - MAX_NODES_REPORTED} more`);
  }
  return lines.join('\n');
}

/** A violation known and owned elsewhere: its rule, the elements (selector or markup) it covers, and why it waits. */
export interface KnownIssue {
  rule: string;
  target: RegExp;
  why: string;
}

function isKnown(known: readonly KnownIssue[], rule: string, node: AxeNode): boolean {
  const where = `${node.target.map(String).join(' ')} ${node.html}`;
  return known.some((issue) => issue.rule === rule && issue.target.test(where));
}

/**
 * Collects axe's findings over several pages and states of one test, so one run reports every screen that fails
 * rather than stopping at the first. Elements covered by a known issue are left out (and counted in the log).
 */
export class AxeAudit {
  private readonly reports: string[] = [];
  private readonly knownSeen = new Map<KnownIssue, number>();
  checked = 0;

  constructor(
    private readonly page: Page,
    private readonly known: readonly KnownIssue[] = [],
  ) {}

  async check(where: string): Promise<void> {
    this.checked++;
    // A dialog or drawer still fading in or out reads as low contrast: judge the screen once it stands still.
    await animationsDone(this.page);
    const violations: AxeViolation[] = [];
    for (const violation of await seriousViolations(this.page)) {
      const nodes = violation.nodes.filter((node) => !isKnown(this.known, violation.id, node));
      for (const issue of this.known) {
        const covered = violation.nodes.filter((node) => isKnown([issue], violation.id, node)).length;
        if (covered) this.knownSeen.set(issue, (this.knownSeen.get(issue) ?? 0) + covered);
      }
      if (nodes.length > 0) violations.push({ ...violation, nodes });
    }
    if (violations.length > 0) this.reports.push(formatViolations(where, violations));
  }

  /** Fails with every report collected, if any; logs the known issues met on the way. */
  assertClean(): void {
    for (const [issue, count] of this.knownSeen)
      console.log(`    axe: known issue ${issue.rule} (${count} element(s)) left out: ${issue.why}`);
    if (this.reports.length === 0) return;
    throw new AssertionError(
      `axe found serious or critical violations on ${this.reports.length} of ${this.checked} screens:\n${this.reports.join('\n')}`,
    );
  }
}
