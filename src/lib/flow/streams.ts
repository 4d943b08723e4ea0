import { xoshiro128ss, xoshiro128ssFromState } from '../random/xoshiro128.ts';
import type { Rng } from '../random/rng.ts';
import { TWO_53 } from '../fp/index.ts';

/**
 * Common random numbers: the requests (their gaps and their work) come from one stream and the
 * balancer's own draws from another, so two policies run on the same seed see the same requests
 * at the same times with the same work, however many draws each policy makes.
 */
export interface Streams {
  /** Per request, in order: the gap before it, then its work. */
  readonly requests: Rng;
  /** The policy's samples (random, p2c). */
  readonly policy: Rng;
}

/**
 * Both streams are xoshiro128** whose 128-bit states are the first eight outputs of the seed's
 * own generator (seeded by splitmix64, as makeRng('fast', seed) is).
 */
export function makeStreams(seed: number): Streams {
  const root = xoshiro128ss(seed);
  const state = (): [number, number, number, number] => [root.nextUint32(), root.nextUint32(), root.nextUint32(), root.nextUint32()];
  return { requests: xoshiro128ssFromState(state()), policy: xoshiro128ssFromState(state()) };
}

/** A uniform double in (0, 1) from two 32-bit draws (53 bits, never 0, so its log is finite). */
export function unit(rng: Rng): number {
  return ((rng.nextUint32() >>> 5) * 67108864 + (rng.nextUint32() >>> 6) + 0.5) / TWO_53;
}
