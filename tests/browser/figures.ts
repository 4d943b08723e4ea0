/**
 * Every figure readable on every screen (issue 13): over every figure of every page, both locales,
 * at 360 and 1280 px, light and dark, as built (no cell run: the figure the stylesheet picks of the
 * build's two widths) and after running each cell with its defaults (the page visit's runs, see
 * lib/visits.ts, at 1280 px and then narrowed to 360 px, where the figure is redrawn for its box):
 * - every SVG text is at least 11 CSS px as rendered (its font size times the SVG's scale);
 * - no text box leaves its SVG's box (the SVG clips it);
 * - no two text boxes of one SVG overlap (a tick label by more than a pixel and a half: the top
 *   tick on its axis label is caught);
 * - no mark covers a label: a dot, cell or bar over a text's box (one painted under the text and
 *   holding all of it is the label's background), or a data line through it;
 * - text meets 4.5:1 and the coloured data marks 3:1 against the background.
 * The geometry that needs no text metrics (sizes, widths, palettes) is checked without a browser
 * in tests/unit/figures/legible.test.ts. The check itself is lib/figure-check.ts.
 */
import { options, note, test } from './lib/fixtures.ts';
import { figureProblems } from './lib/figure-check.ts';
import { assert, eachOf, label, Problems, url, withPage } from './lib/helpers.ts';
import { visit, visitReader } from './lib/visits.ts';

test('figures: every figure on every page, both locales, at 360 and 1280 px, light and dark, as built (the page visits) — text ≥ 11 px, inside its svg, no overlapping labels, no mark over a label, contrast', options(600_000, 'after-visits'), async ({ suite: s }) => {
  const problems = new Problems();
  let boxes = 0;
  for (const p of s.pages) {
    const v = await visit(s, p);
    boxes += v.figureBoxes;
    for (const f of v.builtFigures) problems.add(label(p), f);
  }
  if (boxes === 0) problems.add('site', 'no page has a .figure-plot; nothing was checked');
  note(`${boxes} figure boxes on ${s.pages.length} pages`);
  problems.check();
});

test(
  'figures: every figure after running its cell with the defaults (the page visits: 1280 px light, then 360 px dark, redrawn for its box) — text ≥ 11 px, inside its svg, no overlapping labels, no mark over a label, contrast',
  options(600_000, 'after-visits'),
  visitReader((v) => v.figures),
);

// Between the two drawings: at 400 px the home page's headline boxes are wider than the phone
// drawing and narrower than the desktop one (the page visits look at 360 and 1280 px only).
test('figures: the home page at 400 px, light, both locales (the headline figures between their phone and desktop drawings) — text ≥ 11 px, inside its svg, no overlapping labels, no mark over a label, contrast', options(90_000), async ({ suite: s }) => {
  const problems = new Problems();
  const homes = s.pages.filter((p) => /^\/(en\/)?$/.test(p.path));
  assert(homes.length > 0, 'no home page in the sitemap');
  await eachOf(homes, async (p) => {
    await withPage(s, { viewport: { width: 400, height: 900 } }, async (page) => {
      await page.goto(url(s, p.path));
      const found = await figureProblems(page);
      if (!(await page.locator('.headline .figure-plot svg').count())) problems.add(label(p), 'no headline figure: nothing was checked');
      for (const f of found) problems.add(`${label(p)} at 400 px`, `${f.figure}: ${f.what}`);
    });
  });
  problems.check();
});
