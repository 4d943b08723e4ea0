import type * as Plot from '@observablehq/plot';

/**
 * Read the marks: a tooltip on hover, on tap and on keyboard focus, for every chart.
 *
 * A figure names its marks' readings (a point in data space and its text, already formatted in
 * the page's locale); `tipped` turns them into pixels through the chart's own scales and writes
 * them into the chart's SVG as one attribute, `data-tips`, with the SVG made one tab stop. The
 * attribute is all the static HTML carries (a few kilobytes at most: MAX_TIPS readings a chart),
 * so a figure drawn at build time in a server-side DOM reads the same as one drawn after a run.
 *
 * In the page, one set of listeners on the document (installed when this module is first
 * evaluated in a browser) serves every chart that carries tips, the build's and every redraw's
 * alike, so nothing has to be bound again when a cell draws a new figure. Hover shows the
 * nearest reading, a tap pins it, focus shows the first, and the arrow keys step through them
 * (Home and End to the ends, Escape to close): one tab stop however many marks. The tooltip is an
 * HTML box beside the SVG (never inside it, so the chart's own text stays as drawn) and a live
 * region, so a screen reader says each reading as the arrow keys reach it.
 */

/** One reading: where it is in the chart's data space (x, y as the scales take them) and what it says. */
export interface TipRow {
  x: unknown;
  y: unknown;
  text: string;
}

/** A reading's lines: "label: value" pairs and plain lines, the empty ones left out. */
export function reading(...parts: (string | readonly [string, string] | false | null | undefined)[]): string {
  return parts
    .filter((p): p is string | readonly [string, string] => Boolean(p))
    .map((p) => (typeof p === 'string' ? p : `${p[0]}: ${p[1]}`))
    .join('\n');
}

/** The most readings one chart carries; more are thinned evenly (a figure with more marks gives a summary per group instead). */
export const MAX_TIPS = 150;

/** Tenths of a pixel are finer than a pointer finds. */
const px = (v: number): number => Math.round(v * 10) / 10;

/** The pixel position of a value on a scale: a band's middle for band and point scales. */
function position(scale: Plot.Scale | undefined, v: unknown, fallback: number): number {
  if (!scale) return fallback;
  const p = Number(scale.apply(v));
  return p + (scale.bandwidth ?? 0) / 2;
}

/** The chart's own SVG in what Plot returned: itself, or the one beside its legend. */
export function chartSvg(plot: Element): Element | null {
  if (plot.tagName.toLowerCase() === 'svg') return plot;
  return Array.from(plot.children).find((c) => c.tagName.toLowerCase() === 'svg') ?? plot.querySelector('svg[aria-label]');
}

/** Thins a list to at most `max` items, evenly, keeping the first and the last. */
export function thin<T>(rows: readonly T[], max = MAX_TIPS): T[] {
  if (rows.length <= max) return [...rows];
  return Array.from({ length: max }, (_, i) => rows[Math.round((i * (rows.length - 1)) / (max - 1))]);
}

/**
 * Writes the readings into the chart Plot drew (its scales place them), in reading order (left
 * to right, then top to bottom), and makes the chart one tab stop. Returns the plot.
 */
export function tipped<T extends Element & { scale?: (name: Plot.ScaleName) => Plot.Scale | undefined }>(plot: T, rows: readonly TipRow[]): T {
  const svg = chartSvg(plot);
  if (!svg || rows.length === 0) return plot;
  const sx = plot.scale?.('x');
  const sy = plot.scale?.('y');
  const w = Number(svg.getAttribute('width')) || 0;
  const h = Number(svg.getAttribute('height')) || 0;
  const placed = thin(
    rows
      .map((r) => [px(position(sx, r.x, w / 2)), px(position(sy, r.y, h / 2)), r.text] as [number, number, string])
      .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
  );
  return placeTips(plot, svg, placed);
}

/** Readings already in the SVG's pixels (a figure that places its marks itself). */
export function placeTips<T extends Element>(plot: T, svg: Element, tips: readonly [number, number, string][]): T {
  if (tips.length === 0) return plot;
  svg.setAttribute('data-tips', JSON.stringify(thin(tips)));
  svg.setAttribute('tabindex', '0');
  return plot;
}

