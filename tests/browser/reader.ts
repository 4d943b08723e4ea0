/**
 * Every page as a reader finds it: the language switch keeps the section a heading's anchor names
 * (both ways); without JavaScript the buttons that need it are not shown; the theme button names
 * what it will do; display equations at 360 px neither run under their numbers nor get cut off;
 * without JavaScript Enter keeps the page and a dark system scheme is dark; long code and the
 * article's numbers fold on screen and show in print.
 */
import { switchTarget } from '../../components/layout/lang-switch.ts';
import { t } from '../../src/i18n/index.ts';
import { options, test } from './lib/fixtures.ts';
import { visit } from './lib/visits.ts';
import { builtDocument, assert, eachLayout, eachOf, label, Problems, url, withPage } from './lib/helpers.ts';
import type { Locale, SitePage } from './lib/helpers.ts';

/** A built page's headings (h2 to h4 in <main>), in order: their ids and depths. */
function outline(path: string): { id: string; depth: number }[] {
  const document = builtDocument(path);
  assert(document, `no built HTML for ${path} in dist/`);
  return [...document.querySelectorAll('main :is(h2, h3, h4)[id]')].map((h) => ({ id: h.id, depth: Number(h.tagName[1]) }));
}

const chapters = (pages: readonly SitePage[]) => pages.filter((p) => p.alternates.ko && p.alternates.en && !/^\/(en\/)?$/.test(p.path));

test('language switch from a heading anchor lands on the same section in the other language, both ways (one chapter clicked; every heading of every chapter by its link)', async ({ suite: s }) => {
  const problems = new Problems();
  const pages = chapters(s.pages);
  assert(pages.length > 0, 'no chapter page in the sitemap');
  // Every heading of every chapter: the link the switch offers from it (the page's own script,
  // switchTarget, on the built link and its data-anchors) names the heading at the same place in
  // the other language. The click-through below checks that the page's script does this.
  for (const p of pages) {
    const other: Locale = p.locale === 'ko' ? 'en' : 'ko';
    const there = p.alternates[other]!;
    const mine = outline(p.path);
    const theirs = outline(there);
    if (mine.map((h) => h.depth).join() !== theirs.map((h) => h.depth).join()) problems.add(label(p), `its headings (${mine.length}) and ${there}'s (${theirs.length}) differ in order or depth`);
    const link = builtDocument(p.path)?.querySelector<HTMLAnchorElement>('a.lang-switch');
    if (!link) {
      problems.add(label(p), 'no a.lang-switch in the built page');
      continue;
    }
    let anchors: Record<string, string> = {};
    try {
      anchors = JSON.parse(link.dataset.anchors ?? '{}') as Record<string, string>;
    } catch {
      problems.add(label(p), `a.lang-switch's data-anchors is not JSON: ${link.dataset.anchors}`);
    }
    for (const [i, h] of mine.entries()) {
      const here = new URL(`#${h.id}`, new URL(p.path, s.origin)).href;
      const target = new URL(switchTarget(link.getAttribute('href') ?? '', here, anchors), s.origin);
      const id = decodeURIComponent(target.hash.slice(1));
      if (target.pathname !== there || id !== theirs[i]?.id) problems.add(label(p), `from #${h.id} the switch goes to ${target.pathname}#${id}, expected ${there}#${theirs[i]?.id}`);
    }
  }
  // One chapter clicked through: Korean heading → English, and back.
  const ko = pages.find((p) => p.locale === 'ko' && outline(p.path).some((h, i) => h.id !== outline(p.alternates.en!)[i]?.id));
  assert(ko, 'no Korean chapter with a heading whose id differs from the English one');
  const koOutline = outline(ko.path);
  const enOutline = outline(ko.alternates.en!);
  const at = koOutline.findIndex((h, i) => h.id !== enOutline[i].id && i > 0);
  await withPage(s, { viewport: { width: 1280, height: 800 } }, async (page) => {
    await page.goto(`${url(s, ko.path)}#${encodeURIComponent(koOutline[at].id)}`);
    for (const [from, to, want] of [
      [ko.path, ko.alternates.en!, enOutline[at].id],
      [ko.alternates.en!, ko.path, koOutline[at].id],
    ] as const) {
      await Promise.all([page.waitForURL((u) => u.pathname === to), page.locator('a.lang-switch').click()]);
      // It lands rather than glides from the top (which, under load, stopped 39 px past the heading):
      // the site scrolls at once (render on demand lays out what a glide passes).
      const glide = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
      if (glide !== 'auto') problems.add(`${from} → ${to}`, `the page opened at an anchor scrolls with scroll-behavior: ${glide}`);
      // The place is read once the page has stopped moving (it jumps to the section at load; fonts and figures above may still settle).
      const where = () =>
        page.evaluate(() => {
          const id = decodeURIComponent(location.hash.slice(1));
          const el = document.getElementById(id);
          return { id, exists: !!el, top: el ? el.getBoundingClientRect().top : null, y: scrollY };
        });
      let landed = await where();
      for (let waited = 0; waited < 5000; waited += 200) {
        await page.waitForTimeout(200);
        const now = await where();
        const still = now.y === landed.y;
        landed = now;
        if (still && landed.y > 0) break;
      }
      if (landed.id !== want) problems.add(`${from} → ${to}`, `landed on #${landed.id}, expected #${want}`);
      else if (!landed.exists) problems.add(`${from} → ${to}`, `#${landed.id} names no element there`);
      else if (landed.top === null || landed.top < -2 || landed.top > 200) problems.add(`${from} → ${to}`, `#${want} is not at the top of the view (its top at ${landed.top} px)`);
    }
  });
  problems.check();
});

