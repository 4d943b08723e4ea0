/**
 * The page visits: running every cell is the slow part of the page checks, so each page is
 * visited once: loaded and scrolled, checked by axe in the light and the dark theme (through the
 * page's own toggle), every cell run, axe again in both themes, then narrowed to 360 px. At
 * 360 px as loaded it also reads the equations and the folds (reading.ts). The
 * project `visits` (visits.ts) makes every page's visit, one test a page, in both workers, and
 * records each as JSON in LB_VISITS_DIR (global-setup.ts makes it for the run); the tests that read
 * them (the project `after-visits`, which depends on `visits`, and the timing tests) each read
 * their own part. A visit not recorded (a test run without its project's dependencies:
 * `--no-deps`, or `npm run test:perf`) is made where it is first read, two at a time in a worker.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { figureProblems } from './figure-check.ts';
import { hydrateAll, PHONE, phoneCells, phoneProblems } from './phone.ts';
import { note } from './fixtures.ts';
import { builtDocument, builtFile, cellsOn, label, Problems, resultsOf, scrollThrough, settle, statesOf, url, withPage } from './helpers.ts';
import type { Locale, Recorder, SitePage, Suite } from './helpers.ts';
import { tabAndRun } from './keyboard.ts';
import { equationProblems, foldProblems } from './reading.ts';
import { lifeLog, pageInMotion } from './stall.ts';

function trafficProblems(rec: Recorder): string[] {
  return [
    ...rec.consoleErrors.map((e) => `console error: ${e}`),
    ...rec.pageErrors.map((e) => `uncaught exception: ${e.split('\n')[0]}`),
    ...rec.failedRequests.map((r) => `failed request: ${r}`),
    ...rec.foreignRequests.map((r) => `request to another origin: ${r}`),
  ];
}

/** The language checks of one loaded page: lang, hreflang alternates, the switch's target. */
async function languageProblems(s: Suite, p: SitePage, page: Page): Promise<{ problems: string[]; target?: URL }> {
  const problems: string[] = [];
  const other = p.locale === 'ko' ? 'en' : 'ko';
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== p.locale) problems.push(`<html lang="${lang}">, expected ${p.locale}`);
  const alts = await page.$$eval('link[rel="alternate"][hreflang]', (ls) => ls.map((l) => [l.getAttribute('hreflang') ?? '', (l as HTMLLinkElement).href]));
  for (const want of ['ko', 'en'] as const) {
    const hit = alts.find(([h]) => h === want || h.startsWith(`${want}-`));
    if (!hit) {
      problems.push(`no <link rel="alternate" hreflang="${want}">`);
      continue;
    }
    const expected = p.alternates[want];
    if (expected && new URL(hit[1]).pathname !== expected) problems.push(`hreflang ${want} points at ${hit[1]}, the sitemap says ${expected}`);
  }
  const switches = page.locator('a.lang-switch');
  if ((await switches.count()) !== 1) return { problems: [...problems, `${await switches.count()} a.lang-switch elements, expected 1`] };
  const href = await switches.getAttribute('href');
  if (!href) return { problems: [...problems, 'a.lang-switch has no href'] };
  const target = new URL(href, page.url());
  const expected = p.alternates[other];
  if (target.origin !== s.origin) problems.push(`a.lang-switch leaves the site: ${target.href}`);
  if (expected && target.pathname !== expected) problems.push(`a.lang-switch goes to ${target.pathname}, the same page in ${other} is ${expected}`);
  return { problems, target };
}

