import type { Rng } from '../random/index.ts';
import { pick, type Swrr } from './swrr.ts';

/**
 * How many picks to skip after a (re)start, so that instances started together do not all
 * begin with the heaviest node. `article`: a uniform count below the number of nodes, as the
 * source article does (Random.nextInt(size)). `cycle`: a uniform count below the total weight,
 * which makes the starting point uniform over the whole cycle of picks.
 */
export type Warmup = 'none' | 'article' | 'cycle';

export function warmupSkips(warmup: Warmup, s: Swrr, rng: Rng): number {
  if (warmup === 'none') return 0;
  return rng.below(warmup === 'article' ? s.weights.length : s.total);
}

/** Idles the state forward by a random number of picks; returns how many. */
export function warmUp(s: Swrr, warmup: Warmup, rng: Rng): number {
  const skips = warmupSkips(warmup, s, rng);
  for (let i = 0; i < skips; i++) pick(s);
  return skips;
}
