import * as Plot from '@observablehq/plot';

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

/**
 * A log axis whose every tick is labelled with `format`. Plot hands a function tickFormat on a
 * log scale to d3's log tickFormat, which blanks labels whose mantissa is above a threshold (5
 * and 0.5 vanish on a three-decade axis); an explicit text channel is used as given.
 */
export function logAxis(
  dimension: 'x' | 'y',
  ticks: number[],
  format: (v: number) => string,
  options: { label: string; grid?: boolean },
): Plot.Markish[] {
  const text = (v: number): string => format(v);
  const common = { ticks, text, label: options.label, labelArrow: 'none' as const };
  const marks: Plot.Markish[] =
    dimension === 'x' ? [Plot.axisX({ ...common, labelAnchor: 'center' })] : [Plot.axisY(common)];
  if (options.grid) marks.unshift(dimension === 'x' ? Plot.gridX({ ticks }) : Plot.gridY({ ticks }));
  return marks;
}
