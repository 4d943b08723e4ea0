/**
 * Search: Pagefind's per-language index, opened from `.search-open`, answers a chapter's words
 * with a link to that chapter (in the root build and in the sub-path build); a section's name
 * opens that section, whose page marks the terms; excerpts are the prose (no verdict badges, no
 * TeX source); the home page's teasers do not answer for the chapters.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { t } from '../../src/i18n/index.ts';
import { note, test } from './lib/fixtures.ts';
import { builtDocument, assert, DIST, DIST_LB, lbSuite, Problems, withPage } from './lib/helpers.ts';
import type { Locale, Suite } from './lib/helpers.ts';

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

test('search: on the Korean chapter page, 선택 finds /power-of-two-choices/', ({ suite: s }) => searchFinds(s, s.origin, '/power-of-two-choices/', '선택', '/power-of-two-choices/'));

test('search: on the English chapter page, choices finds /en/power-of-two-choices/', ({ suite: s }) => searchFinds(s, s.origin, '/en/power-of-two-choices/', 'choices', '/en/power-of-two-choices/'));

test('search in the sub-path build (/lb/): choices finds /lb/en/power-of-two-choices/', async ({ suite: s }) => {
  const lb = lbSuite(s);
  await searchFinds(lb, lb.origin, '/lb/en/power-of-two-choices/', 'choices', '/lb/en/power-of-two-choices/');
});

/** Types `query` into the open search and waits until its results stop changing; returns them in order. */
async function resultsFor(page: Page, query: string): Promise<{ href: string; excerpt: string }[]> {
  if (!(await page.locator('.search-dialog').evaluate((d) => (d as HTMLDialogElement).open))) await page.locator('.search-open').click();
  const input = page.locator('#search-input');
  await input.fill('');
  await input.pressSequentially(query, { delay: 30 });
  const read = () =>
    page.$$eval('.search-results li', (lis) =>
      lis.map((li) => ({ href: (li.querySelector('a') as HTMLAnchorElement | null)?.href ?? '', excerpt: li.querySelector('p')?.textContent ?? '' })),
    );
  let last = '';
  let stableSince = Date.now();
  const started = Date.now();
  while (Date.now() - started < 8000) {
    const now = JSON.stringify(await read());
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (now !== '[]' && Date.now() - stableSince > 600) break;
    await page.waitForTimeout(100);
  }
  return read();
}

/** The id of the chapter heading whose text is `text` (case aside), read from the built page. */
function headingId(path: string, text: string): string {
  const document = builtDocument(path);
  assert(document, `no built HTML for ${path}`);
  const h = [...document.querySelectorAll('main h2[id], main h3[id]')].find((e) => (e.textContent ?? '').trim().toLowerCase() === text.toLowerCase());
  assert(h, `${path} has no h2 or h3 reading "${text}"`);
  return h.id;
}

/** Words a verdict badge shows beside a number (its symbol and its label), which the index leaves out. */
function badgeTexts(locale: Locale): string[] {
  const kinds = ['reproduced', 'by construction', 'cannot be checked here'] as const;
  return ['✓', '≡', '✗', '≠', ...kinds.map((k) => t(locale, `claim.verdict.${k}`))];
}

for (const [locale, from, query] of [
  ['ko', '/', '가상 노드'],
  ['en', '/en/', 'virtual nodes'],
] as const) {
  const chapter = `${from}consistent-hashing/`;
  test(`search lands (${locale}): "${query}" opens chapter 2's section of that name first, its excerpts carry no badge text or TeX command, and the page marks the terms`, async ({ suite: s }) => {
    const want = headingId(chapter, query);
    await withPage(s, {}, async (page, rec) => {
      await page.goto(new URL(from, s.origin).href);
      const results = await resultsFor(page, query);
      note(`"${query}": ${results.map((r) => decodeURIComponent(new URL(r.href).pathname + new URL(r.href).hash)).join(', ')}`);
      const problems = new Problems();
      assert(results.length > 0, `"${query}" found nothing`);
      const first = new URL(results[0].href);
      if (first.pathname !== chapter || decodeURIComponent(first.hash.slice(1)) !== want) problems.add(query, `the first result opens ${decodeURIComponent(first.pathname + first.hash)}, expected ${chapter}#${want}`);
      for (const r of results) {
        for (const b of badgeTexts(locale)) if (r.excerpt.includes(b)) problems.add(query, `the excerpt of ${decodeURIComponent(r.href)} has the badge text "${b}": ${r.excerpt}`);
        const tex = /\\[A-Za-z]+/.exec(r.excerpt);
        if (tex) problems.add(query, `the excerpt of ${decodeURIComponent(r.href)} has the TeX command ${tex[0]}: ${r.excerpt}`);
      }
      // The badge's own word: what it finds is prose that says it, never a badge (its symbol beside a number).
      const badgeWord = t(locale, 'claim.verdict.reproduced');
      for (const r of await resultsFor(page, badgeWord)) {
        for (const b of badgeTexts(locale).slice(0, 4)) if (r.excerpt.includes(b)) problems.add(badgeWord, `the excerpt of ${decodeURIComponent(r.href)} has the badge text "${b}": ${r.excerpt}`);
      }
      await resultsFor(page, query);
      await Promise.all([page.waitForURL((u) => u.pathname === chapter, { waitUntil: 'load' }), page.locator('.search-results a').first().click()]);
      const marks = await page
        .waitForFunction(
          (id) => {
            const heading = document.getElementById(id);
            const hits = [...document.querySelectorAll('main mark.search-hit')].map((m) => m.textContent ?? '');
            return heading?.querySelector('mark.search-hit') ? hits : false;
          },
          want,
          { timeout: 5000 },
        )
        .then((h) => h.jsonValue() as Promise<string[]>)
        .catch(() => null);
      if (!marks) problems.add(query, `the page the result opened (${decodeURIComponent(page.url())}) marks none of the terms in heading #${want} (no mark.search-hit there within 5 s)`);
      else {
        const terms = query.toLowerCase().split(/\s+/);
        const stray = marks.filter((m) => !terms.some((w) => m.toLowerCase().includes(w)));
        if (stray.length) problems.add(query, `marks that are not the terms: ${stray.join(', ')}`);
        const inIgnored = await page.$$eval('[data-pagefind-ignore] mark.search-hit', (ms) => ms.length);
        if (inIgnored) problems.add(query, `${inIgnored} mark(s) inside what the index leaves out`);
      }
      for (const e of [...rec.pageErrors, ...rec.failedRequests]) problems.add(query, e.split('\n')[0]);
      problems.check();
    });
  });
}

test('search: the home page is not a result for chapter terms (its teaser cards and chapter list are not indexed; both locales)', async ({ suite: s }) => {
  const problems = new Problems();
  for (const [home, queries] of [
    ['/', ['솔트', '무작위', '가상 노드']],
    ['/en/', ['bins', 'salt', 'virtual nodes']],
  ] as const) {
    await withPage(s, {}, async (page) => {
      await page.goto(new URL(home, s.origin).href);
      for (const q of queries) {
        const results = await resultsFor(page, q);
        if (!results.length) problems.add(`${home} "${q}"`, 'no result at all: the term should find a chapter');
        const paths = results.map((r) => new URL(r.href).pathname);
        if (paths.includes(home)) problems.add(`${home} "${q}"`, `the home page ${home} is a result (${paths.join(', ')})`);
      }
    });
  }
  problems.check();
});
