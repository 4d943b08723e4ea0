/**
 * The browser suite's fixtures on @playwright/test (playwright.config.ts): `suite`, one per worker,
 * holds the worker's Chromium (Playwright's `browser`, Debian's through launchOptions), the origin
 * of the static server global-setup.ts started for dist/, a server of its own for dist-lb/ under
 * /lb/, and both builds' page lists from their sitemaps. `options(timeout, group)` gives a test its
 * timeout and group (the projects select by group); `note` keeps a line printed under the test's
 * result even when it passes (notes-reporter.ts).
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import type { TestDetails } from '@playwright/test';
import { DIST, DIST_LB, LB_BASE, serve, sitemapPages } from './helpers.ts';
import type { Suite } from './helpers.ts';

/**
 * `any`: runs beside the page visits. `after-visits`: reads the page visits (visits.ts); runs once
 * they are done (the project `after-visits` depends on `visits`). `quiet`: measures time with a wide
 * margin (cancel latency against a bound tens of times what it takes); `alone`: measures time
 * closely (long tasks), one at a time, after the quiet ones. `quiet` and `alone` run only under
 * `npm run test:perf` (LB_PERF=1).
 */
export type Group = 'any' | 'after-visits' | 'quiet' | 'alone';

/** A test's details: its group as a tag (`@after-visits`, …) and its timeout, read by the `timeout` fixture. */
export function options(timeout?: number, group: Group = 'any'): TestDetails {
  return {
    ...(group === 'any' ? {} : { tag: `@${group}` }),
    ...(timeout === undefined ? {} : { annotation: { type: 'timeout', description: String(timeout) } }),
  };
}

/** A line printed under the test's result, pass or fail (timings, sizes). */
export function note(text: string): void {
  test.info().annotations.push({ type: 'note', description: text });
}

export const test = base.extend<{ timeout: void }, { suite: Suite }>({
  suite: [
    async ({ browser }, use) => {
      const origin = process.env.LB_ORIGIN;
      if (!origin) throw new Error('LB_ORIGIN is not set: run the suite through playwright.config.ts (npm run test:browser), whose global setup serves dist/');
      let lbServer: Server | undefined;
      let lbOrigin = '';
      let lbPages: Suite['pages'] = [];
      let lbError: string | undefined;
      if (existsSync(join(DIST_LB, 'sitemap-0.xml'))) {
        lbPages = sitemapPages(DIST_LB);
        const lb = await serve(DIST_LB, LB_BASE, 0);
        lbServer = lb.server;
        lbOrigin = lb.origin;
      } else lbError = 'dist-lb/ was not built (the project `subpath` builds it first: run a test whose name says /lb/ or sub-path, or `npm run build:lb`)';
      await use({ browser, origin, lbOrigin, pages: sitemapPages(DIST), lbPages, lbError });
      lbServer?.close();
    },
    { scope: 'worker' },
  ],
  // The test's own timeout (options()), set before it starts.
  timeout: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use, testInfo) => {
      const t = testInfo.annotations.find((a) => a.type === 'timeout');
      if (t) testInfo.setTimeout(Number(t.description));
      await use();
    },
    { auto: true },
  ],
});
