import { nearestRanks } from '../stats/quantile.ts';
import { next, type FlowState } from './engine.ts';

/**
 * What a run measures once its warm-up is over: every request's latency (time in system, wait
 * plus service), the work each server was handed, and the longest queue any arrival made.
 */
export interface FlowMeasure {
  readonly latencies: Float64Array;
  /** Requests measured so far. */
  count: number;
  sum: number;
  /** Per server: service time handed to it, for utilisation. */
  readonly busy: Float64Array;
  /** The most requests in system at one server, over the measured arrivals. */
  queueMax: number;
  /** Measured arrivals dropped at a full server (bounded queues). */
  dropped: number;
  /** The measured window: from the last warm-up arrival to the latest measured arrival. */
  readonly from: number;
  to: number;
}

export function startMeasure(s: FlowState, capacity: number): FlowMeasure {
  return { latencies: new Float64Array(capacity), count: 0, sum: 0, busy: new Float64Array(s.servers), queueMax: 0, dropped: 0, from: s.now, to: s.now };
}

/** Runs `count` requests, measuring them into `m` (or not, during the warm-up). */
export function run(s: FlowState, count: number, m: FlowMeasure | null): void {
  if (m === null) {
    for (let k = 0; k < count; k++) next(s);
    return;
  }
  if (m.count + count > m.latencies.length) throw new RangeError('flow: more requests than the measurement holds');
  const { latencies, busy } = m;
  let c = m.count;
  let sum = m.sum;
  let queueMax = m.queueMax;
  let dropped = m.dropped;
  for (let k = 0; k < count; k++) {
    const i = next(s);
    if (s.lastDropped) {
      dropped++;
      continue;
    }
    const latency = s.lastDeparture - s.lastArrival;
    latencies[c++] = latency;
    sum += latency;
    busy[i] += s.lastDeparture - s.lastStart;
    if (s.inSystem[i] > queueMax) queueMax = s.inSystem[i];
  }
  m.count = c;
  m.sum = sum;
  m.queueMax = queueMax;
  m.dropped = dropped;
  m.to = s.now;
}

export interface LatencySummary {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Time-average requests in system (all servers), by Little's law over the window. */
  inSystem: number;
}

/**
 * The nearest-rank percentiles of the measured latencies, read by selection (which reorders them
 * in place: a sort would read the same values, in a few times the time).
 */
export function summarise(m: FlowMeasure): LatencySummary {
  const { ranks, max } = nearestRanks(m.latencies, m.count, [0.5, 0.95, 0.99]);
  return {
    mean: m.sum / m.count,
    p50: ranks[0],
    p95: ranks[1],
    p99: ranks[2],
    max,
    inSystem: m.sum / (m.to - m.from),
  };
}

/** Per server: the fraction of the measured window spent serving. */
export function utilisation(m: FlowMeasure): number[] {
  const span = m.to - m.from;
  return Array.from(m.busy, (b) => b / span);
}