/** Clicks the language switch (the visit's last step) and checks the page it lands on. */
async function switchLanguage(p: SitePage, page: Page, target: URL): Promise<string[]> {
  const other = p.locale === 'ko' ? 'en' : 'ko';
  const problems: string[] = [];
  await page.evaluate(() => scrollTo(0, 0));
  // The other page's HTML is what is checked: its load need not finish (the context closes next).
  await Promise.all([page.waitForURL((u) => u.pathname === target.pathname, { waitUntil: 'domcontentloaded' }), page.locator('a.lang-switch').click()]);
  const res = await page.evaluate(() => ({ lang: document.documentElement.lang, back: (document.querySelector('a.lang-switch') as HTMLAnchorElement | null)?.href ?? null, main: document.querySelectorAll('main').length }));
  if (res.lang !== other) problems.push(`after the switch, ${target.pathname} has <html lang="${res.lang}">, expected ${other}`);
  if (!res.back || new URL(res.back).pathname !== p.path) problems.push(`${target.pathname}'s language switch does not come back: ${res.back}`);
  if (res.main === 0) problems.push(`${target.pathname} has no <main> (404 page?)`);
  return problems;
}

/** One cell's Run with its defaults during a visit: what the build wrote, and what the run gave. */
export interface CellRun {
  id: string;
  experiment: string;
  /** data-source before the run (the build's page says `build`). */
  source: string;
  built: Record<string, string>;
  /** Results marked data-timing (measured times), before and after the run. */
  timed: number;
  timedLive: number;
  /** Every data-state the cell took from the click on. */
  states: string[];
  liveSource: string;
  live: Record<string, string>;
  /** Whether the cell has a figure, and whether an svg is in it after the run. */
  figure: boolean;
  liveFigure: boolean;
  /** From Enter to the final state. */
  ms: number;
  /** The run was started from the keyboard after a Tab walk through the cell (keyboard.ts). */
  keyboard: { missing: string[]; order: string[]; by: string };
}

export interface Visit {
  traffic: string[];
  axe: Record<'light' | 'dark', string[]>;
  narrow: string[];
  /** Issue #28's bound for every cell at 360 px, at the visit's end (phone.ts): its problems, and each cell's height and figure share. */
  phone: string[];
  phoneCells: string[];
  /** The figure check (figures.ts) after every cell's run: at 1280 px in light, then at 360 px in dark. */
  figures: string[];
  /** The figure check as built (no cell run) at 360 and 1280 px, light and dark; and how many figure boxes. */
  builtFigures: string[];
  figureBoxes: number;
  /** The theme the page starts with under a light system scheme (the theme test reads it). */
  theme: string[];
  /** lang, hreflang, and the language switch (clicked at the end of the visit). */
  language: string[];
  cells: CellRun[];
  /** Stylesheets the page requested (loaded, scrolled, cells run), and those its <link>s name. */
  stylesheets: string[];
  linkedStylesheets: string[];
  /** At 360 px as loaded (reading.ts): display equations, how many and what is wrong with them. */
  equationCount: number;
  equations: string[];
  /** Long code and the article's numbers folded on screen, shown in print (reading.ts). */
  foldedSources: number;
  folds: string[];
}

/**
 * The locale whose page visits run every cell (from the keyboard, then axe and 360 px on the runs).
 * A cell computes the same in both locales (same experiment, same defaults: checked statically);
 * the other locale's strings after a run are read by the deep tests that run there (cells.ts,
 * follow.ts, hand.ts).
 */
export const CELL_LOCALE: Locale = 'ko';

/** A page's built cells: id → its spec's defaults and parameters (as JSON text), in page order. */
function builtSpecs(path: string): Map<string, string> {
  const out = new Map<string, string>();
  const document = builtDocument(path);
  if (!document) return out;
  for (const el of document.querySelectorAll<HTMLElement>('[data-cell]')) {
    const spec = el.querySelector('script[data-spec]')?.textContent ?? '';
    let key = spec;
    try {
      const s = JSON.parse(spec) as { defaults?: unknown; params?: unknown };
      key = JSON.stringify([s.defaults, s.params]);
    } catch {
      // a broken spec is the nojs test's concern: compared as text
    }
    out.set(el.dataset.cell ?? '', key);
  }
  return out;
}

const owned = new Map<string, Set<string>>();
/**
 * The cells a page of the other locale runs in its own visit: those whose defaults or parameters
 * differ from its CELL_LOCALE counterpart's (swrr.trace's names are the locale's own), or that the
 * counterpart lacks. Every cell of a CELL_LOCALE page is its own.
 */
