/**
 * The supermarket model's fixed point as n → ∞ (Mitzenmacher, "The Power of Two Choices in
 * Randomized Load Balancing", IEEE TPDS 12(10), 2001): n FIFO servers of rate 1, Poisson
 * arrivals at rate λn, each joining the shortest of d uniformly sampled queues.
 */
import { pow, powi } from '../fp/index.ts';

function checkArgs(fn: string, lambda: number, d: number): void {
  if (!(lambda > 0 && lambda < 1)) throw new RangeError(`${fn}: λ must be in (0, 1), got ${lambda}`);
  if (!Number.isInteger(d) || d < 1) throw new RangeError(`${fn}: d must be a positive integer, got ${d}`);
}

/** (d^i − 1)/(d − 1) = 1 + d + … + d^(i−1), the exponent of s_i; i for d = 1. */
function exponent(d: number, i: number): number {
  return d === 1 ? i : (powi(d, i) - 1) / (d - 1);
}

/**
 * s_i = λ^((d^i − 1)/(d − 1)) for i = 1, 2, …: the fraction of queues holding at least i
 * customers (λ^i for d = 1), listed while above `floor`. The exponent grows like d^i, so for
 * d ≥ 2 the list is short even for a tiny floor.
 */
export function tailFractions(lambda: number, d: number, floor: number): number[] {
  checkArgs('tailFractions', lambda, d);
  if (!(floor > 0)) throw new RangeError(`tailFractions: floor must be positive, got ${floor}`);
  const s: number[] = [];
  for (let i = 1; ; i++) {
    const si = pow(lambda, exponent(d, i));
    if (!(si > floor)) return s;
    s.push(si);
  }
}

/**
 * T, the mean time in system at the fixed point, by Little's law: T = (1/λ) Σ_{i≥1} s_i =
 * Σ_{i≥1} λ^((d^i − d)/(d − 1)), summed until the terms no longer change the sum; 1/(1 − λ)
 * (the M/M/1 value) for d = 1.
 */
export function fixedPointTime(lambda: number, d: number): number {
  checkArgs('fixedPointTime', lambda, d);
  if (d === 1) return 1 / (1 - lambda);
  let sum = 0;
  for (let i = 1; ; i++) {
    const term = pow(lambda, (powi(d, i) - d) / (d - 1));
    if (sum + term === sum) return sum;
    sum += term;
  }
}