test('without JavaScript no button that needs it is shown: no Run, Cancel, Share, Reset, Download, nor the flow view’s Play, Step and speed; the numbers and figures stay (every page, both locales)', async ({ suite: s }) => {
  const problems = new Problems();
  let cells = 0;
  await eachOf(s.pages, async (p) => {
    await withPage(s, { javaScriptEnabled: false, viewport: { width: 360, height: 800 } }, async (page) => {
      await page.goto(url(s, p.path));
      const seen = await page.evaluate(() => {
        const shown = (e: Element) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        };
        const controls = [...document.querySelectorAll('[data-action], .flow-speed-select, .flow-settings')].filter(shown);
        return {
          controls: controls.map((e) => `${e.tagName.toLowerCase()}${(e as HTMLElement).dataset.action ? `[data-action=${(e as HTMLElement).dataset.action}]` : `.${e.className}`}`),
          cells: document.querySelectorAll('[data-cell]').length,
          values: [...document.querySelectorAll('[data-cell] [data-result][data-value]')].filter(shown).length,
          figures: [...document.querySelectorAll('[data-cell] .cell-figure svg')].filter(shown).length,
          figuresBuilt: document.querySelectorAll('[data-cell] .cell-figure').length,
          noscript: [...document.querySelectorAll('.cell-nojs')].filter(shown).length,
        };
      });
      cells += seen.cells;
      if (seen.controls.length) problems.add(label(p), `${seen.controls.length} control(s) that need JavaScript are shown: ${[...new Set(seen.controls)].join(', ')}`);
      if (seen.cells && !seen.values) problems.add(label(p), `${seen.cells} cell(s) but no result value is shown`);
      if (seen.figuresBuilt && seen.figures < seen.figuresBuilt) problems.add(label(p), `${seen.figuresBuilt - seen.figures} of ${seen.figuresBuilt} figures show no svg`);
      if (seen.cells && !seen.noscript) problems.add(label(p), 'the cells do not say that re-running needs JavaScript');
    });
  });
  if (!cells) problems.add('site', 'no page has a cell: nothing was checked');
  problems.check();
});

