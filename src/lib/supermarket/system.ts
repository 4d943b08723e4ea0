/**
 * The state every queueing simulation here shares: n FIFO exponential(1) servers, Poisson
 * arrivals at rate λn, run by uniformisation (see events.ts). Only queue lengths are kept: with
 * exponential service and FIFO, the lengths are a Markov chain and the mean time in system
 * follows from them by Little's law, so no customer is stored.
 */
import { TWO_32 } from '../fp/index.ts';
export interface QueueSystem {
  readonly n: number;
  readonly lambda: number;
  /** An event is an arrival when a uniform 32-bit draw is below this: λ/(λ + 1) of 2^32. */
  readonly arrivalCut: number;
  /** Queue lengths, customer in service included. */
  readonly queues: Int32Array;
  /** Σ queues, kept incrementally. */
  inSystem: number;
  arrivals: number;
  departures: number;
  /** Events run so far, departures that found an idle server included. */
  events: number;
  /**
   * Σ, over the events since the measurement last reset it, of the number in system just before
   * the event: the time integral of the number in system, in units of the mean gap between
   * events, 1/(n(λ + 1)).
   */
  area: number;
}

export function makeSystem(lambda: number, start: Int32Array): QueueSystem {
  const n = start.length;
  if (n < 1) throw new RangeError('makeSystem: there must be at least one server');
  if (!(lambda > 0 && lambda < 1)) throw new RangeError(`makeSystem: λ must be in (0, 1), got ${lambda}`);
  const queues = Int32Array.from(start);
  let inSystem = 0;
  for (let i = 0; i < n; i++) {
    if (queues[i] < 0) throw new RangeError('makeSystem: queue lengths cannot be negative');
    inSystem += queues[i];
  }
  return { n, lambda, arrivalCut: Math.round((lambda / (lambda + 1)) * TWO_32), queues, inSystem, arrivals: 0, departures: 0, events: 0, area: 0 };
}

/** The uniformised event rate n(λ + 1): events per unit of time (one mean service time). */
export function eventRate(sys: Pick<QueueSystem, 'n' | 'lambda'>): number {
  return sys.n * (sys.lambda + 1);
}
