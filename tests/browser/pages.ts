/**
 * Promises every page keeps, in both languages: clean loads, accessibility (axe, WCAG 2.2 AA,
 * light and dark, before and after running cells), content without JavaScript, the language
 * switch and hreflang, the theme toggle, and a 360 px viewport without horizontal scroll. Most of
 * them read the page visits (lib/visits.ts, made by the project `visits`: visits.ts).
 */
import { builtDocument, eachLayout, eachOf, label, Problems, RESULT_SELECTOR, url, withPage } from './lib/helpers.ts';
import { axeViolations } from './lib/axe.ts';
import { options, test } from './lib/fixtures.ts';
import { visitReader } from './lib/visits.ts';

/**
 * Without JavaScript a page is its HTML as built: this check reads the built files (a parser with
 * scripting off, as a browser with JavaScript disabled sees them), no browser needed.
 */
test('without JavaScript every cell shows its numbers and its figure, and every claim has its text (every page, both locales; the built HTML)', async ({ suite: s }) => {
  const problems = new Problems();
  let cellsSeen = 0;
  let claimsSeen = 0;
  for (const p of s.pages) {
    const document = builtDocument(p.path);
    if (!document) {
      problems.add(label(p), `no built HTML file for ${p.path} in dist/`);
      continue;
    }
    for (const el of document.querySelectorAll<HTMLElement>('[data-cell]')) {
      cellsSeen++;
      const id = el.dataset.cell ?? '';
      const found = [...el.querySelectorAll(RESULT_SELECTOR)].map((e) => ({ key: e.getAttribute('data-result'), value: e.getAttribute('data-value'), text: (e.textContent ?? '').trim() }));
      if (found.length === 0) problems.add(label(p), `cell ${id} has no [data-result][data-value] element`);
      for (const r of found) {
        if (!r.value) problems.add(label(p), `cell ${id}: [data-result="${r.key}"] has an empty data-value`);
        if (!r.text) problems.add(label(p), `cell ${id}: [data-result="${r.key}"] has no text`);
      }
      let figure = !!el.querySelector('.cell-figure');
      try {
        figure ||= !!(JSON.parse(el.querySelector('script[data-spec]')?.textContent ?? '{}') as { figure?: unknown }).figure;
      } catch {
        problems.add(label(p), `cell ${id}: its spec is not JSON`);
      }
      if (figure && !el.querySelector('.cell-figure svg')) problems.add(label(p), `cell ${id} has a figure but no svg inside .cell-figure`);
    }
    for (const c of document.querySelectorAll('.claim')) {
      claimsSeen++;
      const value = c.getAttribute('data-value');
      if (value === null || value === '') problems.add(label(p), `claim ${c.getAttribute('data-claim')} has no data-value`);
      if (!(c.textContent ?? '').trim()) problems.add(label(p), `claim ${c.getAttribute('data-claim')} has no text`);
    }
  }
  if (cellsSeen === 0) problems.add('site', 'no page has a [data-cell]; nothing was checked');
  if (claimsSeen === 0) problems.add('site', 'no page has a .claim; nothing was checked');
  problems.check();
});

test('language switch on every page leads to the same page in the other language, and every page has hreflang ko and en (the page visits)', options(600_000, 'after-visits'), visitReader((v) => v.language));

/**
 * The theme, per layout and locale, in one page: the system's dark scheme sets the theme before
 * any script runs; the toggle flips it and the choice survives a reload (over the system's
 * scheme); axe checks the toggle itself in its dark state with every rule (the page visits check
 * the light scheme's start on every page, and the dark theme's colours everywhere).
 */
test('theme: the system colour scheme light sets the page theme before any script runs (every page, both locales; the page visits)', options(600_000, 'after-visits'), visitReader((v) => v.theme));

test('theme: the system colour scheme dark sets the page theme before any script runs; .theme-toggle flips <html data-theme>, the choice survives a reload, and the toggle passes axe in the dark state (home and chapter layouts, both locales)', async ({ suite: s }) => {
  const problems = new Problems();
  await eachOf(eachLayout(s.pages), async (p) => {
    await withPage(s, { colorScheme: 'dark' }, async (page) => {
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      await page.goto(url(s, p.path));
      const first = await theme();
      if (first !== 'dark') problems.add(label(p), `with prefers-color-scheme: dark the page has data-theme="${first}"`);
      const toggle = page.locator('.theme-toggle');
      if ((await toggle.count()) !== 1 || !(await toggle.isVisible())) {
        problems.add(label(p), '.theme-toggle is missing or hidden');
        return;
      }
      await toggle.click();
      const light = await theme();
      if (light !== 'light') problems.add(label(p), `after a click data-theme="${light}", expected light`);
      await page.reload();
      const kept = await theme();
      if (kept !== 'light') problems.add(label(p), `after a reload data-theme="${kept}", the choice (light, against a dark system scheme) was lost`);
      await page.locator('.theme-toggle').click();
      const dark = await theme();
      if (dark !== 'dark') problems.add(label(p), `after a second click data-theme="${dark}", expected dark`);
      const pressed = await page.locator('.theme-toggle').getAttribute('aria-pressed');
      if (pressed !== null && pressed !== 'true') problems.add(label(p), `dark theme but .theme-toggle aria-pressed="${pressed}"`);
      for (const v of await axeViolations(page, '.theme-toggle')) problems.add(`${label(p)} [dark, the toggle]`, v);
      await page.reload();
      const back = await theme();
      if (back !== 'dark') problems.add(label(p), `toggled back to dark, after a reload data-theme="${back}"`);
    });
  });
  problems.check();
});

test(
  'every page, both locales: no console error, no failed request, no request to another origin (loaded, scrolled, cells run)',
  options(600_000, 'after-visits'),
  visitReader((v) => v.traffic),
);

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: zero WCAG 2.2 AA or best-practice violations on every page, both locales, ${scheme} theme (also after running each cell)`, options(600_000, 'after-visits'), visitReader((v) => v.axe[scheme], ` [${scheme}]`));
}

test('viewport 360 px: no horizontal scroll of the document on every page (after load and after running each cell; the page visits)', options(600_000, 'after-visits'), visitReader((v) => v.narrow));

test('viewport 360 px (issue #28): every cell at most one and a half screens tall (1 200 px), its figure at least 45% of its height and before its controls (every cell of every page, run or as built, its status and verdict aside; the page visits)', options(600_000, 'after-visits'), visitReader((v) => v.phone));
