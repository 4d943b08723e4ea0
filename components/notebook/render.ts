import type { Output, ParamSpec, ResultKind, ResultTable } from '../../src/experiments/shared/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { countFormat, koreanRoundCount } from '../../src/i18n/korean-count.ts';
import { compactGeometry } from '../figures/compact.ts';
import { figureById } from '../figures/index.ts';
import { timingNote } from './timing-note.ts';

/**
 * The parts of a cell that show results, as DOM built through a given document: the build
 * calls these with a server-side DOM, the page with its own, so both draw the same thing.
 */

export interface RenderContext {
  document: Document;
  locale: string;
  strings: Strings;
  experiment: string;
  width: number;
}

const isKorean = (locale: string) => locale === 'ko' || locale.startsWith('ko-');

/** The words a value may read as: the page's `cell.yes`, `cell.no` and `cell.none` (English without them). */
export type Words = Readonly<Record<string, string | undefined>>;

export function formatValue(kind: ResultKind, value: number | string, locale: string, words: Words = {}): string {
  if (typeof value === 'string' || kind === 'text') return String(value);
  switch (kind) {
    case 'yes-no':
      return value ? (words['cell.yes'] ?? 'yes') : (words['cell.no'] ?? 'no');
    case 'int-or-none':
      if (value === 0) return words['cell.none'] ?? 'none';
      return isKorean(locale) ? koreanRoundCount(value) : new Intl.NumberFormat(locale).format(value);
    case 'int':
      // Korean counts by 만 and 억: a whole number of 만 reads "100만", anything else keeps its digits.
      return isKorean(locale) ? koreanRoundCount(value) : new Intl.NumberFormat(locale).format(value);
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'decimal':
      return new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 }).format(value);
  }
}

/**
 * A result key is a name followed by parameter segments: `max.d2` reads the template
 * `result.max` with {d: 2}; `max.d2.n1000000` reads `result.max` with {d: 2, n: 1000000};
 * `t.d2.l0.95` reads `result.t` with {d: 2, l: 0.95}. A key with its own string reads that.
 */
export function resultLabel(key: string, experiment: string, strings: Readonly<Record<string, string | undefined>>, locale = 'en'): string {
  const exact = strings[`cell.${experiment}.result.${key}`];
  if (exact) return exact;
  const m = /^(.*?)((?:\.[a-z]+\d+(?:\.\d+)?)+)$/.exec(key);
  if (m) {
    const template = strings[`cell.${experiment}.result.${m[1]}`];
    if (template) {
      const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
      const vars: Record<string, string> = {};
      for (const [, name, value] of m[2].matchAll(/\.([a-z]+)(\d+(?:\.\d+)?)/g)) vars[name] = isKorean(locale) ? koreanRoundCount(Number(value)) : nf.format(Number(value));
      return fill(template, vars);
    }
  }
  return key;
}

/** One result's element: its key, its raw value, its text for the page, and whether it is a measured time. */
function resultCell(ctx: RenderContext, el: HTMLElement, key: string, value: number | string, kind: ResultKind, timed: readonly string[]): HTMLElement {
  el.setAttribute('data-result', key);
  el.setAttribute('data-value', String(value));
  if (timed.includes(key)) el.setAttribute('data-timing', 'true');
  el.textContent = formatValue(kind, value, ctx.locale, ctx.strings);
  return el;
}

/**
 * Many results by series and measure as one table (the experiment's `resultTable`): a row per
 * series that has any result, a column per measure that any series has. Results outside the grid
 * come back in `rest`.
 */
