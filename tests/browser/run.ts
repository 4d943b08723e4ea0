/**
 * The browser suite: `node tests/browser/run.ts` (Node 24) after `npm run build`.
 * Serves dist/ at / and dist-lb/ (built here when missing or stale) at /lb/, launches one
 * Chromium, and runs every test in order. Prints `ok`/`not ok` per test and `N passed, M failed`.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DIST, DIST_LB, ensureSubpathBuild, LB_BASE, launch, runAll, serve, sitemapPages } from './harness.ts';
import type { Suite } from './harness.ts';
import './pages.ts';
import './cells.ts';
import './search.ts';
import './links.ts';
import './budgets.ts';
import './every-cell.ts';

const servers: Server[] = [];
let failed = 1;
try {
  const pages = sitemapPages(DIST);
  if (!existsSync(join(DIST, 'pagefind'))) console.log('# warning: dist/pagefind/ is missing (built without pagefind?); the search tests will fail. Run `npm run build`.');
  let lbError: string | undefined;
  let lbOrigin = '';
  let lbPages: Suite['pages'] = [];
  try {
    await ensureSubpathBuild();
    lbPages = sitemapPages(DIST_LB);
    const lb = await serve(DIST_LB, LB_BASE, 4398);
    servers.push(lb.server);
    lbOrigin = lb.origin;
  } catch (e) {
    lbError = e instanceof Error ? e.message : String(e);
    console.log(`# sub-path build unavailable: ${lbError.split('\n')[0]}`);
  }
  const main = await serve(DIST, '/', 4399);
  servers.push(main.server);
  const browser = await launch();
  console.log(`# ${pages.length} pages from dist/sitemap-0.xml at ${main.origin}; sub-path build at ${lbOrigin || '(none)'}${LB_BASE}`);
  try {
    failed = await runAll({ browser, origin: main.origin, lbOrigin, pages, lbPages, lbError });
  } finally {
    await browser.close();
  }
} catch (e) {
  console.log(`not ok - the suite could not start: ${e instanceof Error ? e.stack : String(e)}`);
  console.log('0 passed, 1 failed');
} finally {
  for (const s of servers) s.close();
}
process.exit(failed > 0 ? 1 : 0);