test('without JavaScript Enter in a cell\'s field keeps the page (no form submit, no reload), and a system dark scheme gives the dark colours (a chapter with cells, both locales)', async ({ suite: s }) => {
  const problems = new Problems();
  const pages = chapters(s.pages).filter((p) => p.path.includes('power-of-two-choices'));
  assert(pages.length > 0, 'no power-of-two-choices chapter in the sitemap');
  await eachOf(pages, async (p) => {
    await withPage(s, { javaScriptEnabled: false, colorScheme: 'dark', viewport: { width: 360, height: 800 } }, async (page) => {
      await page.goto(url(s, p.path));
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const dark = /rgb\((\d+), (\d+), (\d+)\)/.exec(bg);
      if (!dark || Number(dark[1]) + Number(dark[2]) + Number(dark[3]) > 3 * 80) problems.add(label(p), `with a dark system scheme and no script the page's background is ${bg}, not dark`);
      const field = page.locator('.cell-form input[type="text"], .cell-form input[type="number"]').first();
      if (!(await field.count())) return problems.add(label(p), 'no text or number field in a cell');
      const before = page.url();
      let navigated = false;
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) navigated = true;
      });
      await field.focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(500);
      if (navigated || page.url() !== before) problems.add(label(p), `Enter in a cell field without JavaScript loaded ${page.url()} (from ${before})`);
    });
  });
  problems.check();
});

test('long code (over 25 lines) and the article’s numbers are folded behind a disclosure on screen and shown in print (every chapter, both locales; the page visits)', options(600_000, 'after-visits'), async ({ suite: s }) => {
  const problems = new Problems();
  let folded = 0;
  for (const p of chapters(s.pages)) {
    const v = await visit(s, p);
    folded += v.foldedSources;
    for (const f of v.folds) problems.add(label(p), f);
  }
  if (!folded) problems.add('site', 'no folded source on any chapter: nothing was checked');
  problems.check();
});

test('home on a phone (360 × 640): the first screen shows the promise and most of the first result\'s picture, and that picture\'s caption gives the picture\'s own maxima (both locales)', async ({ suite: s }) => {
  const problems = new Problems();
  const homes = s.pages.filter((p) => /^\/(en\/)?$/.test(p.path));
  assert(homes.length > 0, 'no home page in the sitemap');
  await eachOf(homes, async (p) => {
    await withPage(s, { viewport: { width: 360, height: 640 } }, async (page) => {
      await page.goto(url(s, p.path));
      const seen = await page.evaluate(() => {
        const lead = document.querySelector('.home .lead')?.getBoundingClientRect();
        const card = document.querySelector('.headline');
        const svg = [...(card?.querySelectorAll('.figure-plot svg') ?? [])].find((e) => e.checkVisibility());
        const r = svg?.getBoundingClientRect();
        const titles = [...(card?.querySelectorAll('.bin-grid-titles > *') ?? [])].map((t) => /(\d+)\D*$/.exec(t.textContent ?? '')?.[1] ?? '');
        return { lead: lead ? lead.bottom : null, top: r?.top ?? null, bottom: r?.bottom ?? null, titles, caption: card?.querySelector('figcaption')?.textContent ?? '' };
      });
      if (seen.lead === null || seen.lead > 640) problems.add(label(p), 'the promise is not on the first screen');
      if (seen.top === null || seen.bottom === null) return problems.add(label(p), 'the first headline has no picture');
      const shown = Math.min(640, seen.bottom) - seen.top;
      if (shown < 0.75 * (seen.bottom - seen.top)) problems.add(label(p), `only ${Math.max(0, Math.round(shown))} of the picture's ${Math.round(seen.bottom - seen.top)} px are on the first screen`);
      if (seen.titles.length < 2 || seen.titles.some((n) => !n)) problems.add(label(p), `the picture's panels name no maxima (${seen.titles.join(', ')})`);
      for (const n of seen.titles) if (n && !new RegExp(`(^|\\D)${n}(\\D|$)`).test(seen.caption)) problems.add(label(p), `the caption does not give the picture's maximum ${n}: "${seen.caption}"`);
    });
  });
  problems.check();
});

