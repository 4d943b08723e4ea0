/**
 * The browser suite's helpers (the suite runs on @playwright/test: playwright.config.ts,
 * fixtures.ts): the static server, the sub-path build, the page list (from the built sitemap) and
 * helpers that open pages with their errors and requests recorded. tests/engines uses some of them.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { serveStatic } from '../../../scripts/static-server.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const DIST = join(ROOT, 'dist');
export const DIST_LB = join(ROOT, 'dist-lb');
export const LB_BASE = '/lb/';
/** The origin astro.config.mjs uses for `site` when SITE is not set (sitemap, canonical, hreflang). */
export const SITE_ORIGIN = 'http://localhost:4321';

export type Locale = 'ko' | 'en';

export interface SitePage {
  /** Path on the server, e.g. `/en/power-of-two-choices/`. */
  path: string;
  locale: Locale;
  /** Paths of this page in each language, from the sitemap's xhtml:link alternates. */
  alternates: Partial<Record<Locale, string>>;
}

export interface Suite {
  browser: Browser;
  /** `http://127.0.0.1:<port>` serving dist/ at `/`. */
  origin: string;
  /** `http://127.0.0.1:<port>` serving dist-lb/ at `/lb/`. */
  lbOrigin: string;
  pages: SitePage[];
  lbPages: SitePage[];
  /** Why the sub-path build could not be made or served, if it could not. */
  lbError?: string;
}

/** The same suite pointed at the sub-path build (dist-lb served under /lb/). */
export function lbSuite(s: Suite): Suite {
  if (s.lbError) throw new Error(`the sub-path build is not available: ${s.lbError}`);
  return { ...s, origin: s.lbOrigin, pages: s.lbPages };
}

/** Collects several problems (one per page, say) and fails once with all of them. */
export class Problems {
  list: string[] = [];
  add(where: string, what: string): void {
    this.list.push(`${where}: ${what}`);
  }
  check(): void {
    if (this.list.length) throw new Error(this.list.join('\n'));
  }
}

/**
 * Runs `fn` for every item, `lanes` at a time: a test's pages are independent of each other, and
 * two pages at once keep both cores busy.
 */
export async function eachOf<T>(items: readonly T[], fn: (item: T) => Promise<void>, lanes = 2): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * One page of each layout in each locale (the home page and the first chapter page): for checks of
 * what the shared layout does (the theme script and toggle), which every page of a layout runs alike.
 */
export function eachLayout(pages: readonly SitePage[]): SitePage[] {
  const seen = new Set<string>();
  return pages.filter((p) => {
    const path = p.path.startsWith(LB_BASE) ? `/${p.path.slice(LB_BASE.length)}` : p.path;
    const kind = path === '/' || path === '/en/' ? 'home' : 'chapter';
    const key = `${p.locale}:${kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

// ---------------------------------------------------------------- build, servers, browser

function freePort(preferred: number): Promise<number> {
  return new Promise((ok) => {
    const probe = createNetServer();
    probe.once('error', () => {
      const any = createNetServer();
      any.listen(0, '127.0.0.1', () => {
        const port = (any.address() as AddressInfo).port;
        any.close(() => ok(port));
      });
    });
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => ok(preferred)));
  });
}

export async function serve(dir: string, base: string, preferred: number): Promise<{ server: Server; origin: string }> {
  const port = await freePort(preferred);
  const server = await serveStatic(dir, base, port, '127.0.0.1');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function sh(cmd: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${out.slice(-3000)}`))));
  });
}

