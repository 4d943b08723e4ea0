/**
 * The browser suite: `npm run test:browser [-- --grep <text>]` after `npm run build`.
 * Serves dist/ at / and dist-lb/ (built here when missing or stale; `npm test` builds it in its
 * lanes) at /lb/, launches one Chromium, and runs the registered tests on node:test (runner.ts):
 * a few at once, the ones that measure time alone, each with a timeout that stops it.
 * `--grep <text>` (or TEST_GREP) runs only the tests whose names contain the text, and fails when
 * none does. The tests that measure time (long tasks, cancel latency: the `quiet` and `alone`
 * groups) run only with LB_PERF=1, as `npm run test:perf` sets it; `npm test` runs the rest.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { DIST, DIST_LB, ensureSubpathBuild, LB_BASE, launch, registered, serve, sitemapPages } from './harness.ts';
import type { Suite } from './harness.ts';
import { runTests } from './runner.ts';
import './pages.ts';
import './cells.ts';
import './search.ts';
import './links.ts';
import './budgets.ts';
import './every-cell.ts';
import './safe.ts';
import './figures.ts';
import './follow.ts';
import './share.ts';
import './flow.ts';
import './hand.ts';
import './ring-hand.ts';
import './claims-table.ts';
import './reader.ts';
import './particles.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--grep');
const filter = at >= 0 ? args[at + 1] : process.env.TEST_GREP || undefined;
if (at >= 0 && !filter) {
  console.error('--grep needs a text to look for in test names');
  process.exit(2);
}
const concurrency = Number(process.env.BROWSER_CONCURRENCY ?? 3);

const servers: Server[] = [];
let browser: Browser | undefined;
let suite: Suite | undefined;

const chosen = runTests(
  registered(),
  () => {
    if (!suite) throw new Error('the suite did not start (see the before hook)');
    return suite;
  },
  { filter, concurrency, perf: process.env.LB_PERF === '1', beforeAlone: waitForQuiet, onAlone: saySuiteIsLight },
);

/**
 * `npm test` names a file (LB_ALONE_FILE) that appears when this suite reaches its last group (two
 * timing tests that keep a few tenths of a core busy): the cost model's test starts then, beside them.
 */
function saySuiteIsLight(): void {
  if (process.env.LB_ALONE_FILE) writeFileSync(process.env.LB_ALONE_FILE, 'alone\n');
}

/**
 * `npm test` runs this suite beside its unit-test lane and names a file (LB_QUIET_FILE) that
 * appears when that lane is done: the tests that measure time wait for it.
 */
async function waitForQuiet(): Promise<void> {
  const file = process.env.LB_QUIET_FILE;
  if (!file || existsSync(file)) return;
  const started = Date.now();
  console.log('# waiting for the unit-test lane to end before the timing tests');
  while (!existsSync(file)) await new Promise((r) => setTimeout(r, 250));
  console.log(`# waited ${((Date.now() - started) / 1000).toFixed(1)} s for the unit-test lane`);
}

if (chosen.length) {
  before(async () => {
    const pages = sitemapPages(DIST);
    if (!existsSync(join(DIST, 'pagefind'))) console.log('# warning: dist/pagefind/ is missing (built without pagefind?); the search tests will fail. Run `npm run build`.');
    let lbError: string | undefined;
    let lbOrigin = '';
    let lbPages: Suite['pages'] = [];
    const needsLb = chosen.some((t) => t.name.includes('/lb/') || t.name.includes('sub-path'));
    try {
      if (needsLb) await ensureSubpathBuild();
      if (existsSync(join(DIST_LB, 'sitemap-0.xml'))) {
        lbPages = sitemapPages(DIST_LB);
        const lb = await serve(DIST_LB, LB_BASE, 4398);
        servers.push(lb.server);
        lbOrigin = lb.origin;
      } else lbError = 'dist-lb/ was not built';
    } catch (e) {
      lbError = e instanceof Error ? e.message : String(e);
      console.log(`# sub-path build unavailable: ${lbError.split('\n')[0]}`);
    }
    const main = await serve(DIST, '/', 4399);
    servers.push(main.server);
    browser = await launch();
    console.log(`# ${pages.length} pages from dist/sitemap-0.xml at ${main.origin}; sub-path build at ${lbOrigin || '(none)'}${LB_BASE}; ${chosen.length} tests, up to ${concurrency} at once`);
    suite = { browser, origin: main.origin, lbOrigin, pages, lbPages, lbError };
  });
  after(async () => {
    await browser?.close();
    for (const s of servers) s.close();
  });
}