export function ownCells(p: SitePage): Set<string> {
  let own = owned.get(p.path);
  if (!own) {
    const mine = builtSpecs(p.path);
    const other = p.locale === CELL_LOCALE ? undefined : p.alternates[CELL_LOCALE];
    const theirs = other ? builtSpecs(other) : undefined;
    own = new Set([...mine].filter(([id, key]) => !theirs || theirs.get(id) !== key).map(([id]) => id));
    owned.set(p.path, own);
  }
  return own;
}

/**
 * Visits made where they are read run two at a time in a worker (two pages' cells use both
 * cores); the project `visits` makes one a test, one in each worker.
 */
const VISIT_LANES = Number(process.env.VISIT_LANES ?? 2);
let activeVisits = 0;
const waiting: (() => void)[] = [];
async function inVisitLane<T>(fn: () => Promise<T>): Promise<T> {
  while (activeVisits >= VISIT_LANES) await new Promise<void>((ok) => waiting.push(ok));
  activeVisits++;
  try {
    return await fn();
  } finally {
    activeVisits--;
    waiting.shift()?.();
  }
}
const visits = new Map<string, Promise<Visit>>();

/**
 * axe in one theme. Light: every WCAG 2.2 A/AA rule. Dark: the theme changes only colours (CSS
 * custom properties and color-scheme) and the toggle's own state, so the rules that read colours
 * run on everything (every rule runs on the toggle in its dark state in the theme test);
 * `sameShape` checks that assumption on every visit (same elements, attributes, boxes and
 * visibility in both themes), so a dark theme that starts to change more fails until the full set
 * runs in dark too.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
async function axeInTheme(page: Page, scheme: 'light' | 'dark', include?: string): Promise<string[]> {
  if (scheme === 'light') return axeViolations(page, include);
  return axeViolations(page, include, COLOUR_RULES);
}

/**
 * Every element under `root` (the theme toggle left out): tag, attributes, box size, display,
 * visibility and opacity. Sizes, not positions: axe scrolls the page as it checks contrast. Kept in
 * the page under `slot` (thousands of lines: compared there, not sent to the test).
 */
async function fingerprint(page: Page, root: string, slot: string): Promise<void> {
  await page.evaluate(
    ([sel, key]) => {
      const out: string[] = [];
      for (const top of document.querySelectorAll(sel)) {
        for (const el of [top, ...top.querySelectorAll('*')]) {
          if (el.closest('.theme-toggle')) continue;
          const r = el.getBoundingClientRect();
          const cs = getComputedStyle(el);
          const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).join(' ');
          out.push(`<${el.tagName.toLowerCase()} ${attrs}> ${cs.display} ${cs.visibility} ${cs.opacity}|${r.width}|${r.height}`);
        }
      }
      const w = window as unknown as { __lbShapes?: Record<string, string[]> };
      (w.__lbShapes ??= {})[key] = out;
    },
    [root, slot] as const,
  );
}

/**
 * Whether switching to the dark theme changes anything under `root` but colours. Light, dark and
 * light again are read back to back; a page that changed by itself meanwhile (an island hydrating
 * late) is read again, so only what the theme changes is reported.
 */
async function themeChangesOnly(page: Page, root: string, what: string): Promise<string[]> {
  let changed: string[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    await setTheme(page, 'light');
    await fingerprint(page, root, 'light');
    await setTheme(page, 'dark');
    await fingerprint(page, root, 'dark');
    const shape = await sameShape(page, 'light', 'dark', what);
    // The same shape in both: nothing but colours changed (a page changing by itself meanwhile
    // would show as a difference). A difference is read once more in light, to tell the theme's
    // changes from the page's own.
    if (shape.length === 0) return shape;
    await setTheme(page, 'light');
    await fingerprint(page, root, 'again');
    changed = await sameShape(page, 'light', 'again', what);
    if (changed.length === 0) return shape;
    await settle(page, 500);
  }
  return [`${what} kept changing by itself while light and dark were compared; the colour-only axe pass in dark could not be checked (${changed.join('; ')})`];
}