/** Builds dist-lb (the sub-path build) when it is missing or older than dist. */
export async function ensureSubpathBuild(): Promise<void> {
  const stamp = (dir: string) => (existsSync(join(dir, 'sitemap-0.xml')) ? statSync(join(dir, 'sitemap-0.xml')).mtimeMs : 0);
  const lb = stamp(DIST_LB);
  if (lb > 0 && lb >= stamp(DIST) && existsSync(join(DIST_LB, 'pagefind'))) return;
  console.log('# building the sub-path build: BASE=/lb/ astro build --outDir dist-lb && pagefind --site dist-lb');
  await sh(join(ROOT, 'node_modules/.bin/astro'), ['build', '--outDir', 'dist-lb'], { BASE: LB_BASE });
  await sh(join(ROOT, 'node_modules/.bin/pagefind'), ['--site', 'dist-lb']);
}

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium, waited for while it is being installed (a fresh machine's first run). */
export async function waitForChromium(): Promise<void> {
  for (let waited = 0; !existsSync(CHROMIUM); waited += 20) {
    if (waited >= 600) throw new Error(`${CHROMIUM} did not appear within 10 minutes`);
    console.log(`# waiting for ${CHROMIUM} (being installed)…`);
    await new Promise((r) => setTimeout(r, 20_000));
  }
}

/** The arguments Chromium is started with (playwright.config.ts's launchOptions). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 gives every new window (each test's context) the omnibox popup's two WebUI
  // pages, rendered even headless: about a CPU-second per context, half a page load's cost
  // here (measured: 2.1 against 1.1 CPU-s for a chapter page). No test looks at them.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** The built HTML file of a page's path in dist/ (`/x/` → `dist/x/index.html`), if there is one. */
export function builtFile(path: string): string | undefined {
  const rel = decodeURIComponent(path);
  return [join(DIST, rel, 'index.html'), join(DIST, rel)].find((f) => f.endsWith('.html') && existsSync(f));
}

const documents = new Map<string, Document>();
/**
 * A built page's HTML as a jsdom document, parsed once per worker (a chapter's page takes 0.4 to
 * 0.9 s to parse, and a dozen tests read each page). Shared: a caller reads it and never changes
 * it (one that removes elements parses its own copy).
 */
export function builtDocument(path: string): Document | undefined {
  const file = builtFile(path);
  if (!file) return undefined;
  let d = documents.get(file);
  if (!d) {
    d = new JSDOM(readFileSync(file, 'utf8')).window.document;
    documents.set(file, d);
  }
  return d;
}

/** The pages of a build, from its sitemap, mapped from the configured site onto paths. */
export function sitemapPages(dir: string): SitePage[] {
  const file = join(dir, 'sitemap-0.xml');
  assert(existsSync(file), `${file} is missing: run \`npm run build\` first`);
  const xml = readFileSync(file, 'utf8');
  const pages: SitePage[] = [];
  for (const [, body] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(body)?.[1];
    if (!loc) continue;
    const path = new URL(loc).pathname;
    const alternates: SitePage['alternates'] = {};
    for (const [, lang, href] of body.matchAll(/<xhtml:link[^>]*hreflang="([^"]+)"[^>]*href="([^"]+)"/g)) {
      const l = lang.slice(0, 2) as Locale;
      if (l === 'ko' || l === 'en') alternates[l] = new URL(href).pathname;
    }
    const base = dir === DIST_LB ? LB_BASE : '/';
    const locale: Locale = path.slice(base.length).startsWith('en/') ? 'en' : 'ko';
    pages.push({ path, locale, alternates });
  }
  assert(pages.length > 0, `${file} lists no pages`);
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

// ---------------------------------------------------------------- pages with their traffic recorded

export interface Recorder {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  foreignRequests: string[];
  /** Every request the page made, in order, with its resource type. */
  requests: { url: string; type: string }[];
  /** The requests not yet answered (neither finished nor failed). */
  pending: Set<string>;
}

/** A page's context options, the origin its requests may go to, and how often its frames are probed (`watchFrames`). */
export type PageOptions = BrowserContextOptions & { allowedOrigin?: string; frameProbe?: FrameProbe };

/**
 * Opens a fresh context and page, records errors and traffic, runs `fn`, closes the context.
 * `allowedOrigin` is the origin requests may go to (the server's).
 *
 * Headless Chromium (Debian's 156, in its new headless mode) now and then stops drawing a page
 * for good: its timers and scripts still run, but no animation frame comes, so every click,
 * scroll-to and stability wait of Playwright's hangs until the test's timeout. Seen here about
 * once in 200 loads of a chapter under load, with render on demand switched off as with it on; a
 * resize, a screenshot or bringing the page to the front does not wake it. `watchFrames` notices
 * (no frame for two probes in a row while the page's timers run); the context is closed and `fn`
 * runs once more in a fresh one, saying so on the output. A page that stops drawing twice fails
 * the test with what was seen.
 */
export async function withPage<T>(
  s: Suite,
  options: PageOptions,
  fn: (page: Page, rec: Recorder, context: BrowserContext) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const stalled: string[] = [];
    try {
      return await inContext(s, options, fn, stalled);
    } catch (e) {
      if (stalled.length === 0) throw e;
      if (attempt >= 2) throw new Error(`the page stopped drawing twice (${stalled.join('; ')}); the first try ended: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`, { cause: e });
      process.stdout.write(`      # ${stalled.join('; ')}: opened again in a fresh context\n`);
    }
  }
}

async function inContext<T>(
  s: Suite,
  options: PageOptions,
  fn: (page: Page, rec: Recorder, context: BrowserContext) => Promise<T>,
  stalled: string[],
): Promise<T> {
  const { allowedOrigin = s.origin, frameProbe, ...contextOptions } = options;
  // A test stopped at its timeout has its worker's browser closed (Playwright tears the worker
  // down after a failure), so nothing of it runs on into the next test.
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const rec: Recorder = { consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [], requests: [], pending: new Set() };
  const watch = (page: Page) => {
    page.on('console', (m) => {
      if (m.type() === 'error') rec.consoleErrors.push(`${m.text()} @ ${m.location().url}:${m.location().lineNumber}`);
    });
    page.on('pageerror', (e) => rec.pageErrors.push(`${e.name}: ${e.message}${e.stack ? `\n${e.stack}` : ''}`));
  };
  context.on('page', watch);
  context.on('request', (r) => {
    const url = r.url();
    rec.requests.push({ url, type: r.resourceType() });
    rec.pending.add(url);
    if (/^(data|blob|about):/.test(url)) return;
    if (new URL(url).origin !== allowedOrigin) rec.foreignRequests.push(url);
  });
  context.on('requestfailed', (r) => {
    rec.pending.delete(r.url());
    rec.failedRequests.push(`${r.url()} (${r.failure()?.errorText ?? 'failed'})`);
  });
  context.on('requestfinished', (r) => rec.pending.delete(r.url()));
  context.on('response', (r) => {
    if (r.status() >= 400) rec.failedRequests.push(`${r.url()} (HTTP ${r.status()})`);
  });
  // Service workers would hide requests from the context; the site has none.
  const page = await context.newPage();
  const frames = watchFrames(
    page,
    (what) => {
      stalled.push(`${page.url()} stopped drawing (${what})`);
      void context.close();
    },
    frameProbe,
  );
  try {
    return await fn(page, rec, context);
  } finally {
    frames.stop();
    await context.close();
  }
}

/**
 * Asks the page for one animation frame: `frame` if it comes within `wait` ms, `none` if the
 * page's own timer fires first, `hidden` for a page not shown; `late` when the page does not
 * answer at all within `wait` + 22 s (a long task), `gone` when it cannot (between documents, closed).
 */
export function frameWithin(page: Page, wait: number): Promise<'frame' | 'none' | 'hidden' | 'late' | 'gone'> {
  const asked = page.evaluate(
    (ms) =>
      new Promise<'frame' | 'none' | 'hidden'>((r) => {
        if (document.visibilityState !== 'visible') return r('hidden');
        const t = setTimeout(() => r('none'), ms);
        requestAnimationFrame(() => {
          clearTimeout(t);
          r('frame');
        });
      }),
    wait,
  );
  const late = new Promise<'late'>((r) => setTimeout(() => r('late'), wait + 22_000));
  return Promise.race([asked, late]).catch(() => 'gone' as const);
}

/** How often a page is asked for a frame, and how long each probe waits for one (ms). */
export interface FrameProbe {
  every: number;
  wait: number;
}

/**
 * Asks the page for an animation frame every 10 s (not under LB_PERF: the timing tests measure
 * the page alone). A probe that gets no frame within 8 s while the page's timers run counts; two
 * in a row call `stalled`. A page busy in a long task answers late, which does not count, nor does
 * a hidden page or one between documents.
 */
export function watchFrames(page: Page, stalled: (what: string) => void, probe: FrameProbe = { every: 10_000, wait: 8000 }): { stop: () => void } {
  if (process.env.LB_PERF === '1') return { stop: () => undefined };
  let missed = 0;
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    void frameWithin(page, probe.wait).then((got) => {
      busy = false;
      missed = got === 'none' ? missed + 1 : 0;
      if (missed >= 2 && !stopped) {
        stopped = true;
        clearInterval(timer);
        stalled(`no animation frame in two probes of ${probe.wait / 1000} s while its timers ran`);
      }
    });
  }, probe.every);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** Scrolls to the bottom in steps so every lazily hydrated cell comes into view. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    scrollTo(0, document.documentElement.scrollHeight);
  });
}

