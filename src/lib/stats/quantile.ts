import { median as d3median, quantile as d3quantile } from 'd3-array';
import { ceilLog2 } from '../fp/index.ts';

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
  return sorted[rankIndex(sorted.length, p)];
}

/**
 * The index of the nearest-rank p-quantile among `count` sorted values: ⌈p·count⌉ − 1, kept
 * within 0 … count − 1 (p = 0 reads the smallest value). The one place the rank is written.
 */
export function rankIndex(count: number, p: number): number {
  return Math.min(count - 1, Math.max(0, Math.ceil(p * count) - 1));
}

/** nearestRank of an unsorted list for each p, from one sorted copy (the input is left as it is); NaN for none. */
export function nearestRanksOf(values: ArrayLike<number>, ps: readonly number[]): number[] {
  if (values.length === 0) return ps.map(() => NaN);
  const sorted = Float64Array.from(values).sort();
  return ps.map((p) => sorted[rankIndex(sorted.length, p)]);
}

/**
 * nearestRank for several p at once, and the largest value, without sorting: the first `count`
 * values are partially ordered in place (a quickselect per rank, each on what lies above the one
 * before), so the answers are the very values a full sort would read, in linear time on average
 * and never worse than a sort's n log n (`select` sorts what is left once its partitions stop
 * shrinking, as introselect does: an input crafted against the pivot rule cannot make it
 * quadratic). The values
 * must not be NaN; -0 and +0 count as equal (a sort puts -0 first, so where it reads +0 this may
 * read -0, or the other way round).
 */
export function nearestRanks(values: Float64Array, count: number, ps: readonly number[]): { ranks: number[]; max: number } {
  if (count < 1) return { ranks: ps.map(() => NaN), max: NaN };
  const order = ps.map((p, i) => ({ i, k: rankIndex(count, p) })).sort((a, b) => a.k - b.k);
  const ranks = new Array<number>(ps.length);
  let left = 0;
  for (const { i, k } of order) {
    if (k >= left) {
      select(values, k, left, count - 1);
      left = k + 1;
    }
    ranks[i] = values[k];
  }
  // Everything before `left` is at most values[left - 1]: the largest is it or one after it.
  let max = left > 0 ? values[left - 1] : -Infinity;
  for (let j = left; j < count; j++) if (values[j] > max) max = values[j];
  return { ranks, max };
}

/**
 * Hoare's quickselect with a median-of-three pivot: afterwards a[k] is the k-th smallest of
 * a[left..right], smaller ones before it, larger after. At most `rounds` partitions (by default
 * 2·log2(n) + 16, where random data needs about log2(n)); past them the range left is sorted, so a
 * pivot rule defeated by a crafted input costs n log n, not n². Exported for the tests.
 */
export function select(a: Float64Array, k: number, left: number, right: number, rounds = 2 * ceilLog2(right - left + 2) + 16): void {
  while (right > left) {
    if (rounds-- <= 0) {
      a.subarray(left, right + 1).sort();
      return;
    }
    const mid = (left + right) >>> 1;
    if (a[mid] < a[left]) swap(a, mid, left);
    if (a[right] < a[left]) swap(a, right, left);
    if (a[right] < a[mid]) swap(a, right, mid);
    const pivot = a[mid];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