/**
 * A figure of several charts (small multiples) is one tab stop too: only its first chart is in
 * the tab order, and the arrow keys go on from a chart's last reading to the next chart's first.
 */
export function onePanelStop(box: Element): void {
  box.setAttribute('data-tip-panels', '');
  Array.from(box.querySelectorAll('svg[data-tips]')).forEach((svg, i) => svg.setAttribute('tabindex', i === 0 ? '0' : '-1'));
}

/** The readings a chart carries (none when its attribute is missing or unreadable). */
export function tipsOf(svg: Element): [number, number, string][] {
  try {
    const parsed: unknown = JSON.parse(svg.getAttribute('data-tips') ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((t): t is [number, number, string] => Array.isArray(t) && t.length === 3) : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- in the page

/** How near (CSS px) a pointer must come to a reading to show it. */
const NEAR = 36;

interface Shown {
  svg: SVGSVGElement;
  index: number;
  how: 'hover' | 'pin' | 'focus';
  box: HTMLElement;
  ring: HTMLElement;
}

let shown: Shown | null = null;

const tipSvg = (target: EventTarget | null): SVGSVGElement | null =>
  target instanceof Element ? target.closest<SVGSVGElement>('svg[data-tips]') : null;

/** The SVG's user units per CSS pixel, and its box. */
function frame(svg: SVGSVGElement): { rect: DOMRect; scale: number } {
  const rect = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const width = vb && vb.width > 0 ? vb.width : Number(svg.getAttribute('width')) || rect.width;
  return { rect, scale: rect.width > 0 ? rect.width / width : 1 };
}

function nearest(svg: SVGSVGElement, clientX: number, clientY: number, limit: number): number {
  const { rect, scale } = frame(svg);
  let best = -1;
  let bestD = limit;
  tipsOf(svg).forEach(([x, y], i) => {
    const d = Math.hypot(rect.left + x * scale - clientX, rect.top + y * scale - clientY);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

function hide(): void {
  if (!shown) return;
  shown.box.remove();
  shown.ring.remove();
  shown = null;
}

function show(svg: SVGSVGElement, index: number, how: Shown['how']): void {
  const tips = tipsOf(svg);
  if (index < 0 || index >= tips.length) return hide();
  const doc = svg.ownerDocument;
  const host = svg.parentElement;
  if (!host) return;
  if (!shown || shown.svg !== svg) {
    hide();
    if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
    const box = doc.createElement('div');
    box.className = 'figure-tip';
    // A live region: each reading the arrow keys reach is said.
    box.setAttribute('aria-live', 'polite');
    Object.assign(box.style, {
      position: 'absolute', zIndex: '3', pointerEvents: 'none', background: 'var(--bg)', color: 'var(--fg)',
      border: '1px solid var(--fg-muted)', borderRadius: '4px', padding: '3px 7px', font: '13px/1.35 var(--font-text, system-ui)',
      whiteSpace: 'pre-line', maxWidth: '260px', boxShadow: '0 1px 4px rgb(0 0 0 / 0.25)', left: '0', top: '0',
    });
    const ring = doc.createElement('div');
    ring.className = 'figure-tip-ring';
    ring.setAttribute('aria-hidden', 'true');
    Object.assign(ring.style, {
      position: 'absolute', zIndex: '2', pointerEvents: 'none', width: '14px', height: '14px', marginLeft: '-9px', marginTop: '-9px',
      border: '2px solid var(--fg)', borderRadius: '50%', boxShadow: '0 0 0 2px var(--bg)',
    });
    host.append(ring, box);
    shown = { svg, index, how, box, ring };
  }
  shown.index = index;
  shown.how = how;
  const [x, y, text] = tips[index];
  const { rect, scale } = frame(svg);
  const hostRect = host.getBoundingClientRect();
  const left = rect.left - hostRect.left + host.scrollLeft - host.clientLeft + x * scale;
  const top = rect.top - hostRect.top + host.scrollTop - host.clientTop + y * scale;
  shown.ring.style.left = `${left}px`;
  shown.ring.style.top = `${top}px`;
  const box = shown.box;
  if (box.textContent !== text) box.textContent = text;
  // Above the mark, centred, kept inside the chart's box; below it where there is no room above.
  const room = Math.max(host.clientWidth, rect.width);
  const bw = box.offsetWidth;
  const bh = box.offsetHeight;
  const minLeft = rect.left - hostRect.left + host.scrollLeft;
  box.style.left = `${Math.max(minLeft, Math.min(left - bw / 2, minLeft + room - bw))}px`;
  box.style.top = `${top - bh - 12 >= rect.top - hostRect.top + host.scrollTop - 4 ? top - bh - 12 : top + 14}px`;
}

/** The reading the arrow keys step to from `i`: along the order, or up and down at about the same x. */
function step(tips: [number, number, string][], i: number, key: string): number {
  const last = tips.length - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'ArrowRight') return Math.min(last, i + 1);
  if (key === 'ArrowLeft') return Math.max(0, i - 1);
  const [x0, y0] = tips[i];
  const up = key === 'ArrowUp';
  let best = -1;
  let bestD = Infinity;
  tips.forEach(([x, y], j) => {
    if (j === i || (up ? y >= y0 : y <= y0)) return;
    const d = Math.abs(x - x0) * 4 + Math.abs(y - y0);
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  });
  return best < 0 ? i : best;
}

/** The document's listeners, once per document. */
export function installTips(doc: Document): void {
  const marked = doc.documentElement;
  if (marked.hasAttribute('data-figure-tips')) return;
  marked.setAttribute('data-figure-tips', '');
  doc.addEventListener('pointermove', (e) => {
    const svg = tipSvg(e.target);
    if (shown && shown.how !== 'hover') return;
    if (!svg) return hide();
    const i = nearest(svg, e.clientX, e.clientY, NEAR);
    if (i < 0) hide();
    else show(svg, i, 'hover');
  });
  doc.addEventListener('pointerdown', (e) => {
    const svg = tipSvg(e.target);
    if (!svg) return hide();
    // A tap pins the nearest reading (a wider reach than a hover: a finger is broad).
    const mouse = e.pointerType === 'mouse';
    const i = nearest(svg, e.clientX, e.clientY, mouse ? NEAR : NEAR * 2);
    if (i < 0) hide();
    else show(svg, i, mouse ? 'hover' : 'pin');
  });
  doc.addEventListener('focusin', (e) => {
    const svg = tipSvg(e.target);
    if (svg && e.target === svg && shown?.svg !== svg) show(svg, 0, 'focus');
  });
  doc.addEventListener('focusout', (e) => {
    if (!shown || e.target !== shown.svg) return;
    const left = shown.svg;
    // A panel's chart hands the focus to its neighbour: the reading moves with it (shown already).
    queueMicrotask(() => {
      if (shown?.svg === left) hide();
    });
  });
  doc.addEventListener('keydown', (e) => {
    const svg = tipSvg(e.target);
    if (!svg || e.target !== svg || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') return hide();
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const current = shown?.svg === svg ? shown.index : -1;
    const tips = tipsOf(svg);
    const next = current < 0 ? 0 : step(tips, current, e.key);
    // Past either end of one panel of several: on to the neighbouring panel.
    // (Only shown panels: a phone shows the lab's panels a group at a time, lab-panels.ts.)
    const panels = Array.from(svg.closest('[data-tip-panels]')?.querySelectorAll<SVGSVGElement>('svg[data-tips]') ?? []).filter((p) => p.getClientRects().length > 0);
    const at = panels.indexOf(svg);
    const forward = e.key === 'ArrowRight' && current === tips.length - 1;
    const back = e.key === 'ArrowLeft' && current === 0;
    const to = at < 0 ? null : forward ? panels[at + 1] : back ? panels[at - 1] : null;
    if (to) {
      show(to, forward ? 0 : tipsOf(to).length - 1, 'focus');
      to.focus({ preventScroll: false });
      return;
    }
    show(svg, next, 'focus');
  });
  // A chart that had the focus before these listeners came (the focus is what loads them).
  const active = tipSvg(doc.activeElement);
  if (active && doc.activeElement === active) show(active, 0, 'focus');
}

if (typeof window !== 'undefined' && typeof document !== 'undefined' && typeof PointerEvent !== 'undefined') installTips(document);