export async function settle(page: Page, ms = 300): Promise<void> {
  await page.waitForLoadState('load');
  try {
    await page.waitForLoadState('networkidle', { timeout: 5000 });
  } catch {
    // a page that keeps talking is still checked
  }
  await page.waitForTimeout(ms);
}

export const RESULT_SELECTOR = '[data-result][data-value]';

/** The cells on the current page: id, experiment, whether it has a figure (from its spec). */
export async function cellsOn(page: Page): Promise<{ id: string; experiment: string; figure: boolean }[]> {
  return page.$$eval('[data-cell]', (cells) =>
    cells.map((c) => {
      const el = c as HTMLElement;
      let figure = !!el.querySelector('.cell-figure');
      const spec = el.querySelector('script[data-spec]')?.textContent;
      if (spec) {
        try {
          figure = figure || !!(JSON.parse(spec) as { figure?: unknown }).figure;
        } catch {
          // a broken spec is the nojs test's concern, not this helper's
        }
      }
      return { id: el.dataset.cell ?? '', experiment: el.dataset.experiment ?? '', figure };
    }),
  );
}

/** A cell's results as { key: raw value }. */
/** A cell's results, measured times (data-timing, which vary by nature) left out. */
export async function resultsOf(page: Page, cellId: string): Promise<Record<string, string>> {
  return page.$$eval(`[data-cell="${cellId}"] ${RESULT_SELECTOR}:not([data-timing])`, (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-result') ?? '', e.getAttribute('data-value') ?? ''])),
  );
}

/**
 * Records every value a cell's data-state takes from now on (with performance.now() times) in
 * `window.__lbStates[cellId]`, so a test sees `running` even when a run ends within one frame.
 */
export async function watchStates(page: Page, cellId: string): Promise<void> {
  await page.evaluate((id) => {
    const w = window as unknown as { __lbStates?: Record<string, { state: string; t: number }[]>; __lbObs?: Record<string, MutationObserver> };
    w.__lbStates ??= {};
    w.__lbObs ??= {};
    w.__lbObs[id]?.disconnect();
    const el = document.querySelector(`[data-cell="${id}"]`);
    if (!el) throw new Error(`no cell ${id}`);
    const log: { state: string; t: number }[] = [];
    w.__lbStates[id] = log;
    const obs = new MutationObserver((records) => {
      const t = performance.now();
      records.forEach((r, i) => {
        const after = i + 1 < records.length ? records[i + 1].oldValue : el.getAttribute('data-state');
        log.push({ state: after ?? '', t });
      });
    });
    obs.observe(el, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true });
    w.__lbObs[id] = obs;
  }, cellId);
}

