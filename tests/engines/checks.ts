/**
 * What the engine suite checks in one browser: every cell of every page run with its defaults
 * gives the build's `data-value`s to the last digit (measured times aside: those must be positive
 * and, run twice, within a factor of a hundred of each other); the flow view plays; search answers.
 */
import { builtDocument } from '../browser/lib/helpers.ts';
import type { SitePage } from '../browser/lib/helpers.ts';
import type { Engine } from './drivers.ts';

export interface BuiltCell {
  id: string;
  experiment: string;
  /** The build's results: key → data-value, measured times left out. */
  values: Record<string, string>;
  /** The keys of the measured times (data-timing). */
  timed: string[];
}

/** A page's cells and flow views as the build wrote them (dist/…/index.html). */
export function builtPage(path: string): { cells: BuiltCell[]; flows: string[] } {
  // Parsed once for both engines (helpers.ts builtDocument).
  const document = builtDocument(path);
  if (!document) throw new Error(`${path}: no built HTML file in dist/`);
  const cells = [...document.querySelectorAll<HTMLElement>('[data-cell]')].map((el) => {
    const values: Record<string, string> = {};
    const timed: string[] = [];
    for (const r of el.querySelectorAll('[data-result][data-value]')) {
      const key = r.getAttribute('data-result') ?? '';
      if (r.hasAttribute('data-timing')) timed.push(key);
      else values[key] = r.getAttribute('data-value') ?? '';
    }
    return { id: el.dataset.cell ?? '', experiment: el.dataset.experiment ?? '', values, timed };
  });
  const flows = [...document.querySelectorAll<HTMLElement>('lb-flow[data-flow]')].map((el) => el.dataset.flow ?? '');
  return { cells, flows };
}

export interface LiveRun {
  state: string;
  source: string;
  path: string;
  values: Record<string, string>;
  timed: Record<string, string>;
  alert: string;
}

