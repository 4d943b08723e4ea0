/**
 * The browser suite's global setup (playwright.config.ts), once per run before any worker starts:
 * waits for Debian's Chromium (a fresh machine may still be installing it), checks the build,
 * serves dist/ at / for every worker (LB_ORIGIN: one origin, so the page visits' records read the
 * same in every worker) and makes the directory the page visits are recorded in (LB_VISITS_DIR).
 * Returns the teardown.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, serve, sitemapPages, waitForChromium } from './helpers.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  await waitForChromium();
  const pages = sitemapPages(DIST);
  if (!existsSync(join(DIST, 'pagefind'))) console.log('# warning: dist/pagefind/ is missing (built without pagefind?); the search tests will fail. Run `npm run build`.');
  const main = await serve(DIST, '/', 4399);
  const visits = mkdtempSync(join(tmpdir(), 'lb-visits-'));
  process.env.LB_ORIGIN = main.origin;
  process.env.LB_VISITS_DIR = visits;
  console.log(`# ${pages.length} pages from dist/sitemap-0.xml at ${main.origin}`);
  return async () => {
    await new Promise((ok) => main.server.close(ok));
    rmSync(visits, { recursive: true, force: true });
  };
}
