import { log } from '../fp/index.ts';

/**
 * The asymptotic order of the maximum load for n balls into n bins, for a figure's guide line:
 * ln n / ln ln n for one choice (Gonnet 1981), ln ln n / ln d for d >= 2 choices (Azar, Broder,
 * Karlin and Upfal 1994). Orders only: the constant terms are left out, so the line shows the
 * growth, not the value. Defined from n = 3, where ln ln n first turns positive.
 */
export function maxLoadOrder(n: number, d: number): number {
  if (!(n >= 3)) throw new RangeError(`maxLoadOrder: n must be at least 3, got ${n}`);
  if (!Number.isInteger(d) || d < 1) throw new RangeError(`maxLoadOrder: d must be a positive integer, got ${d}`);
  const lnLnN = log(log(n));
  return d === 1 ? log(n) / lnLnN : lnLnN / log(d);
}
