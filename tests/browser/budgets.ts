/**
 * Budgets on the built site: HTML and CSS weight per page, JavaScript on pages without cells,
 * and a main thread free of long tasks while a 10^7-ball run is in progress.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { visit } from './lib/visits.ts';
import { note, options, test } from './lib/fixtures.ts';
import { assert, builtFile, cellsOn, DIST, eachOf, Problems, settle, url, watchStates, withPage } from './lib/helpers.ts';

const KB = 1024;
/**
 * 40 KB until this wave; 56 KB now. What the heaviest page (chapter 1 in Korean, about 50 KB) bought:
 * every figure drawn twice, at the desktop and the phone width, so a phone without JavaScript reads
 * it at 11 px or more (about 6 KB of it); the request-flow cell; verdict chips on every claim; the
 * source box and the text that follows a run. The next cut is lazy phone drawings or a split chapter.
 * 68 KB from the wave that made the figures answer (chapter 1 in Korean, 66 KB): each chart's
 * readings for its tooltips at both widths (about 5 KB), the flow view's frame drawn without
 * JavaScript with its counters (about 6 KB), the policies' new section and the cells' primary
 * controls (about 2 KB). The next cut: readings once per figure, not per width.
 * 70 KB from the wave that put the article's numbers in one table (chapter 1 in Korean, 68.5 KB):
 * the chapter's tally and its table of the article's numbers (about 1 KB), the heading map the
 * language switch carries and the search's marks (about 0.5 KB). The cut is still the readings.
 */
const HTML_BUDGET = 70 * KB;
const CSS_BUDGET = 30 * KB;
const JS_BUDGET = 10 * KB;
const LONG_TASK_MS = 50;

const gz = (b: Buffer | string) => gzipSync(b).length;
/** Whether a page's built HTML has a cell (a chapter's), read from dist/ without loading the page. */
function hasCells(path: string): boolean {
  const built = builtFile(path);
  return !!built && readFileSync(built, 'utf8').includes(' data-cell="');
}
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

test(`budget: every HTML page in dist/ is at most ${HTML_BUDGET / KB} KB gzipped`, async () => {
  const p = new Problems();
  const sizes: string[] = [];
  const files = htmlFiles(DIST);
  assert(files.length > 0, 'no HTML files in dist/');
  for (const f of files) {
    const size = gz(readFileSync(f));
    sizes.push(`${relative(DIST, f)} ${kb(size)}`);
    if (size > HTML_BUDGET) p.add(relative(DIST, f), `${kb(size)} gzipped > ${kb(HTML_BUDGET)}`);
  }
  note(sizes.join(', '));
  p.check();
});

test('budget: the stylesheets a page loads sum to at most 30 KB gzipped (fonts excluded), every page', options(600_000, 'after-visits'), async ({ suite: s }) => {
  const p = new Problems();
  const sizes: string[] = [];
  for (const page of s.pages) {
    // The page visit (lib/visits.ts) recorded what the page requested; the bytes are the build's files.
    const v = await visit(s, page);
    const files = new Map<string, number>();
    for (const href of v.stylesheets) {
      const u = new URL(href);
      const file = join(DIST, decodeURIComponent(u.pathname));
      if (u.origin !== s.origin || !existsSync(file)) p.add(page.path, `stylesheet ${href} is not a file of the build`);
      else files.set(href, gz(readFileSync(file)));
    }
    for (const l of v.linkedStylesheets) if (!files.has(l)) p.add(page.path, `stylesheet ${l} was linked but not requested`);
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    sizes.push(`${page.path} ${kb(total)} in ${files.size} file(s)`);
    if (total > CSS_BUDGET) p.add(page.path, `${kb(total)} of CSS gzipped > ${kb(CSS_BUDGET)}: ${[...files].map(([u, n]) => `${new URL(u).pathname} ${kb(n)}`).join(', ')}`);
  }
  note(sizes.join('; '));
  p.check();
});