export function renderResultTable(
  ctx: RenderContext,
  output: Output,
  kinds: Record<string, ResultKind>,
  timed: readonly string[],
  layout: ResultTable,
): { table: HTMLElement; rest: [string, number | string][] } {
  const doc = ctx.document;
  const words = ctx.strings as Readonly<Record<string, string | undefined>>;
  const keyOf = (series: string, measure: string) => layout.key.replace('{series}', series).replace('{measure}', measure);
  const has = (k: string) => Object.hasOwn(output.results, k);
  const series = layout.series.filter((sr) => layout.measures.some((m) => has(keyOf(sr, m))));
  const measures = layout.measures.filter((m) => series.some((sr) => has(keyOf(sr, m))));
  const inGrid = new Set(series.flatMap((sr) => measures.map((m) => keyOf(sr, m))));
  const table = doc.createElement('table');
  table.className = 'results-table';
  const head = doc.createElement('tr');
  for (const [i, label] of [words[layout.corner] ?? '', ...measures.map((m) => words[`${layout.measureLabels}${m}`] ?? m)].entries()) {
    const th = doc.createElement('th');
    th.setAttribute('scope', 'col');
    if (i > 0) th.setAttribute('data-measure', measures[i - 1]);
    appendLabel(th, label);
    head.append(th);
  }
  const thead = doc.createElement('thead');
  thead.append(head);
  const tbody = doc.createElement('tbody');
  for (const sr of series) {
    const tr = doc.createElement('tr');
    const th = doc.createElement('th');
    th.setAttribute('scope', 'row');
    th.textContent = headerText(words[`${layout.seriesLabels}${sr}`] ?? sr);
    tr.append(th);
    for (const m of measures) {
      const k = keyOf(sr, m);
      const td = doc.createElement('td');
      if (has(k)) tr.append(resultCell(ctx, td, k, output.results[k], kinds[k] ?? 'decimal', timed));
      else {
        // A cell the run has no value for says why, in words (never a blank or a dash).
        td.className = 'result-none';
        td.textContent = (layout.missing && (words[`${layout.missing}${sr}.${m}`] ?? words[`${layout.missing}${m}`] ?? words[`${layout.missing}any`])) ?? '';
        tr.append(td);
      }
    }
    tbody.append(tr);
  }
  table.append(thead, tbody);
  return { table, rest: Object.entries(output.results).filter(([k]) => !inGrid.has(k)) };
}

/** A figure's cell shows this many of its numbers at first, and folds the rest (when two or more). */
export const RESULTS_SHOWN = 2;

/** How many numbers a cell shows above "All n numbers" under its figure (false: no figure, no fold). */
export function shownUnder(figureId: string | undefined | null): number | false {
  return figureId ? (figureById(figureId).resultsShown ?? RESULTS_SHOWN) : false;
}

export function renderResults(
  ctx: RenderContext,
  output: Output,
  kinds: Record<string, ResultKind>,
  timed: readonly string[] = [],
  layout?: ResultTable | null,
  /** Under a figure, the numbers after the first `fold` fold into "All n numbers" (the figure draws them): shownUnder. */
  fold: number | false = false,
): HTMLElement {
  const doc = ctx.document;
  const dl = doc.createElement('dl');
  dl.className = 'cell-results';
  // Numbers, not prose: the result tiles stay out of the search index.
  dl.setAttribute('data-pagefind-ignore', '');
  const all = Object.entries(output.results);
  let entries = all;
  let wrap: HTMLElement | null = null;
  let scroll: HTMLElement | null = null;
  if (layout) {
    const { table, rest } = renderResultTable(ctx, output, kinds, timed, layout);
    entries = rest;
    // A table wider than a phone scrolls; the box is a named region a keyboard can scroll too.
    scroll = doc.createElement('div');
    scroll.className = 'results-scroll';
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('tabindex', '0');
    scroll.setAttribute('aria-label', ctx.strings['cell.results']);
    scroll.append(table);
  }
  // Folded: the first few stay in view, the rest (two or more, or a table: the figure draws its
  // numbers) in a disclosure closed at first.
  let rest: HTMLElement | null = null;
  const shown = fold === false ? Infinity : fold;
  if (fold !== false && (scroll || entries.length > shown + 1)) {
    wrap = doc.createElement('div');
    wrap.className = 'cell-results cell-results-folded';
    wrap.setAttribute('data-pagefind-ignore', '');
    dl.className = 'cell-results-rest';
    dl.removeAttribute('data-pagefind-ignore');
    const more = doc.createElement('details');
    more.className = 'results-more';
    const summary = doc.createElement('summary');
    summary.textContent = fill(ctx.strings['cell.results.more'], { n: new Intl.NumberFormat(ctx.locale).format(all.length) });
    rest = doc.createElement('dl');
    rest.className = 'cell-results-rest';
    more.append(summary, ...(scroll ? [scroll] : []), rest);
    wrap.append(dl, more);
  } else if (scroll) {
    wrap = doc.createElement('div');
    wrap.className = 'cell-results cell-results-grid';
    wrap.setAttribute('data-pagefind-ignore', '');
    dl.className = 'cell-results-rest';
    dl.removeAttribute('data-pagefind-ignore');
    wrap.append(scroll, dl);
  }
  for (const [i, [key, value]] of entries.entries()) {
    const row = doc.createElement('div');
    const dt = doc.createElement('dt');
    appendLabel(dt, resultLabel(key, ctx.experiment, ctx.strings, ctx.locale));
    // A measured time (data-timing) differs between runs and machines, and says so to the tests.
    const dd = resultCell(ctx, doc.createElement('dd'), key, value, kinds[key] ?? 'decimal', timed);
    row.append(dt, dd);
    (rest && i >= shown ? rest : dl).append(row);
  }
  if (rest && !rest.hasChildNodes()) rest.remove();
  // The measured times' clock, spread and noise, in words (timing-note.ts).
  const note = timingNote(ctx, output, wrap ?? dl, layout);
  if (note) dl.append(note);
  return wrap ?? dl;
}

