import type { Rng } from '../random/index.ts';
import { pick, swrr, type Swrr } from './swrr.ts';
import { warmUp, type Warmup } from './warmup.ts';

/**
 * M instances, each with its own SWRR state and no shared store, behind a front that hands each
 * request to one instance, in turn or at random. Every instance starts fresh, after its own
 * warm-up, as pods started together would.
 */
export interface Pods {
  readonly states: Swrr[];
  readonly front: 'round-robin' | 'random';
  /** Requests handed out so far. */
  served: number;
}

export function pods(weights: ArrayLike<number>, count: number, front: 'round-robin' | 'random', warmup: Warmup, rng: Rng): Pods {
  const states = Array.from({ length: count }, () => {
    const s = swrr(weights);
    warmUp(s, warmup, rng);
    return s;
  });
  return { states, front, served: 0 };
}

/** The node the next request goes to. */
export function podsPick(p: Pods, rng: Rng): number {
  const pod = p.front === 'random' ? rng.below(p.states.length) : p.served % p.states.length;
  p.served++;
  return pick(p.states[pod]);
}