/** Watches a cell's data-state in the page: each final state it reaches is counted. */
function watch(id: string): void {
  const w = window as Window & { __engineRuns?: Record<string, string[]> };
  w.__engineRuns ??= {};
  if (w.__engineRuns[id]) return;
  const log: string[] = [];
  w.__engineRuns[id] = log;
  const el = document.querySelector(`[data-cell="${id}"]`);
  if (!el) throw new Error(`no [data-cell="${id}"] on the page`);
  el.scrollIntoView({ block: 'center', behavior: 'instant' });
  new MutationObserver(() => {
    const s = el.getAttribute('data-state') ?? '';
    if (s === 'done' || s === 'error' || s === 'cancelled') log.push(s);
  }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
}

/** Once the cell has finished `runs` runs, its results; null before. */
function finished(id: string, runs: number): LiveRun | null {
  const w = window as Window & { __engineRuns?: Record<string, string[]> };
  if ((w.__engineRuns?.[id]?.length ?? 0) < runs) return null;
  const el = document.querySelector<HTMLElement>(`[data-cell="${id}"]`)!;
  const values: Record<string, string> = {};
  const timed: Record<string, string> = {};
  for (const r of el.querySelectorAll('[data-result][data-value]')) {
    (r.hasAttribute('data-timing') ? timed : values)[r.getAttribute('data-result') ?? ''] = r.getAttribute('data-value') ?? '';
  }
  const alert = [...el.querySelectorAll('[role="alert"]')].map((a) => (a.textContent ?? '').trim()).join(' ');
  return { state: el.dataset.state ?? '', source: el.dataset.source ?? '', path: el.dataset.path ?? '', values, timed, alert };
}

/**
 * Waits (up to 30 s) until the cell's code has loaded (data-ready) and its Run button has stood
 * still for three frames: hydration puts ranges beside the primary fields, which moves the button,
 * and a native click on a layout moving under the pointer lands on whatever is there then (a
 * range, set to where it was hit, runs the cell with that value).
 */
async function settled(cell: string): Promise<string> {
  const el = document.querySelector<HTMLElement>(`[data-cell="${cell}"]`);
  const button = el?.querySelector('button[data-action="run"]');
  if (!el || !button) return 'no such cell or Run button';
  button.scrollIntoView({ block: 'center', behavior: 'instant' });
  const frame = () => new Promise((ok) => requestAnimationFrame(ok));
  const where = () => {
    const r = button.getBoundingClientRect();
    return `${r.x},${r.y},${r.width},${r.height}`;
  };
  let last = '';
  let still = 0;
  for (const t = performance.now(); performance.now() - t < 30_000; ) {
    await frame();
    const now = where();
    still = el.dataset.ready && now === last ? still + 1 : 0;
    last = now;
    if (still >= 3) return 'ok';
  }
  return `not settled in 30 s (ready=${el.dataset.ready ?? '-'})`;
}

/** Whether the cell's run number `runs` has begun (running, pending, or already finished) within 3 s of the press. */
async function started(engine: Engine, id: string, runs: number): Promise<boolean> {
  for (const until = Date.now() + 3000; Date.now() < until; ) {
    const begun = await engine.evaluate(
      (cell: string, n: number) => {
        const el = document.querySelector<HTMLElement>(`[data-cell="${cell}"]`);
        const done = (window as Window & { __engineRuns?: Record<string, string[]> }).__engineRuns?.[cell]?.length ?? 0;
        return done >= n || el?.dataset.state === 'running' || el?.dataset.pending === 'run';
      },
      id,
      runs,
    );
    if (begun) return true;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return false;
}

/** What a cell that did not finish shows: its attributes, status line and progress. */
function cellState(id: string): string {
  const el = document.querySelector<HTMLElement>(`[data-cell="${id}"]`);
  if (!el) return 'no such cell';
  const d = el.dataset;
  const progress = el.querySelector('progress');
  const w = window as Window & { __engineRuns?: Record<string, string[]> };
  return `state=${d.state} source=${d.source} ready=${d.ready ?? '-'} hydrating=${d.hydrating ?? '-'} pending=${d.pending ?? '-'} finals=${(w.__engineRuns?.[id] ?? []).join('/') || 'none'} progress=${progress?.value ?? '-'} status="${el.querySelector('.cell-status')?.textContent ?? ''}"`;
}

/** Key by key, what differs between the build's values and a live run's. */
export function diff(want: Record<string, string>, got: Record<string, string>): string[] {
  return [...new Set([...Object.keys(want), ...Object.keys(got)])]
    .filter((k) => want[k] !== got[k])
    .map((k) => `${k}: build ${k in want ? want[k] : '(absent)'}, live ${k in got ? got[k] : '(absent)'}`);
}

/** Problems with a measured time: not a positive finite number. */
function badTime(key: string, value: string | undefined): string | null {
  const v = Number(value);
  return value === undefined ? `${key}: absent` : Number.isFinite(v) && v > 0 ? null : `${key} = ${value}: a measured time must be positive`;
}

/**
 * Two runs' measured times: each positive, and no key moving by a factor of a hundred or more. A
 * hundredfold swing is a unit or a clock gone wrong (ms read as µs is a thousand); a tenfold one is
 * what a JIT does to an operation of tens of nanoseconds between its first, cold run and its second
 * (WebKit timed mod-n's build at 0.8 µs, then 78 ns), not a fault of the page.
 */
export function timingProblems(keys: readonly string[], a: Record<string, string>, b: Record<string, string>): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const bad = badTime(k, a[k]) ?? badTime(k, b[k]);
    if (bad) {
      out.push(bad);
      continue;
    }
    const [x, y] = [Number(a[k]), Number(b[k])];
    if (Math.max(x, y) >= 100 * Math.min(x, y)) out.push(`${k}: ${a[k]} then ${b[k]}, a hundredfold swing between two runs`);
  }
  return out;
}

export interface PageReport {
  cells: number;
  matched: number;
  timedCells: number;
  /** Presses of Run repeated because the first did not reach the page. */
  repressed: number;
  problems: string[];
  ms: number;
}

const CELL_TIMEOUT = 180_000;