/** Compares two fingerprints kept in the page (see `fingerprint`): the differences, described. */
function sameShape(page: Page, a: string, b: string, what: string): Promise<string[]> {
  return page.evaluate(
    ([first, second, thing]) => {
      const shapes = (window as unknown as { __lbShapes: Record<string, string[]> }).__lbShapes;
      const light = shapes[first];
      const dark = shapes[second];
      if (light.length !== dark.length) return [`the dark theme changes ${thing} beyond colours (${light.length} elements in light, ${dark.length} in dark): run every axe rule in dark`];
      // Sizes may differ by a pixel's rounding (SVG text boxes); more is a change of layout.
      // Width and height are the last two '|' fields (attributes may hold '|' themselves, as a chip's
      // data-pop does).
      const parts = (x: string): [string, string, string] => {
        const f = x.split('|');
        return [f.slice(0, -2).join('|'), f[f.length - 2], f[f.length - 1]];
      };
      const same = (p: string, q: string) => {
        if (p === q) return true;
        const [kp, wp, hp] = parts(p);
        const [kq, wq, hq] = parts(q);
        return kp === kq && Math.abs(Number(wp) - Number(wq)) <= 2 && Math.abs(Number(hp) - Number(hq)) <= 2;
      };
      const diffs = light.flatMap((l, i) => (same(l, dark[i]) ? [] : [`${l.slice(0, 80)} … ${l.slice(-60)} → ${dark[i].slice(-60)}`]));
      return diffs.length ? [`the dark theme changes ${thing} beyond colours, so the colour-only axe pass in dark no longer covers it (${diffs.length} element(s); first: ${diffs[0]})`] : [];
    },
    [a, b, what] as const,
  );
}

/** Sets the theme directly (the figure checks; the toggle itself is used for axe). */
async function setScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, scheme);
}

async function setTheme(page: Page, want: 'light' | 'dark'): Promise<string | undefined> {
  const now = await page.evaluate(() => document.documentElement.dataset.theme);
  if (now !== want) await page.locator('.theme-toggle').click();
  await page.waitForTimeout(100);
  return page.evaluate(() => document.documentElement.dataset.theme);
}

const overflow = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > doc.clientWidth + 1 && getComputedStyle(e).position !== 'fixed')
      .slice(0, 4)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} (right ${Math.round(e.getBoundingClientRect().right)})`);
    return { scrollWidth: doc.scrollWidth, wide };
  });

/**
 * One visit per page serves several tests: load, scroll (every island hydrates), Run every cell
 * with its defaults (the every-cell test compares those runs with the build), axe in both themes
 * (after the runs, on a page whose visit runs cells), and 360 px.
 */
export function visit(s: Suite, p: SitePage): Promise<Visit> {
  const key = `${s.origin}${p.path}`;
  let v = visits.get(key);
  if (!v) {
    const file = recordFile(p);
    v = file && existsSync(file) ? readRecord(file) : makeVisit(s, p);
    // A visit that failed or was stopped (its test timed out) fails every test that reads it, saying so.
    v = v.catch((e: unknown) => {
      throw new Error(`the page visit of ${p.path} did not complete: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    });
    visits.set(key, v);
  }
  return v;
}

/** The file a page's visit is recorded in (in LB_VISITS_DIR, when the run has one). */
function recordFile(p: SitePage): string | undefined {
  const dir = process.env.LB_VISITS_DIR;
  return dir ? join(dir, `${encodeURIComponent(p.path)}.json`) : undefined;
}

type VisitRecord = { visit: Visit } | { error: string };

async function readRecord(file: string): Promise<Visit> {
  const r = JSON.parse(readFileSync(file, 'utf8')) as VisitRecord;
  if ('error' in r) throw new Error(r.error);
  return r.visit;
}

/**
 * Makes a page's visit and records it for the tests that read it (the project `visits`); a visit
 * that fails is recorded as its error, which every test reading it then fails with. Returns that
 * error, if any.
 */
