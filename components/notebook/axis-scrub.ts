import type { ParamSpec } from '../../src/experiments/shared/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import type { AnyScrub, DragScrub, Scrub } from '../figures/scrub.ts';

/**
 * The hand along an axis (issue 28): on a figure whose x axis is one of its cell's parameters
 * (it writes `data-scrub` on its chart: components/figures/scrub.ts), a drag across the plot
 * area, or a tap on it, sets that parameter to the value under the pointer, snapped to a round
 * value about one pixel wide (never finer than the parameter's own step, whole for an integer)
 * and kept within its bounds. A thin vertical marker follows the pointer while it is down.
 *
 * Each value is set as the parameter's slider sets it: the field takes it, a quick cell runs while
 * the hand moves, every cell when it lets go, and the URL, Share and the command line follow.
 * The keyboard and a screen reader have the same through that slider under the figure; the
 * chart's description says so. The scale is read once when the pointer goes down: a run redraws
 * the axis (ketama's spread ends at the points it was asked for), and the hand should not chase it.
 *
 * A figure with no axis for its parameter (the balls grid's side) marks a drag instead
 * (`type: 'drag'`): the parameter moves from the value drawn by the distance the hand goes
 * sideways, its whole span across the chart, and a press that does not move sets nothing.
 */

export interface AxisScrubHooks {
  /** False while the cell cannot run yet (before its link's values are in). */
  ready(): boolean;
  /** The hand moved to these values (text as a field holds it): set them, run a quick cell. */
  move(values: Record<string, string>): void;
  /** The hand let go at these values: set them and run. */
  release(values: Record<string, string>): void;
}

/** How far (CSS px) a finger moves along the axis before it drags the parameter rather than taps a mark. */
const TOUCH_SLOP = 8;

/** The value under pixel `px` of the chart (clamped to the axis). */
export function valueAt(scrub: Scrub, px: number): number {
  const [r0, r1] = scrub.range;
  const [d0, d1] = scrub.domain;
  const t = r1 === r0 ? 0 : Math.min(1, Math.max(0, (px - r0) / (r1 - r0)));
  return scrub.type === 'log' ? d0 * (d1 / d0) ** t : d0 + (d1 - d0) * t;
}

/** The step a value near `v` snaps to: the power of ten at or above one pixel's worth, or the parameter's own step if coarser. */
export function stepAt(scrub: Scrub, spec: ParamSpec, v: number): number {
  const [r0, r1] = scrub.range;
  const [d0, d1] = scrub.domain;
  const span = Math.abs(r1 - r0) || 1;
  const perPixel = Math.abs(scrub.type === 'log' ? (v * Math.log(d1 / d0)) / span : (d1 - d0) / span);
  const nice = perPixel > 0 ? 10 ** Math.ceil(Math.log10(perPixel)) : 0;
  const own = spec.kind === 'int' ? 1 : spec.kind === 'number' ? (spec.step ?? 0) : 0;
  return own > 0 ? own * Math.max(1, Math.round(nice / own)) : nice;
}

/**
 * The parameter's value after a drag of `dx` chart pixels from where the hand went down: the value
 * drawn moved by the parameter's span times the share of the chart's width, in the parameter's
 * own step (whole for an integer) and within its bounds (null: not a number parameter).
 */
export function dragValue(scrub: DragScrub, spec: ParamSpec, dx: number): number | null {
  if (spec.kind !== 'int' && spec.kind !== 'number') return null;
  const width = Math.abs(scrub.range[1] - scrub.range[0]) || 1;
  const raw = scrub.at + (dx * (spec.max - spec.min)) / width;
  const own = spec.kind === 'int' ? 1 : (spec.step ?? 0);
  const v = own > 0 ? Number((Math.round(raw / own) * own).toPrecision(12)) : raw;
  const clamped = Math.min(spec.max, Math.max(spec.min, v));
  return spec.kind === 'int' ? Math.round(clamped) : clamped;
}

/** The parameter's value for pixel `px`: snapped and within the parameter's bounds (null: not a number parameter). */
export function scrubValue(scrub: Scrub, spec: ParamSpec, px: number): number | null {
  if (spec.kind !== 'int' && spec.kind !== 'number') return null;
  const raw = valueAt(scrub, px);
  const step = stepAt(scrub, spec, raw);
  const v = step > 0 ? Number((Math.round(raw / step) * step).toPrecision(12)) : raw;
  const clamped = Math.min(spec.max, Math.max(spec.min, v));
  return spec.kind === 'int' ? Math.round(clamped) : clamped;
}

/** The visible chart that carries a scrub, with its description (null: none, or unreadable). */
function scrubOf(target: Element | null): { svg: SVGSVGElement; scrub: AnyScrub } | null {
  const svg = target?.closest<SVGSVGElement>('svg[data-scrub]');
  if (!svg) return null;
  try {
    return { svg, scrub: JSON.parse(svg.getAttribute('data-scrub')!) as AnyScrub };
  } catch {
    return null;
  }
}

/** Pixels of the SVG's own per CSS pixel as shown. */
function unitsOf(svg: SVGSVGElement): { rect: DOMRect; scale: number } {
  const rect = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  return { rect, scale: vb && vb.width > 0 ? rect.width / vb.width : 1 };
}

