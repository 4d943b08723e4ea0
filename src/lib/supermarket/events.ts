import type { Rng } from '../random/rng.ts';
import type { QueueSystem } from './system.ts';
import { TWO_32 } from '../fp/index.ts';

/**
 * How an arriving customer picks a server: it draws `d` servers uniformly, with replacement,
 * from `pool` (from all n servers when `pool` is null) and joins the one whose length in `view`
 * is smallest, the first drawn on ties. With `view` the live queues this is the supermarket
 * model; with a stale copy it is the bulletin-board model.
 */
export interface Choice {
  view: Int32Array;
  d: number;
  pool: Int32Array | null;
  /** How many leading entries of `pool` are the pool. */
  poolSize: number;
}

/**
 * Runs `events` events of the uniformised chain. The total event rate is n(λ + 1): arrivals at
 * λn plus a potential departure at rate 1 at each of the n servers, busy or not. So an event is
 * an arrival with probability λ/(λ + 1); otherwise it is a departure from a uniformly chosen
 * server, which does nothing if that server is idle. This is the continuous-time chain exactly,
 * with O(1) work per event and no event queue.
 *
 * No clock is kept: each gap between events is exponential with rate n(λ + 1), independent of
 * the state it follows, so E[Σ N_k τ_k] = Σ E[N_k] / (n(λ + 1)). Weighting every event by the
 * mean gap (`area` += N) therefore estimates the same time average as drawing the gaps, without
 * their noise or a log per event. (The one process that needs real time, a board refreshed on a
 * clock, draws it itself: see lib/herd.)
 */

/**
 * A uniform index in [0, size), by Lemire's multiply-and-reject ("Fast random integer generation
 * in an interval", ACM TOMACS 2019): x·size = j·2^32 + low; rejecting low < 2^32 mod size leaves
 * exactly ⌊2^32/size⌋ accepted x for every j, so j is exactly uniform. x·size < 2^53 is exact in a
 * double. Rejection has probability below size/2^32, so almost every index costs one draw, where
 * rng.below's bitmask rejection costs up to two (1.28 on average at n = 100); the hot loop also
 * avoids below's argument check.
 */
function uniformIndex(rng: Rng, size: number, reject: number): number {
  for (;;) {
    const m = rng.nextUint32() * size;
    const j = Math.floor(m / TWO_32);
    if (m - j * TWO_32 >= reject) return j;
  }
}

/**
 * Runs `events` events of the uniformised chain. The total event rate is n(λ + 1): arrivals at
 * λn plus a potential departure at rate 1 at each of the n servers, busy or not. So an event is
 * an arrival with probability λ/(λ + 1); otherwise it is a departure from a uniformly chosen
 * server, which does nothing if that server is idle. This is the continuous-time chain exactly,
 * with O(1) work per event and no event queue.
 *
 * No clock is kept: each gap between events is exponential with rate n(λ + 1), independent of
 * the state it follows, so E[Σ N_k τ_k] = Σ E[N_k] / (n(λ + 1)). Weighting every event by the
 * mean gap (`area` += N) therefore estimates the same time average as drawing the gaps, without
 * their noise or a log per event. (The one process that needs real time, a board refreshed on a
 * clock, draws it itself: see lib/herd.)
 */
export function runEvents(sys: QueueSystem, choice: Choice, events: number, rng: Rng): void {
  if (!Number.isSafeInteger(events) || events < 0) throw new RangeError(`runEvents: events must be a non-negative integer, got ${events}`);
  const { n, queues, arrivalCut } = sys;
  const { view, d, pool, poolSize } = choice;
  if (pool !== null && !(poolSize >= 1 && poolSize <= pool.length)) throw new RangeError(`runEvents: pool size ${poolSize} is not in [1, ${pool.length}]`);
  const rejectAll = TWO_32 % n;
  const rejectPool = TWO_32 % Math.max(1, poolSize);
  let inSystem = sys.inSystem;
  let arrivals = 0;
  let departures = 0;
  let area = 0;
  for (let e = 0; e < events; e++) {
    area += inSystem;
    if (rng.nextUint32() < arrivalCut) {
      let best = pool === null ? uniformIndex(rng, n, rejectAll) : pool[uniformIndex(rng, poolSize, rejectPool)];
      for (let c = 1; c < d; c++) {
        const j = pool === null ? uniformIndex(rng, n, rejectAll) : pool[uniformIndex(rng, poolSize, rejectPool)];
        if (view[j] < view[best]) best = j;
      }
      queues[best]++;
      inSystem++;
      arrivals++;
    } else {
      const j = uniformIndex(rng, n, rejectAll);
      if (queues[j] > 0) {
        queues[j]--;
        inSystem--;
        departures++;
      }
    }
  }
  sys.inSystem = inSystem;
  sys.arrivals += arrivals;
  sys.departures += departures;
  sys.events += events;
  sys.area += area;
}
