import type { Rng } from '../random/rng.ts';
import { runEvents, type Choice } from './events.ts';
import { fixedPointProfile } from './profile.ts';
import { makeSystem, type QueueSystem } from './system.ts';

/** The supermarket model at finite n: arrivals see the live queue lengths. */
export interface SupermarketState {
  readonly d: number;
  readonly system: QueueSystem;
  readonly choice: Choice;
}

export interface SupermarketOptions {
  n: number;
  lambda: number;
  d: number;
  /** Initial queue lengths; by default the fixed point's profile for this λ and d (profile.ts). */
  start?: Int32Array;
}

export function makeSupermarket({ n, lambda, d, start }: SupermarketOptions): SupermarketState {
  if (!Number.isInteger(d) || d < 1) throw new RangeError(`makeSupermarket: d must be a positive integer, got ${d}`);
  const system = makeSystem(lambda, start ?? fixedPointProfile(lambda, d, n));
  if (system.n !== n) throw new RangeError(`makeSupermarket: start has ${system.n} queues, not n = ${n}`);
  return { d, system, choice: { view: system.queues, d, pool: null, poolSize: n } };
}

/** Advances by `events` events; chunking a run into several calls changes nothing. */
export function step(state: SupermarketState, events: number, rng: Rng): void {
  runEvents(state.system, state.choice, events, rng);
}