/** A single letter with a subscript, as labels write it: `L_a`, `L_3`, `T_{max}`; not `fail_timeout`. */
const SUBSCRIPT = /(?<![A-Za-z])([A-Za-z])_([A-Za-z0-9]|\{[^}]+\})(?![A-Za-z0-9_])/g;

/**
 * A table header's text that wraps cleanly in a narrow column: `x = y` stays on one line (the
 * spaces around = do not break), so a header such as "λ = 0.99, d = 1" breaks only after its
 * comma, never into "λ =" / "0.99," / "d = 1".
 */
export const headerText = (text: string): string => text.replace(/ = /g, '\u00a0=\u00a0');

/** Appends a label's text to an element, its subscripts as <sub> (`L_a` reads L with a subscript a); in a table header, see headerText. */
export function appendLabel(el: Element, raw: string): void {
  const doc = el.ownerDocument;
  const text = el.localName === 'th' ? headerText(raw) : raw;
  let at = 0;
  for (const m of text.matchAll(SUBSCRIPT)) {
    el.append(doc.createTextNode(text.slice(at, m.index) + m[1]));
    const sub = doc.createElement('sub');
    sub.textContent = m[2].replace(/^\{|\}$/g, '');
    el.append(sub);
    at = m.index + m[0].length;
  }
  el.append(doc.createTextNode(text.slice(at)));
}

/**
 * The widths the build draws every figure at: the desktop column's (a chapter's figure box is
 * 638 px there) and a phone's (a 360 px screen leaves 318 px inside the cell). The page's
 * stylesheet shows the first that fits the figure's box (a container query on .figure-plot, one
 * per wide width in global.css), so a reader without JavaScript gets text at its drawn size,
 * never a desktop figure shrunk to half. After a live run the page draws one figure at the box's
 * own width instead (cell-island.ts).
 */
export const FIGURE_WIDTHS = { wide: 624, narrow: 300 } as const;

/** The figure box's width where each build width shows (FIGURE_WIDTHS' comment): what render on demand sizes a drawing for (figure-height.ts). */
export const FIGURE_BOXES = { wide: 638, narrow: 318 } as const;

/** The width a live figure is drawn at for a box `box` px wide. */
export const liveWidth = (box: number): number => Math.max(FIGURE_WIDTHS.narrow - 24, Math.min(800, Math.round(box || FIGURE_WIDTHS.wide)));

/** The figure at each build width, widest first, each in a `.figure-at` box that names its width. */
export function renderFigureWidths(ctx: RenderContext, figureId: string, output: Output, widths: readonly number[] = [FIGURE_WIDTHS.wide, FIGURE_WIDTHS.narrow]): Element[] {
  // A figure with no text in its drawing scales to any box: drawn once.
  if (figureById(figureId).fluid) return [renderFigure({ ...ctx, width: widths[0] }, figureId, output)];
  return widths.map((width) => {
    const box = ctx.document.createElement('div');
    box.className = 'figure-at';
    box.setAttribute('data-width', String(width));
    box.append(renderFigure({ ...ctx, width }, figureId, output));
    return box;
  });
}

/** A tick label that is a grouped whole number ("160,000") written as Korean counts it ("16만"); others unchanged. */
export function koreanTicks(svg: Element): void {
  for (const text of Array.from(svg.querySelectorAll('g[aria-label$="tick label"] text'))) {
    // Only a label that changes is written again (a wrapped label's lines are <tspan>s, kept).
    const shown = text.textContent ?? '';
    const korean = koreanGrouped(shown);
    if (korean !== shown) text.textContent = korean;
  }
}

