import { tailFractions } from './fixed-point.ts';

/**
 * n queue lengths whose empirical law is the fixed point's, as closely as n allows: queue k
 * (k = 0 … n − 1) holds #{i ≥ 1 : s_i > (k + ½)/n} customers, so the fraction of queues with at
 * least i customers is s_i rounded to a multiple of 1/n. Deterministic: no draws.
 *
 * Simulations start here instead of empty. For d = 1 it is exactly the stationary law of each
 * (independent) M/M/1 queue, so no warm-up bias is left; this matters near λ = 1, where an M/M/1
 * queue relaxes in about 1/(1 − √λ)² service times (40 000 at λ = 0.99), far beyond any horizon
 * a page can afford. For d ≥ 2 the warm-up only has to move from n = ∞ to the finite n.
 */
export function fixedPointProfile(lambda: number, d: number, n: number): Int32Array {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`fixedPointProfile: n must be a positive integer, got ${n}`);
  const s = tailFractions(lambda, d, 0.5 / n);
  const queues = new Int32Array(n);
  // s is decreasing and the thresholds (k + ½)/n increase with k, so the count only falls.
  let count = s.length;
  for (let k = 0; k < n; k++) {
    const u = (k + 0.5) / n;
    while (count > 0 && !(s[count - 1] > u)) count--;
    queues[k] = count;
  }
  return queues;
}