export async function recordVisit(s: Suite, p: SitePage): Promise<string | undefined> {
  const file = recordFile(p);
  if (!file) throw new Error('LB_VISITS_DIR is not set: run the suite through playwright.config.ts');
  let record: VisitRecord;
  try {
    record = { visit: await makeVisit(s, p) };
  } catch (e) {
    record = { error: e instanceof Error ? e.message.split('\n')[0] : String(e) };
  }
  writeFileSync(`${file}.part`, JSON.stringify(record));
  renameSync(`${file}.part`, file);
  return 'error' in record ? record.error : undefined;
}

/** A note under the current test's result (none when no test is running). */
function noteIfInTest(text: string): void {
  try {
    note(text);
  } catch {
    console.log(`# ${text}`);
  }
}

function makeVisit(s: Suite, p: SitePage): Promise<Visit> {
  return inVisitLane(async () => {
    const empty = (): Visit => ({ theme: [], traffic: [], axe: { light: [], dark: [] }, narrow: [], phone: [], phoneCells: [], figures: [], builtFigures: [], figureBoxes: 0, language: [], cells: [], stylesheets: [], linkedStylesheets: [], equationCount: 0, equations: [], foldedSources: 0, folds: [] });
    const out = empty();
    const t0 = Date.now();
    const lap: string[] = [];
    let last = t0;
    let doing = 'load at 360 px';
    let since = t0;
    const mark = (what: string, next: string) => {
      lap.push(`${what} ${((Date.now() - last) / 1000).toFixed(1)} s`);
      last = since = Date.now();
      doing = next;
    };
    const stalled: string[] = [];
    // The page opens on a phone's width: the document must not scroll sideways, and the figures
    // as built (the stylesheet's pick of the build's two widths) are checked in both themes;
    // then at 1280 px the same, before any cell hydrates or runs.
    await withPage(s, { colorScheme: 'light', viewport: { width: 360, height: 740 } }, async (page, rec, context) => {
      // withPage may run this again in a fresh context (a page that stopped drawing): from scratch.
      Object.assign(out, empty());
      lap.length = 0;
      last = since = Date.now();
      doing = 'load at 360 px';
      stalled.length = 0;
      await lifeLog(context);
      // A step that stalls is named, and the page looked at, on the worker's output at once (a
      // visit stopped at the test's timeout records only that it was stopped).
      const dog = watchdog(page, rec.pending, () => doing, () => since, (text) => {
        stalled.push(text);
        process.stdout.write(`      # visit ${p.path} stalled: ${text}\n`);
      });
      try {
        await page.goto(url(s, p.path));
        const start = await page.evaluate(() => document.documentElement.dataset.theme);
        if (start !== 'light') out.theme.push(`with prefers-color-scheme: light the page starts with data-theme="${start}"`);
        await settle(page, 200);
        const load = await overflow(page);
        if (load.scrollWidth > 360) out.narrow.push(`scrollWidth ${load.scrollWidth} > 360 after load; widest: ${load.wide.join(', ')}`);
        out.figureBoxes = await page.locator('.figure-plot').count();
        // As a reader finds it on a phone: the equations (once the fonts are in) and what is folded.
        await page.evaluate(() => document.fonts.ready);
        const eq = await equationProblems(page);
        out.equationCount = eq.count;
        out.equations = eq.problems;
        const folds = await foldProblems(page);
        out.foldedSources = folds.folded;
        out.folds = folds.problems;
        for (const width of [360, 1280] as const) {
          if (width !== 360) {
            await page.setViewportSize({ width, height: 900 });
            await page.waitForTimeout(100);
          }
          for (const scheme of ['light', 'dark'] as const) {
            await setScheme(page, scheme);
            for (const f of await figureProblems(page, scheme === 'light' ? 'all' : 'colours')) out.builtFigures.push(`as built, ${width} px, ${scheme}: ${f.figure}: ${f.what}`);
          }
        }
        await setScheme(page, 'light');
        const lang = await languageProblems(s, p, page);
        out.language.push(...lang.problems);
        const frames = page.frames().length;
        if (frames !== 1) out.axe.light.push(`the page has ${frames - 1} frame(s): axe runs in legacy mode (one document) and would miss them; run it in its default mode`);
        mark('load, 360 px, figures as built', 'scroll through');
        await scrollThrough(page);
        await settle(page);
        mark('scroll', 'axe');
        // The cells run in one locale's visits (CELL_LOCALE): the other's pages hold the same cells
        // with the same specs and build-time values (every-cell.ts checks so from the built HTML),
        // and run only those whose defaults are their own (ownCells).
        const own = ownCells(p);
        const cells = (await cellsOn(page)).filter((c) => own.has(c.id));
        // axe in both themes, once on the whole page: a CELL_LOCALE page with cells after its runs,
        // any other page as hydrated (before the cells it runs, which axe reads again after, alone).
        // So both states of every cell are checked: the hydrated build on the other locale's page
        // (the same cells: every-cell.ts), the runs' results on CELL_LOCALE's.
        const axeOn = async (prefix: string, root?: string): Promise<void> => {
          for (const scheme of ['light', 'dark'] as const) {
            const theme = await setTheme(page, scheme);
            if (theme !== scheme) out.axe[scheme].push(`${prefix}the theme toggle did not give data-theme="${scheme}" (got "${theme}")`);
            for (const v of await axeInTheme(page, scheme, root)) out.axe[scheme].push(`${prefix}${v}`);
          }
          for (const v of await themeChangesOnly(page, root ?? 'body', root ? 'the cells after their runs' : 'the page')) out.axe.dark.push(`${prefix}${v}`);
          await setTheme(page, 'light');
        };
        const afterRuns = p.locale === CELL_LOCALE && cells.length > 0;
        if (!afterRuns) await axeOn('');
        mark('axe', 'cells');
        for (const c of cells) {
          doing = `cell ${c.id}`;
          since = Date.now();
          const cell = page.locator(`[data-cell="${c.id}"]`);
          const built = await resultsOf(page, c.id);
          const source = (await cell.getAttribute('data-source')) ?? '';
          const timed = await cell.locator('[data-result][data-timing]').count();
          // From the keyboard: Tab through the cell, then Enter (keyboard.ts); the defaults run.
          const keys = await tabAndRun(page, c.id, 90_000);
          const { state } = keys;
          const ms = keys.ms;
          if (state !== 'done') out.traffic.push(`cell ${c.id} ended in state ${state}`);
          out.cells.push({
            ...c,
            source,
            built,
            states: (await statesOf(page, c.id)).map((e) => e.state),
            liveSource: (await cell.getAttribute('data-source')) ?? '',
            live: await resultsOf(page, c.id),
            timed,
            timedLive: await cell.locator('[data-result][data-timing]').count(),
            liveFigure: (await cell.locator('.cell-figure svg').count()) > 0,
            ms,
            keyboard: { missing: keys.missing, order: keys.order, by: keys.by },
          });
        }
        // The cells that took over a second, slowest first: where a visit's time goes.
        const slow = out.cells.filter((c) => c.ms > 1000).sort((a, b) => b.ms - a.ms).map((c) => `${c.id} ${(c.ms / 1000).toFixed(1)}`);
        mark(`${cells.length} cells${slow.length ? ` [${slow.join(', ')}]` : ''}`, 'figures, axe on the cells, 360 px');
        for (const f of await figureProblems(page)) out.figures.push(`after running every cell, 1280 px, light: ${f.figure}: ${f.what}`);
        if (cells.length > 0) {
          await page.evaluate(() => scrollTo(0, 0));
          await page.waitForTimeout(200);
          await axeOn(`after running ${cells.map((c) => c.id).join(', ')}: `, afterRuns ? undefined : '[data-cell]');
          await setTheme(page, 'dark');
          await page.setViewportSize({ width: 360, height: 740 });
          await page.waitForTimeout(300);
          const b = await overflow(page);
          if (b.scrollWidth > 360) out.narrow.push(`scrollWidth ${b.scrollWidth} > 360 after running every cell; widest: ${b.wide.join(', ')}`);
          // The live figures redraw for their narrower boxes (cell-island.ts, debounced).
          await page.waitForFunction(() => [...document.querySelectorAll('[data-source="live"] .figure-plot')].every((p) => [...p.querySelectorAll('svg[width]')].every((s) => Number(s.getAttribute('width')) <= p.clientWidth + 1)), null, { timeout: 5000 }).catch(() => undefined);
          for (const f of await figureProblems(page)) out.figures.push(`after running every cell, 360 px, dark: ${f.figure}: ${f.what}`);
        }
        // Every cell on a phone (issue #28), run or as built: a page whose visit ran none narrows here.
        if (cells.length === 0) {
          await page.setViewportSize({ width: PHONE.width, height: 740 });
          await page.waitForTimeout(100);
        }
        await hydrateAll(page);
        const phone = await phoneCells(page);
        out.phone = phoneProblems(p.path, phone);
        out.phoneCells = phone.map((c) => `${c.id} ${c.height} px ${(c.share * 100).toFixed(1)}%`);
        mark('axe on the cells and 360 px', 'settle');
        await settle(page);
        mark('settle', 'the language switch');
        out.traffic.push(...trafficProblems(rec));
        out.stylesheets = [...new Set(rec.requests.filter((r) => r.type === 'stylesheet').map((r) => r.url))];
        out.linkedStylesheets = await page.$$eval('link[rel~="stylesheet"]', (ls) => ls.map((l) => (l as HTMLLinkElement).href));
        // Last: the language switch, clicked (the page is left for the other language's).
        if (lang.target) out.language.push(...(await switchLanguage(p, page, lang.target)));
      } catch (e) {
        // Which step failed, and what the watchdog saw, with the error's first line.
        const what = e instanceof Error ? e.message.split('\n')[0] : String(e);
        throw new Error(`${doing}: ${what}${stalled.length ? ` (stalled: ${stalled.join('; ')})` : ''}`, { cause: e });
      } finally {
        dog.stop();
      }
    });
    noteIfInTest(`visit ${p.path}: ${((Date.now() - t0) / 1000).toFixed(1)} s (${lap.join(', ')})`);
    return out;
  });
}

