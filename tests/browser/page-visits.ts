/**
 * The page visits (the project `visits`; lib/visits.ts says what a visit does): one test a page,
 * the pages with the most cells first (a long visit started last would end the phase with one
 * worker idle), each recorded for the tests that read it (the project `after-visits`). A visit
 * that fails is recorded as its error: the tests that read it fail with it.
 */
import { note, options, test } from './lib/fixtures.ts';
import { DIST, sitemapPages } from './lib/helpers.ts';
import { builtCellCount, recordVisit } from './lib/visits.ts';

const pages = sitemapPages(DIST);
const cells = new Map(pages.map((p) => [p.path, builtCellCount(p)]));
for (const p of [...pages].sort((a, b) => cells.get(b.path)! - cells.get(a.path)!)) {
  test(`page visit: ${p.path} (loaded, scrolled, axe, every cell run, 360 px; read by the tests of the project after-visits)`, options(300_000), async ({ suite: s }) => {
    const page = s.pages.find((q) => q.path === p.path);
    if (!page) throw new Error(`${p.path} is not in the sitemap the suite serves`);
    const error = await recordVisit(s, page);
    if (error) note(`the visit did not complete: ${error} (every test that reads it fails with this)`);
  });
}
