/**
 * `npm run bench:page` (after `npm run build`): each cell's input-to-figure time in the page, in
 * Debian's Chromium (or CHROME_PATH), served from dist/ by the project's own static server.
 *
 * For every cell of every Korean chapter (the English pages hold the same cells): where the cell
 * has a primary range, five key presses on the first one (ArrowRight, ArrowLeft, …), as a reader's
 * hand moves it; where it has none, five presses of Run. Each press is timed from the key to the
 * figure's first redraw (its plot's children replaced) and to the run's end (data-state done), and
 * the median and the range of the five are printed, beside the house's aim for the hand (100 ms).
 * A range moved from the keyboard starts its run at once, quick or slow (a drag runs a slow cell
 * only when let go), so the figure time is the cell's whole answer.
 * `PAGES=<text>` keeps the pages whose path contains the text; `CELLS=<id,id>` some cells.
 * A measurement, not a test: it never fails on a time (machines differ by a factor of two).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serveStatic } from './static-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const PORT = Number(process.env.PORT ?? 4398);
const PRESSES = 5;
const AIM_MS = 100;
const TIMEOUT_MS = 60_000;

const sitemap = join(DIST, 'sitemap-0.xml');
if (!existsSync(sitemap)) {
  console.error('dist/sitemap-0.xml is missing: run `npm run build` first');
  process.exit(2);
}
const onlyPages = process.env.PAGES ?? '';
const onlyCells = new Set((process.env.CELLS ?? '').split(',').filter(Boolean));
const paths = [...readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((m) => new URL(m[1]).pathname)
  .filter((p) => !p.startsWith('/en/') && p.includes(onlyPages))
  .filter((p) => readFileSync(join(DIST, p, 'index.html'), 'utf8').includes('data-cell="'));

interface Press {
  figure: number | null;
  done: number | null;
}

/** Arms the watch of one cell: the time of the plot's next redraw and of its next final state. */
function arm(cell: string): void {
  const el = document.querySelector<HTMLElement>(`[data-cell="${cell}"]`)!;
  const w = window as Window & { __bench?: { t0: number; figure: number | null; done: number | null; off: () => void } };
  w.__bench?.off();
  const mark = { t0: performance.now(), figure: null as number | null, done: null as number | null, off: () => undefined as void };
  const plot = el.querySelector('.figure-plot');
  const figureSeen = new MutationObserver(() => {
    mark.figure ??= performance.now() - mark.t0;
  });
  if (plot) figureSeen.observe(plot, { childList: true });
  const doneSeen = new MutationObserver(() => {
    if (el.dataset.state === 'done' || el.dataset.state === 'error') mark.done ??= performance.now() - mark.t0;
  });
  doneSeen.observe(el, { attributes: true, attributeFilter: ['data-state'] });
  mark.off = () => {
    figureSeen.disconnect();
    doneSeen.disconnect();
  };
  w.__bench = mark;
}

async function press(page: Page, cell: string, target: string, key: string): Promise<Press> {
  await page.locator(target).focus();
  await page.evaluate(arm, cell);
  await page.keyboard.press(key);
  const ended = await page
    .waitForFunction(() => (window as Window & { __bench?: { done: number | null } }).__bench?.done != null, null, { timeout: TIMEOUT_MS, polling: 'raf' })
    .then(() => true)
    .catch(() => false);
  const got = await page.evaluate(() => {
    const b = (window as Window & { __bench?: { figure: number | null; done: number | null; off: () => void } }).__bench!;
    b.off();
    return { figure: b.figure, done: b.done };
  });
  return ended ? got : { figure: got.figure, done: null };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[(s.length - 1) >> 1] : NaN;
};
const summary = (xs: (number | null)[]) => {
  const ok = xs.filter((x): x is number => x !== null);
  if (ok.length === 0) return 'none';
  const miss = xs.length - ok.length;
  return `${median(ok).toFixed(0)} (${Math.min(...ok).toFixed(0)}–${Math.max(...ok).toFixed(0)})${miss ? ` ${miss} missed` : ''}`;
};

const server = await serveStatic(DIST, '/', PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let aboveAim = 0;
let measured = 0;
try {
  console.log(`# bench:page: Chromium ${browser.version()}, ${PRESSES} presses a cell; ms from the key to the figure's redraw and to the run's end, median (min–max); the aim for the hand is ${AIM_MS} ms`);
  console.log(['page', 'cell', 'experiment', 'input', 'figure ms', 'done ms'].join('\t'));
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}${path}`);
    const cells = await page.$$eval('[data-cell]', (els) =>
      els.map((el) => {
        const spec = JSON.parse(el.querySelector('script[data-spec]')?.textContent ?? '{}') as { primary?: string[] };
        return { id: (el as HTMLElement).dataset.cell ?? '', experiment: (el as HTMLElement).dataset.experiment ?? '', primary: spec.primary ?? [] };
      }),
    );
    for (const c of cells) {
      if (onlyCells.size && !onlyCells.has(c.id)) continue;
      try {
        await benchCell(c);
      } catch (e) {
        // A page that died (a renderer out of memory, say) is said in the row and opened again.
        console.log([path, c.id, c.experiment, '', `failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`, ''].join('\t'));
        if (page.isClosed()) {
          page = await context.newPage();
          await page.goto(`http://127.0.0.1:${PORT}${path}`);
        }
      }
    }
    await context.close();

    async function benchCell(c: { id: string; experiment: string; primary: string[] }): Promise<void> {
      const root = `[data-cell="${c.id}"]`;
      await page.locator(root).scrollIntoViewIfNeeded();
      await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement).dataset.ready === 'true', root, { timeout: 30_000 });
      // The first primary control with a range beside it (the island adds them as it hydrates).
      let slider: string | null = null;
      for (const name of c.primary) {
        if ((await page.locator(`${root} [name="${name}"] + input[type="range"]`).count()) > 0) {
          slider = name;
          break;
        }
      }
      const range = slider ? `${root} [name="${slider}"] + input[type="range"]` : null;
      const hasRange = range !== null;
      const target = range ?? `${root} button[data-action="run"]`;
      const presses: Press[] = [];
      for (let i = 0; i < PRESSES; i++) presses.push(await press(page, c.id, target, hasRange ? (i % 2 ? 'ArrowLeft' : 'ArrowRight') : 'Enter'));
      const hasFigure = (await page.locator(`${root} .figure-plot`).count()) > 0;
      const figures = presses.map((p) => p.figure);
      const m = median(figures.filter((x): x is number => x !== null));
      if (Number.isFinite(m)) {
        measured++;
        if (m > AIM_MS) aboveAim++;
      }
      console.log([path, c.id, c.experiment, hasRange ? `range ${slider}` : 'Run', hasFigure ? summary(figures) : 'no figure', summary(presses.map((p) => p.done))].join('\t'));
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`\n# ${measured} cells measured; ${aboveAim} above the ${AIM_MS} ms aim (median, key to figure)`);
