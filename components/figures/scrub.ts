import type * as Plot from '@observablehq/plot';
import { chartSvg } from './tips.ts';

/**
 * What a figure whose x axis is one of its cell's parameters writes on its chart (`data-scrub`),
 * so the hand can drag that parameter along the axis (components/notebook/axis-scrub.ts, issue
 * 28): the parameter's name, the x scale (linear or log) as its domain and its pixel range, and
 * the plot area's top and bottom, all in the SVG's own pixels. The parameter's bounds are the
 * cell's (its spec, in the page): the figure only says where the axis is.
 */
export interface Scrub {
  param: string;
  type: 'linear' | 'log';
  domain: [number, number];
  range: [number, number];
  /** The plot area's top and bottom (pixels): a drag starts only between them. */
  y: [number, number];
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Marks the chart Plot returned (itself or beside its legend) as a scrub of `param` along its x axis. */
export function markScrub<T extends Element & { scale?: (name: Plot.ScaleName) => Plot.Scale | undefined }>(plot: T, param: string): T {
  const svg = chartSvg(plot);
  const x = plot.scale?.('x');
  const y = plot.scale?.('y');
  if (!svg || !x || !y || (x.type !== 'linear' && x.type !== 'log') || !x.domain || !x.range || !y.range) return plot;
  const [d0, d1] = Array.from(x.domain, Number);
  const [r0, r1] = Array.from(x.range, Number);
  const ys = Array.from(y.range, (v) => r2(Number(v)));
  const scrub: Scrub = {
    param,
    type: x.type,
    domain: [d0, d1],
    range: [r2(r0), r2(r1)],
    y: [Math.min(...ys), Math.max(...ys)],
  };
  svg.setAttribute('data-scrub', JSON.stringify(scrub));
  return plot;
}

/**
 * A figure that shows a parameter without an axis for it (the balls grid shows `side` as its
 * squares): a drag sideways moves the parameter from the value drawn (`at`), by its whole span
 * across the chart's width `range` (pixels), so a reader can sweep it in one stroke on a phone.
 * A press that does not move changes nothing (it reads a mark). `readout` is what the hand shows
 * while it moves: a template of `{value}` and `{square}` (the value squared), in the page's locale.
 */
export interface DragScrub {
  param: string;
  type: 'drag';
  at: number;
  range: [number, number];
  y: [number, number];
  readout?: string;
}

/** What `data-scrub` holds: an axis, or a drag from the value drawn. */
export type AnyScrub = Scrub | DragScrub;

/** Marks a chart's SVG as a drag of `param` from `at` (a DragScrub). */
export function markDrag(svg: Element, scrub: Omit<DragScrub, 'type'>): void {
  const { param, at, range, y, readout } = scrub;
  const mark: DragScrub = { param, type: 'drag', at, range: [r2(range[0]), r2(range[1])], y: [r2(y[0]), r2(y[1])], ...(readout ? { readout } : {}) };
  svg.setAttribute('data-scrub', JSON.stringify(mark));
}
