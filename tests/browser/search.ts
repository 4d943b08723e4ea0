/**
 * Search: Pagefind's per-language index, opened from `.search-open`, answers a chapter's words
 * with a link to that chapter (in the root build and in the sub-path build).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assert, DIST, DIST_LB, lbSuite, note, test, withPage } from './harness.ts';
import type { Suite } from './harness.ts';

async function searchFinds(s: Suite, origin: string, from: string, query: string, want: string): Promise<void> {
  await withPage(s, { allowedOrigin: origin }, async (page, rec) => {
    await page.goto(new URL(from, origin).href);
    const open = page.locator('.search-open');
    assert(await open.isVisible(), '.search-open is not visible');
    await open.click();
    const input = page.locator('#search-input');
    assert(await input.isVisible(), '#search-input is not visible after opening the search');
    await input.pressSequentially(query, { delay: 30 });
    const started = Date.now();
    let hrefs: string[] = [];
    while (Date.now() - started < 6000) {
      hrefs = await page.$$eval('.search-results a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      if (hrefs.some((h) => new URL(h).pathname === want)) break;
      await page.waitForTimeout(100);
    }
    const paths = hrefs.map((h) => new URL(h).pathname);
    note(`"${query}" on ${from}: ${paths.length} result(s) after ${Date.now() - started} ms: ${paths.join(', ')}`);
    const problems = [...rec.pageErrors.map((e) => `uncaught: ${e.split('\n')[0]}`), ...rec.failedRequests.map((r) => `failed request: ${r}`), ...rec.foreignRequests.map((r) => `request to another origin: ${r}`)];
    const index = join(origin === s.lbOrigin ? DIST_LB : DIST, 'pagefind', 'pagefind.js');
    if (!existsSync(index)) problems.unshift(`${index} does not exist: the build under test has no search index (\`astro build\` without \`pagefind --site\`? run \`npm run build\`)`);
    assert(paths.includes(want), `no link to ${want} among .search-results a within 6 s (found: ${paths.join(', ') || 'none'}; status: "${(await page.locator('.search-status').textContent().catch(() => ''))?.trim()}")${problems.length ? `\n${problems.join('\n')}` : ''}`);
    const hit = hrefs.find((h) => new URL(h).pathname === want)!;
    assert(new URL(hit).origin === origin, `the result link ${hit} leaves the site`);
    assert(problems.length === 0, problems.join('\n'));
  });
}

test('search: on the Korean chapter page, 선택 finds /power-of-two-choices/', (s) => searchFinds(s, s.origin, '/power-of-two-choices/', '선택', '/power-of-two-choices/'));

test('search: on the English chapter page, choices finds /en/power-of-two-choices/', (s) => searchFinds(s, s.origin, '/en/power-of-two-choices/', 'choices', '/en/power-of-two-choices/'));

test('search in the sub-path build (/lb/): choices finds /lb/en/power-of-two-choices/', async (s) => {
  const lb = lbSuite(s);
  await searchFinds(lb, lb.origin, '/lb/en/power-of-two-choices/', 'choices', '/lb/en/power-of-two-choices/');
});