export async function statesOf(page: Page, cellId: string): Promise<{ state: string; t: number }[]> {
  return page.evaluate((id) => (window as unknown as { __lbStates?: Record<string, { state: string; t: number }[]> }).__lbStates?.[id] ?? [], cellId);
}

/** Waits until a watched cell has been `running` and then reached a final state; returns it. */
export async function waitForRunEnd(page: Page, cellId: string, timeout = 30_000): Promise<string> {
  const handle = await page.waitForFunction(
    (id) => {
      const log = (window as unknown as { __lbStates?: Record<string, { state: string }[]> }).__lbStates?.[id] ?? [];
      const i = log.findIndex((e) => e.state === 'running');
      if (i < 0) return false;
      const last = log[log.length - 1].state;
      return log.length > i + 1 && ['done', 'error', 'cancelled'].includes(last) ? last : false;
    },
    cellId,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as string;
}

/** Runs a cell with whatever its controls hold (pressing Run) and waits until it settles. */
export async function runCell(page: Page, cellId: string, timeout = 30_000): Promise<string> {
  const cell = page.locator(`[data-cell="${cellId}"]`);
  await cell.scrollIntoViewIfNeeded();
  await watchStates(page, cellId);
  await cell.locator('button[data-action="run"]').click();
  return waitForRunEnd(page, cellId, timeout);
}

export function url(s: Suite, path: string): string {
  return new URL(path, s.origin).href;
}

export function label(p: SitePage): string {
  return p.path;
}
