/**
 * A seeded source of uniform integers. Every function that draws takes one of these;
 * nothing in the library reads Math.random or the clock.
 */
export interface Rng {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, n), for an integer 1 <= n <= 2^32 - 1. */
  below(n: number): number;
}
