import type { Rng } from '../random/index.ts';
import { log } from '../fp/index.ts';

/**
 * Turns a pick sequence into waiting: item k arrives at `arrivals[k]` and joins the queue of
 * person `seq[k]`, who serves one item at a time, first come first served, at a speed in
 * proportion to their weight. Returns each item's time to completion (waiting plus service).
 * Time is in mean gaps between arrivals; `load` is arrivals over total capacity, so person i
 * takes load · W / w_i per item on average. `free` (when each person is next free) carries the
 * queues from one chunk of items to the next.
 */
export function completionTimes(
  seq: ArrayLike<number>,
  arrivals: ArrayLike<number>,
  weights: ArrayLike<number>,
  load: number,
  service: (mean: number) => number,
  free = new Float64Array(weights.length),
): Float64Array {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i];
  const out = new Float64Array(seq.length);
  for (let k = 0; k < seq.length; k++) {
    const i = seq[k];
    const start = Math.max(arrivals[k], free[i]);
    free[i] = start + service((load * total) / weights[i]);
    out[k] = free[i] - arrivals[k];
  }
  return out;
}

/** A uniform double in (0, 1) from two 32-bit draws. */
function unit(rng: Rng): number {
  return ((rng.nextUint32() >>> 5) * 67108864 + (rng.nextUint32() >>> 6) + 0.5) / 9007199254740992;
}

/** An exponential draw with the given mean. */
export function exponential(rng: Rng, mean: number): number {
  return -log(unit(rng)) * mean;
}

/** Arrival times with mean gap 1: evenly spaced, or a Poisson stream. */
export function arrivalTimes(count: number, kind: 'even' | 'poisson', rng: Rng): Float64Array {
  const t = new Float64Array(count);
  let now = 0;
  for (let k = 0; k < count; k++) {
    if (kind === 'poisson') now += exponential(rng, 1);
    else now = k;
    t[k] = now;
  }
  return t;
}