/** Opens a page, runs every cell with its defaults (cells with measured times twice), compares. */
export async function checkPage(engine: Engine, origin: string, page: SitePage): Promise<PageReport> {
  const t0 = Date.now();
  const { cells } = builtPage(page.path);
  const report: PageReport = { cells: cells.length, matched: 0, timedCells: 0, repressed: 0, problems: [], ms: 0 };
  const at = (c: BuiltCell) => `${page.path} ${c.id} (${c.experiment})`;
  await engine.goto(new URL(page.path, origin).href);
  for (const c of cells) {
    await engine.evaluate(watch, c.id);
    const runs = c.timed.length > 0 ? 2 : 1;
    let first: LiveRun | null = null;
    let last: LiveRun | null = null;
    for (let r = 1; r <= runs; r++) {
      // WebKitWebDriver now and then loses a click (the cell stays idle, nothing pending: the press
      // never reached the page, as when the layout moves under the pointer); pressed again, up to
      // three times, and counted. A cell that does not start after three presses is a problem.
      for (let press = 1; ; press++) {
        const calm = await engine.evaluate(settled, c.id);
        if (calm !== 'ok') report.problems.push(`${at(c)}: before pressing Run: ${calm}`);
        await engine.click(`[data-cell="${c.id}"] button[data-action="run"]`);
        if (await started(engine, c.id, r)) break;
        if (press === 3) break;
        report.repressed++;
      }
      last = null;
      for (const until = Date.now() + CELL_TIMEOUT; !last && Date.now() < until; ) {
        await new Promise((ok) => setTimeout(ok, 250));
        last = await engine.evaluate(finished, c.id, r);
      }
      if (!last) break;
      first ??= last;
    }
    if (!first || !last) {
      report.problems.push(`${at(c)}: no run finished within ${CELL_TIMEOUT / 1000} s (${await engine.evaluate(cellState, c.id)})`);
      continue;
    }
    const runProblems: string[] = [];
    for (const run of first === last ? [first] : [first, last]) {
      if (run.state !== 'done' || run.source !== 'live') runProblems.push(`ended in state ${run.state}, source ${run.source}${run.alert ? `: ${run.alert}` : ''}`);
      if (run.path === 'typescript') runProblems.push('ran on the TypeScript fallback, not the kernel (data-path="typescript")');
      runProblems.push(...diff(c.values, run.values));
    }
    // A run with other parameters than the defaults shows in the address (?cell.param=value).
    const moved = await engine.evaluate((cell: string) => [...new URLSearchParams(location.search).keys()].filter((k) => k.startsWith(`${cell}.`)).join(', '), c.id);
    if (moved) runProblems.push(`the run's parameters are not the defaults (the address sets ${moved}): a press reached a control`);
    if (c.timed.length > 0) {
      report.timedCells++;
      const missing = c.timed.filter((k) => !(k in first.timed));
      if (missing.length) runProblems.push(`measured times missing after the run: ${missing.join(', ')}`);
      runProblems.push(...timingProblems(c.timed, first.timed, last.timed));
    }
    if (runProblems.length) report.problems.push(...[...new Set(runProblems)].map((p) => `${at(c)}: ${p}`));
    else report.matched++;
  }
  report.problems.push(...(await engine.takeErrors()).map((e) => `${page.path}: ${e}`));
  report.ms = Date.now() - t0;
  return report;
}

/** A fingerprint of the view's canvases: it changes when a frame is drawn. */
function canvases(id: string): string {
  const root = document.querySelector(`lb-flow[data-flow="${id}"]`);
  return [...(root?.querySelectorAll('canvas') ?? [])]
    .map((c) => {
      const s = c.toDataURL();
      let h = 0;
      for (let i = 0; i < s.length; i += 7) h = (h * 31 + s.charCodeAt(i)) | 0;
      return `${s.length}:${h}`;
    })
    .join(' ');
}

/** The flow view on a page: on screen it starts playing by itself, and its frames advance. */
export async function checkFlow(engine: Engine, origin: string, path: string, id: string): Promise<string[]> {
  await engine.goto(new URL(path, origin).href);
  const playing = await engine.evaluate(async (flow: string) => {
    const el = document.querySelector<HTMLElement>(`lb-flow[data-flow="${flow}"]`);
    if (!el) return 'absent';
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    const t = performance.now();
    while (el.dataset.playing !== 'true' && performance.now() - t < 15_000) await new Promise((r) => setTimeout(r, 100));
    return el.dataset.playing ?? 'unset';
  }, id);
  if (playing !== 'true') return [`${path} flow ${id}: data-playing="${playing}" 15 s after it came on screen`];
  const before = await engine.evaluate(canvases, id);
  await new Promise((r) => setTimeout(r, 800));
  const after = await engine.evaluate(canvases, id);
  const out = before === '' ? [`${path} flow ${id}: no canvas in the view`] : before === after ? [`${path} flow ${id}: data-playing="true" but no frame changed in 0.8 s`] : [];
  out.push(...(await engine.takeErrors()).map((e) => `${path}: ${e}`));
  return out;
}

/** Search: the header's search, typed into, lists a link to `want`. */
export async function checkSearch(engine: Engine, origin: string, from: string, query: string, want: string): Promise<string[]> {
  await engine.goto(new URL(from, origin).href);
  await engine.click('.search-open');
  await engine.type('#search-input', query);
  const found = await engine.evaluate(async (path: string) => {
    const t = performance.now();
    let hrefs: string[] = [];
    while (performance.now() - t < 10_000) {
      hrefs = [...document.querySelectorAll<HTMLAnchorElement>('.search-results a')].map((a) => new URL(a.href).pathname);
      if (hrefs.includes(path)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return hrefs;
  }, want);
  const out = found.includes(want) ? [] : [`search "${query}" on ${from}: no link to ${want} within 10 s (found: ${found.join(', ') || 'none'})`];
  out.push(...(await engine.takeErrors()).map((e) => `${from}: ${e}`));
  return out;
}