export function attachAxisScrub(root: HTMLElement, specs: Record<string, ParamSpec>, s: Strings, label: (name: string) => string, locale: string, hooks: AxisScrubHooks): void {
  const plot = root.querySelector<HTMLElement>('.figure-plot');
  const first = plot ? scrubOf(plot.querySelector('svg[data-scrub]')) : null;
  if (!plot || !first || !Object.hasOwn(specs, first.scrub.param)) return;
  const name = first.scrub.param;
  const spec = specs[name];
  const doc = root.ownerDocument;
  // What the hand does here, and that the slider does the same: the chart's description.
  const hint = doc.createElement('span');
  hint.className = 'sr-only';
  hint.id = `${root.dataset.cell ?? root.id}-scrub-hint`;
  hint.textContent = fill(s[first.scrub.type === 'drag' ? 'cell.scrub.hint.drag' : 'cell.scrub.hint'], { param: label(name) });
  plot.after(hint);
  const describe = () => {
    for (const svg of plot.querySelectorAll('svg[data-scrub]')) svg.setAttribute('aria-describedby', hint.id);
    // A live run's redraw empties the figure's box while the hand is on it: the marker comes back.
    if (active?.armed && !marker.hidden && marker.parentElement !== plot) plot.append(marker);
  };
  const marker = doc.createElement('div');
  marker.className = 'axis-scrub-marker';
  marker.setAttribute('aria-hidden', 'true');
  marker.hidden = true;
  const readout = doc.createElement('span');
  marker.append(readout);
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });

  /** `last`: the value the hand last set (a drag starts at the value drawn, which it does not set). */
  let active: { id: number; scrub: AnyScrub; left: number; scale: number; top: number; height: number; last: number | null; set: boolean; startX: number; armed: boolean } | null = null;
  const follow = (e: PointerEvent) => {
    if (!active || !active.armed) return;
    const { scrub, left, scale } = active;
    const px = (e.clientX - left) / scale;
    const drag = scrub.type === 'drag';
    const value = drag ? dragValue(scrub, spec, (e.clientX - active.startX) / scale) : scrubValue(scrub, spec, px);
    const host = plot.getBoundingClientRect();
    const lo = Math.min(...scrub.range);
    const hi = Math.max(...scrub.range);
    marker.style.left = `${left - host.left + Math.min(hi, Math.max(lo, px)) * scale}px`;
    marker.style.top = `${active.top}px`;
    marker.style.height = `${active.height}px`;
    marker.dataset.kind = scrub.type;
    // A live run's redraw empties the figure's box, the marker with it.
    if (marker.parentElement !== plot) plot.append(marker);
    if (value === null || value === active.last) return;
    active.last = value;
    active.set = true;
    marker.hidden = false;
    readout.textContent = drag && scrub.readout ? fill(scrub.readout, { value: nf.format(value), square: nf.format(value * value) }) : `${label(name)} ${nf.format(value)}`;
    hooks.move({ [name]: String(value) });
  };
  const end = (e: PointerEvent) => {
    if (!active || e.pointerId !== active.id) return;
    const { last, set } = active;
    active = null;
    marker.hidden = true;
    if (plot.hasPointerCapture(e.pointerId)) plot.releasePointerCapture(e.pointerId);
    if (set && last !== null) hooks.release({ [name]: String(last) });
  };

  plot.addEventListener('pointerdown', (e) => {
    const found = scrubOf(e.target instanceof Element ? e.target : null);
    if (active || !found || e.button !== 0 || !hooks.ready()) return;
    const { rect, scale } = unitsOf(found.svg);
    const x = (e.clientX - rect.left) / scale;
    const y = (e.clientY - rect.top) / scale;
    const [x0, x1] = [Math.min(...found.scrub.range), Math.max(...found.scrub.range)];
    if (x < x0 - 4 || x > x1 + 4 || y < found.scrub.y[0] || y > found.scrub.y[1]) return;
    // A finger's tap reads a mark (tips.ts); only a drag along the axis sets the parameter. A
    // mouse's press sets it at once (hovering reads the marks).
    const touch = e.pointerType === 'touch';
    if (!touch) {
      e.preventDefault();
      plot.setPointerCapture(e.pointerId);
    }
    if (getComputedStyle(plot).position === 'static') plot.style.position = 'relative';
    if (marker.parentElement !== plot) plot.append(marker);
    const host = plot.getBoundingClientRect();
    const at = found.scrub.type === 'drag' ? found.scrub.at : null;
    active = { id: e.pointerId, scrub: found.scrub, left: rect.left, scale, top: rect.top - host.top + found.scrub.y[0] * scale, height: (found.scrub.y[1] - found.scrub.y[0]) * scale, last: at, set: false, startX: e.clientX, armed: !touch };
    follow(e);
  });
  plot.addEventListener('pointermove', (e) => {
    if (!active || e.pointerId !== active.id) return;
    if (!active.armed && Math.abs(e.clientX - active.startX) >= TOUCH_SLOP) {
      active.armed = true;
      plot.setPointerCapture(e.pointerId);
    }
    follow(e);
  });
  plot.addEventListener('pointerup', end);
  plot.addEventListener('pointercancel', end);

  // Each redraw (a run, a resize) brings a new chart: it is described again.
  new MutationObserver(describe).observe(plot, { childList: true, subtree: true });
  describe();
}
