import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** axe-core's own bundle, injected into each page checked (through the DevTools protocol, so no page policy stops it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What a Playwright or Puppeteer page offers: evaluating a script text and a function. */
interface Evaluates {
  evaluate<R>(fn: string | (() => R | Promise<R>)): Promise<R>;
}

/**
 * The axe-core violations of the page as it stands, one line each ("color-contrast: .pill.warning (4.44:1)"),
 * every WCAG 2.1 A and AA rule and axe's best practices. A report in a frame is checked on its own (its
 * own page), so frames are not entered here.
 */
export async function axeViolations(page: Evaluates): Promise<string[]> {
  await page.evaluate(`if (!window.axe) { ${AXE_SOURCE} }`);
  const json = await page.evaluate(
    `window.axe
      .run(document, { iframes: false, resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
      .then((r) => JSON.stringify(r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ') + (n.failureSummary ? ' [' + n.failureSummary.replace(/\\s+/g, ' ').slice(0, 160) + ']' : '')) }))))`,
  );
  const violations = JSON.parse(json as string) as Array<{ id: string; nodes: string[] }>;
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n}`));
}
