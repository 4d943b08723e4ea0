import { median as d3median, quantile as d3quantile } from 'd3-array';

/** The median: the mean of the two middle values for an even count (d3-array's); NaN for none. */
export function median(values: Iterable<number>): number {
  return d3median(values) ?? NaN;
}

/**
 * The p-quantile with linear interpolation between order statistics (d3-array's, R's type 7):
 * at (n − 1)·p of the sorted values. NaN for no values.
 */
export function quantile(values: Iterable<number>, p: number): number {
  return d3quantile(values, p) ?? NaN;
}

/**
 * The nearest-rank p-quantile of values already sorted ascending: the smallest value with at
 * least a fraction p of the values at or below it. Always one of the values, which is why the
 * response-time percentiles use it (a p95 is a time some request actually waited).
 */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i];
}