/**
 * Watches a visit's steps: one that has run for `after` ms is reported once, with what the page
 * does then (stall.ts: `pageInMotion`), through `report`. `after` is 60 s, or LB_STALL_MS (to see
 * the report on a visit that does not stall).
 */
function watchdog(page: Page, pending: ReadonlySet<string>, doing: () => string, since: () => number, report: (text: string) => void, after = Number(process.env.LB_STALL_MS ?? 60_000)): { stop: () => void } {
  const seen = new Set<string>();
  const timer = setInterval(() => {
    const step = doing();
    const ms = Date.now() - since();
    if (ms < after || seen.has(step)) return;
    seen.add(step);
    void pageInMotion(page, pending).then((state) => report(`${step} has run ${Math.round(ms / 1000)} s; ${state}`));
  }, 5000);
  return { stop: () => clearInterval(timer) };
}

/**
 * A test that reads one part of every page's visit (an `after-visits` test): the problems the
 * visit recorded there, by page.
 */
export function visitReader(part: (v: Visit) => readonly string[], tag = ''): (fixtures: { suite: Suite }) => Promise<void> {
  return async ({ suite: s }) => {
    const problems = new Problems();
    for (const p of s.pages) for (const t of part(await visit(s, p))) problems.add(`${label(p)}${tag}`, t);
    problems.check();
  };
}

/** How many cells the built page has (the order of the visits; 0 for a page not built). */
export function builtCellCount(p: SitePage): number {
  const file = builtFile(p.path);
  return file ? readFileSync(file, 'utf8').split('data-cell="').length - 1 : 0;
}