/** A text that is a grouped whole number ("160,000") as Korean counts it ("16만"); any other text unchanged. */
function koreanGrouped(shown: string): string {
  return /^\d{1,3}(?:,\d{3})+$/.test(shown) ? countFormat('ko').format(Number(shown.replace(/,/g, ''))) : shown;
}

export function renderFigure(ctx: RenderContext, figureId: string, output: Output): Element {
  const node = figureById(figureId).plot(output.data, { width: ctx.width, document: ctx.document, locale: ctx.locale, strings: ctx.strings });
  // Plot writes the same few style rules into every chart and legend; the site's stylesheet has
  // them once (global.css, "Plot's own rules"), so the page carries them once.
  for (const style of Array.from(node.querySelectorAll('style'))) style.remove();
  const svgs = node.tagName.toLowerCase() === 'svg' ? [node] : Array.from(node.querySelectorAll('svg'));
  for (const svg of svgs) {
    // Standalone-safe SVG for the static HTML (Plot's documented SSR step).
    svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    // The chart is one image with a name; its numbers are in the data table beside it. Legend
    // swatches are decoration next to their text. Plot labels its <g> groups by mark type,
    // which ARIA forbids on a role-less <g>, and which says nothing to a listener anyway.
    // Korean axes count by 만 and 억 (countFormat), whichever formatter the figure gave its ticks.
    if (isKorean(ctx.locale)) koreanTicks(svg);
    if (svg.hasAttribute('aria-label')) svg.setAttribute('role', 'img');
    else svg.setAttribute('aria-hidden', 'true');
    for (const g of Array.from(svg.querySelectorAll('g[aria-label], g[aria-description]'))) {
      g.removeAttribute('aria-label');
      g.removeAttribute('aria-description');
    }
    compactGeometry(svg);
  }
  return node;
}

/** The data table behind a figure (its `table`), as an HTML table with a header row. */
export function renderTable(ctx: RenderContext, figureId: string, output: Output): HTMLElement {
  const doc = ctx.document;
  const { columns, rows } = figureById(figureId).table(output.data, { width: ctx.width, document: doc, locale: ctx.locale, strings: ctx.strings });
  const nf = countFormat(ctx.locale);
  const table = doc.createElement('table');
  const thead = doc.createElement('thead');
  const tr = doc.createElement('tr');
  for (const c of columns) {
    const th = doc.createElement('th');
    th.setAttribute('scope', 'col');
    appendLabel(th, c);
    tr.append(th);
  }
  thead.append(tr);
  const tbody = doc.createElement('tbody');
  for (const r of rows) {
    const row = doc.createElement('tr');
    r.forEach((v, i) => {
      const cell = doc.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) cell.setAttribute('scope', 'row');
      // A number the figure wrote out itself is counted by 만 in Korean too; a row's name keeps "x = y" on one line.
      const text = typeof v === 'number' ? nf.format(v) : isKorean(ctx.locale) ? koreanGrouped(v) : v;
      cell.textContent = typeof v !== 'number' && i === 0 ? headerText(text) : text;
      row.append(cell);
    });
    tbody.append(row);
  }
  table.append(thead, tbody);
  return table;
}

/** The localised "what is allowed" text for a parameter. */
export function allowedMessage(spec: ParamSpec, strings: Strings, locale: string): string {
  const plain = new Intl.NumberFormat(locale);
  // A bound of 1 000 000 reads "100만" in Korean; other bounds keep their digits.
  const nf = { format: (n: number) => (isKorean(locale) ? koreanRoundCount(n) : plain.format(n)) };
  switch (spec.kind) {
    case 'int':
      return fill(strings['cell.allowed.int'], { min: nf.format(spec.min), max: nf.format(spec.max) });
    case 'number':
      return fill(strings['cell.allowed.number'], { min: nf.format(spec.min), max: nf.format(spec.max) });
    case 'choice':
      return fill(strings['cell.allowed.choice'], { options: spec.options.join(', ') });
    case 'int-list':
      return fill(strings[spec.distinct === false ? 'cell.allowed.list-any' : 'cell.allowed.list'], { min: spec.min, max: spec.max, maxItems: spec.maxItems });
    case 'text':
      return fill(strings[spec.maxLines > 1 ? 'cell.allowed.text-lines' : 'cell.allowed.text'], { maxLines: nf.format(spec.maxLines), maxLength: nf.format(spec.maxLength) });
  }
}
