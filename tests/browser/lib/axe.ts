/**
 * axe, one way for the whole suite (through @axe-core/playwright): WCAG 2.2 A and AA rules and
 * axe's best practices (landmarks, heading order, empty table headers: they add about nothing to a
 * pass, whose time is mostly colour contrast), in the whole page or only in what `include`
 * selects, as one line per violated rule.
 *
 * Legacy mode runs axe in the page itself; the default opens a blank page for every call to join
 * the results of the frames (about half of axe's time here). The site's pages have no frames,
 * and the page visits check that they still have none (lib/visits.ts). Only violations are processed
 * in full (`resultTypes`): passes and the rest are what the suite never reads, and skipping their
 * details takes about 40% off every call (measured on a chapter page: 2.2 s against 1.35 s).
 */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's source (1.5 MB) goes into a page once, and stays until the page navigates: the
 * integration otherwise sends and compiles it twice on every call in legacy mode (about 0.2 s of
 * the renderer's time a call, four calls a page visit). AxeBuilder gets a stand-in source that only
 * checks it is there (its documented `axeSource` option), then configures and runs axe as always.
 */
const IN_PAGE = "if (typeof window.axe !== 'object') throw new Error('axe-core is not in the page (tests/browser/axe.ts)');";
async function ensureAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function axeViolations(page: Page, include?: string | string[], rules?: string[]): Promise<string[]> {
  await ensureAxe(page);
  let builder = new AxeBuilder({ page, axeSource: IN_PAGE }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS).setLegacyMode(true);
  for (const sel of include === undefined ? [] : Array.isArray(include) ? include : [include]) builder = builder.include(sel);
  if (rules) builder = builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 6)
      .map((n) => JSON.stringify(n.target))
      .join(', ');
    const why = (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim();
    return `${v.id} (${v.impact ?? '?'}): ${v.help} — ${v.nodes.length} node(s): ${targets}${v.nodes.length > 6 ? ', …' : ''}${why ? ` — first: ${why}` : ''}`;
  });
}