test('budget: a page without cells loads at most 10 KB gzipped of JavaScript before any interaction (pagefind excluded)', async ({ suite: s }) => {
  const p = new Problems();
  const sizes: string[] = [];
  let measured = 0;
  await eachOf(s.pages, async (page) => {
    // Pages with cells are not under this budget; they are not loaded here (the page visits load them).
    if (hasCells(page.path)) {
      sizes.push(`${page.path} (has cells, not budgeted)`);
      return;
    }
    await withPage(s, {}, async (tab, _rec, context) => {
      const bodies = new Map<string, number>();
      const pending: Promise<void>[] = [];
      context.on('response', (r) => {
        const type = r.request().resourceType();
        const isJs = type === 'script' || /\.m?js(\?|$)/.test(new URL(r.url()).pathname);
        if (!isJs || r.status() >= 300 || new URL(r.url()).pathname.includes('/pagefind/')) return;
        pending.push(
          r.body().then(
            (b) => void bodies.set(r.url(), gz(b)),
            () => undefined,
          ),
        );
      });
      await tab.goto(url(s, page.path));
      await settle(tab, 500);
      await Promise.all(pending);
      const cells = await cellsOn(tab);
      const total = [...bodies.values()].reduce((a, b) => a + b, 0);
      const detail = [...bodies].map(([u, n]) => `${new URL(u).pathname.replace(/^.*\//, '')} ${kb(n)}`).join(', ');
      sizes.push(`${page.path}${cells.length ? ' (has cells, not budgeted)' : ''} ${kb(total)}: ${detail || 'none'}`);
      if (cells.length) return;
      measured++;
      if (total > JS_BUDGET) p.add(page.path, `${kb(total)} of JavaScript gzipped > ${kb(JS_BUDGET)}: ${detail}`);
    });
  });
  note(sizes.join('; '));
  // A budget that measured nothing says nothing: that is a failure, not a pass.
  if (measured === 0) p.add('site', `no page without cells was measured (of ${s.pages.length} pages): the budget checked nothing`);
  p.check();
});

