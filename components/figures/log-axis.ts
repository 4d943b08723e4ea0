import * as Plot from '@observablehq/plot';
import { textWidth, wrap } from './frame.ts';

/**
 * Ticks for a log axis: 1, 2 and 5 times each power of ten inside [lo, hi], or also 1.5, 3 and 7
 * when that gives fewer than four. Labelled with a locale's digits, they stay readable where
 * every minor tick of a log scale would crowd. `decades`: powers of ten only (for axes that span
 * many orders of magnitude).
 */
export function logTicks(lo: number, hi: number, { decades = false } = {}): number[] {
  const within = (steps: number[]): number[] => {
    const ticks: number[] = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
      for (const s of steps) {
        // Rounded so that 0.1 * 3 prints as 0.3, not 0.30000000000000004.
        const v = Number((s * 10 ** e).toPrecision(6));
        if (v >= lo && v <= hi) ticks.push(v);
      }
    }
    return ticks;
  };
  if (decades) return within([1]);
  const coarse = within([1, 2, 5]);
  return coarse.length >= 4 ? coarse : within([1, 1.5, 2, 3, 5, 7]);
}

const isDecade = (v: number): boolean => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9;

/**
 * The ticks whose labels fit along `room` pixels of an x axis (or `room` of a y axis, where a
 * label takes a line's height): all of them if they fit, else the powers of ten, else every
 * second, third … of those. The ends stay labelled where they can.
 */
export function fitTicks(ticks: number[], format: (v: number) => string, room: number, { px = 13, dimension = 'x' as 'x' | 'y' } = {}): number[] {
  const need = (list: number[]) => list.length * (dimension === 'x' ? Math.max(...list.map((v) => textWidth(format(v), px))) + 10 : px * 1.6);
  if (ticks.length <= 2 || need(ticks) <= room) return ticks;
  const decades = ticks.filter(isDecade);
  const base = decades.length >= 2 ? decades : ticks;
  if (need(base) <= room) return base;
  for (let k = 2; k < base.length; k++) {
    const every = base.filter((_, i) => i % k === 0);
    if (need(every) <= room) return every;
  }
  return [base[0]];
}

/**
 * A log axis whose every tick is labelled with `format`. Plot hands a function tickFormat on a
 * log scale to d3's log tickFormat, which blanks labels whose mantissa is above a threshold (5
 * and 0.5 vanish on a three-decade axis); an explicit text channel is used as given. With `room`
 * (the axis's length in pixels), ticks are thinned to labels that fit, and a long x label wraps.
 */
export function logAxis(
  dimension: 'x' | 'y',
  ticks: number[],
  format: (v: number) => string,
  options: { label: string | null; grid?: boolean; room?: number; px?: number; labelRoom?: number },
): Plot.Markish[] {
  const px = options.px ?? 13;
  const shown = options.room ? fitTicks(ticks, format, options.room, { px, dimension }) : ticks;
  const text = (v: number): string => format(v);
  const label = options.labelRoom && options.label !== null ? wrap(options.label, options.labelRoom, px) : options.label;
  const common = { ticks: shown, text, label, labelArrow: 'none' as const };
  const marks: Plot.Markish[] =
    dimension === 'x' ? [Plot.axisX({ ...common, labelAnchor: 'center' })] : [Plot.axisY(common)];
  if (options.grid) marks.unshift(dimension === 'x' ? Plot.gridX({ ticks: shown }) : Plot.gridY({ ticks: shown }));
  return marks;
}