test('theme: the button names what it will do (its text and its accessible name: the other theme), light and dark, home and chapter layouts, both locales', async ({ suite: s }) => {
  const problems = new Problems();
  await eachOf(eachLayout(s.pages), async (p) => {
    for (const scheme of ['light', 'dark'] as const) {
      await withPage(s, { colorScheme: scheme }, async (page) => {
        await page.goto(url(s, p.path));
        const toggle = page.locator('.theme-toggle');
        for (const step of ['first', 'after a click'] as const) {
          const theme = await page.evaluate(() => document.documentElement.dataset.theme);
          const want = t(p.locale, theme === 'dark' ? 'theme.to.light' : 'theme.to.dark');
          const shown = (await toggle.innerText()).trim();
          const name = /button "([^"]*)"/.exec(await toggle.ariaSnapshot())?.[1];
          const where = `${label(p)} [${scheme} system, ${step}: ${theme}]`;
          if (shown !== want) problems.add(where, `the button reads "${shown}", expected "${want}"`);
          if (name !== want) problems.add(where, `the button's accessible name is "${name}", expected "${want}"`);
          const pressed = await toggle.getAttribute('aria-pressed');
          if (pressed !== null) problems.add(where, `aria-pressed="${pressed}" beside a name that says the action`);
          if (step === 'first') await toggle.click();
        }
      });
    }
  });
  problems.check();
});

test('equations at 360 px: no equation number overlaps its formula, no formula is cut off without its own scrolling box, and a box that scrolls is a tab stop (every page with display math, both locales; the page visits)', options(600_000, 'after-visits'), async ({ suite: s }) => {
  const problems = new Problems();
  let seen = 0;
  for (const p of s.pages) {
    const v = await visit(s, p);
    seen += v.equationCount;
    for (const f of v.equations) problems.add(label(p), f);
  }
  if (!seen) problems.add('site', 'no page has a display equation: nothing was checked');
  problems.check();
});

// A header painted before its last tool arrives (a slow phone's parser yields mid-header) must not
// reflow when it comes: below 36rem the tools stand on their own line however many there are.
test('header at 360, 412 and 560 px, both locales: the tools keep their line whether or not the script-only ones are there (no layout shift when they arrive)', async ({ suite: s }) => {
  const problems = new Problems();
  for (const path of ['/mols-relay-routing/', '/en/mols-relay-routing/']) {
    // One load a locale, narrowed to each width in turn; the script-only tools are hidden (as if
    // not yet parsed) and shown again between widths.
    await withPage(s, { viewport: { width: 360, height: 800 } }, async (page) => {
      await page.goto(url(s, path));
      for (const width of [360, 412, 560]) {
        await page.setViewportSize({ width, height: 800 });
        const top = () => page.evaluate(() => Math.round(document.querySelector('.site-tools')!.getBoundingClientRect().top));
        const main = () => page.evaluate(() => Math.round(document.querySelector('main')!.getBoundingClientRect().top));
        const [withAll, mainAll] = [await top(), await main()];
        // As the parser may paint it: the language switch alone, the search and theme buttons not yet there.
        const late = (shown: boolean) =>
          page.evaluate((on) => {
            for (const e of document.querySelectorAll<HTMLElement>('.site-tools .search-open, .site-tools .theme-toggle')) e.style.setProperty('display', on ? '' : 'none', on ? '' : 'important');
          }, shown);
        await late(false);
        const [alone, mainAlone] = [await top(), await main()];
        await late(true);
        if (withAll !== alone || mainAll !== mainAlone) problems.add(`${path} at ${width} px`, `the tools' line at ${withAll} px and the page at ${mainAll} with every tool, at ${alone} and ${mainAlone} with the language switch alone`);
      }
    });
  }
  problems.check();
});