test('budget: no main-thread task over 50 ms while a 10^7-ball run is in progress (/power-of-two-choices/)', options(120_000, 'alone'), async ({ suite: s }) => {
  const path = '/power-of-two-choices/';
  const sel = '[data-cell="maxload"]';
  await withPage(s, {}, async (tab) => {
    await tab.goto(url(s, path));
    await settle(tab);
    const cell = tab.locator(sel);
    assert((await cell.count()) === 1, `${path} has no ${sel}`);
    await cell.scrollIntoViewIfNeeded();
    await tab.waitForTimeout(500); // let the island hydrate before the run, outside the measured window
    await cell.locator('[name="n"]').fill('10000000');
    const types = await tab.evaluate(() => PerformanceObserver.supportedEntryTypes);
    assert(types.includes('longtask'), `this Chromium cannot observe long tasks (supported: ${types.join(', ')})`);
    await watchStates(tab, 'maxload');
    await cell.locator('button[data-action="run"]').click();
    await tab.waitForFunction((q) => (document.querySelector(q) as HTMLElement).dataset.state === 'running', sel, { timeout: 10_000, polling: 10 });
    const result = await tab.evaluate(
      (q) =>
        new Promise<{ tasks: { start: number; duration: number }[]; runMs: number; end: string }>((ok) => {
          const el = document.querySelector(q) as HTMLElement;
          const tasks: { start: number; duration: number }[] = [];
          const keep = (list: PerformanceEntryList) => {
            for (const e of list) tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
          };
          const po = new PerformanceObserver((l) => keep(l.getEntries()));
          po.observe({ type: 'longtask' });
          const t0 = performance.now();
          const stop = () => {
            // Tasks that ended before this one are in the buffer; this one (the redraw) is not.
            keep(po.takeRecords());
            po.disconnect();
            mo.disconnect();
            ok({ tasks, runMs: performance.now() - t0, end: el.dataset.state ?? '' });
          };
          const mo = new MutationObserver(() => {
            if (el.dataset.state !== 'running') stop();
          });
          mo.observe(el, { attributes: true, attributeFilter: ['data-state'] });
          // The results are swapped in before the state flips; stop at whichever comes first.
          const results = el.querySelector('.cell-data') ?? el.querySelector('.cell-output') ?? el;
          const ro = new MutationObserver(() => {
            ro.disconnect();
            if (el.dataset.state === 'running') stop();
          });
          ro.observe(results, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-value'] });
        }),
      sel,
    );
    note(`10^7 run: ${Math.round(result.runMs)} ms observed while running, ended ${result.end}; long tasks: ${result.tasks.map((t) => `${t.duration} ms at ${t.start}`).join(', ') || 'none'}`);
    assert(result.end === 'done' || result.end === 'running', `the run ended as ${result.end}`);
    const over = result.tasks.filter((t) => t.duration > LONG_TASK_MS);
    assert(over.length === 0, `${over.length} main-thread task(s) over ${LONG_TASK_MS} ms during the run: ${over.map((t) => `${t.duration} ms at ${t.start} ms`).join(', ')}`);
  });
});

test('render on demand (issue #31): on a phone, a chapter lays out only the text and the cells\' drawings near the screen at load; the page is as long as its real content (±15%) before it is shown; what is scrolled to is shown; print shows it all (every chapter, the locales alternating)', async ({ suite: s }) => {
  const p = new Problems();
  const chapters = s.pages.filter((pg) => hasCells(pg.path));
  // Each chapter once, in Korean and English by turns (the estimate is per language).
  const slugs = [...new Set(chapters.map((pg) => pg.path.replace(/^\/en\//, '/')))].sort();
  assert(slugs.length >= 6, `expected the six chapters, found ${slugs.length}`);
  const picked = slugs.map((slug, i) => chapters.find((pg) => pg.path.replace(/^\/en\//, '/') === slug && pg.locale === (i % 2 ? 'en' : 'ko')) ?? chapters.find((pg) => pg.path.replace(/^\/en\//, '/') === slug)!);
  const seen: string[] = [];
  await eachOf(picked, async (page) => {
    await withPage(s, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, async (tab) => {
      // The browser says when it starts and stops skipping a block (the event does not bubble: captured).
      await tab.addInitScript(() => {
        const w = window as unknown as { skipped: Map<Element, boolean> };
        w.skipped = new Map();
        document.addEventListener('contentvisibilityautostatechange', (e) => w.skipped.set(e.target as Element, (e as Event & { skipped: boolean }).skipped), true);
      });
      await tab.goto(url(s, page.path));
      await settle(tab, 500);
      const at = await tab.evaluate(() => {
        const w = window as unknown as { skipped: Map<Element, boolean> };
        const blocks = [...document.querySelectorAll('.prose > p')];
        const last = blocks[blocks.length - 1];
        last.setAttribute('data-test-last', '');
        const drawings = [...document.querySelectorAll('lb-cell .figure-plot')];
        const lastDrawing = drawings[drawings.length - 1];
        lastDrawing?.setAttribute('data-test-last-drawing', '');
        const height = document.documentElement.scrollHeight;
        // The real length: every block shown, read in the same task (no frame in between, so no
        // block is shown to the reader or remembers a size from it).
        const style = document.createElement('style');
        style.textContent = '.prose > *, lb-cell .figure-plot { content-visibility: visible !important }';
        document.head.append(style);
        const real = document.documentElement.scrollHeight;
        style.remove();
        return { blocks: blocks.length, skipped: blocks.filter((b) => w.skipped.get(b) === true).length, firstShown: w.skipped.get(blocks[0]) === false, lastSkipped: w.skipped.get(last) === true, drawings: drawings.length, drawingSkipped: !lastDrawing || w.skipped.get(lastDrawing) === true, height, real };
      });
      if (!at.firstShown) p.add(page.path, 'the first paragraph is not shown at load');
      if (!at.lastSkipped || at.skipped < at.blocks / 2) p.add(page.path, `at load ${at.skipped} of ${at.blocks} paragraphs are skipped and the last is ${at.lastSkipped ? '' : 'not '}skipped: the text far below is laid out`);
      if (!at.drawingSkipped) p.add(page.path, 'the last cell\'s drawing is laid out at load');
      if (at.drawings) {
        await tab.locator('[data-test-last-drawing]').scrollIntoViewIfNeeded();
        await tab.waitForFunction(() => (window as unknown as { skipped: Map<Element, boolean> }).skipped.get(document.querySelector('[data-test-last-drawing]')!) === false, null, { timeout: 5_000 }).catch(() => p.add(page.path, 'the last cell\'s drawing, scrolled to, was not shown'));
      }
      await tab.locator('[data-test-last]').scrollIntoViewIfNeeded();
      await tab.waitForFunction(() => (window as unknown as { skipped: Map<Element, boolean> }).skipped.get(document.querySelector('[data-test-last]')!) === false, null, { timeout: 5_000 }).catch(() => p.add(page.path, 'the last paragraph, scrolled to, was not shown'));
      await tab.emulateMedia({ media: 'print' });
      const printed = await tab.evaluate(() => [...document.querySelectorAll('.prose > *, lb-cell .figure-plot, .katex .katex-mathml')].filter((e) => getComputedStyle(e).contentVisibility !== 'visible').length);
      if (printed) p.add(page.path, `${printed} block(s) would be skipped in print`);
      const off = at.height / at.real - 1;
      seen.push(`${page.path} ${at.skipped}/${at.blocks} skipped, length ${(off * 100).toFixed(1)}% off`);
      if (Math.abs(off) > 0.15) p.add(page.path, `the page's length before its text is shown (${at.height} px) is ${(off * 100).toFixed(0)}% off its real length (${at.real} px)`);
    });
  });
  note(seen.join('; '));
  p.check();
});
