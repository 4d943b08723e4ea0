import { exp } from '../fp/libm.ts';
import type { FlowState } from './engine.ts';

/**
 * The production policies' steps on a flow's state (engine.ts calls them): nginx's weighted
 * peek and its least_conn tie-break, a second uniform index, and Peak EWMA's estimate.
 */

const TWO_32 = 4294967296;

/**
 * Peak EWMA's update (Finagle's PeakEwma.observe, tower's RttEstimate::update): a latency above
 * the estimate replaces it; one below pulls it in by 1 − e^(−elapsed/decay). A read observes 0 at
 * the time of reading, so an idle server's estimate decays toward 0.
 */
export function observe(s: FlowState, i: number, at: number, rtt: number): void {
  const elapsed = at - s.stamp[i];
  const w = exp(-((elapsed > 0 ? elapsed : 0) / s.decay));
  const cost = s.ewma[i];
  s.ewma[i] = rtt > cost ? rtt : cost * w + rtt * (1 - w);
  s.stamp[i] = at;
}

/** A uniform integer in [0, n) with `reject` = 2^32 mod n, on the policy stream. */
export function uniform(s: FlowState, n: number, reject: number): number {
  const rng = s.streams.policy;
  for (;;) {
    const m = rng.nextUint32() * n;
    const j = Math.floor(m / TWO_32);
    if (m - j * TWO_32 >= reject) return j;
  }
}

/** nginx's peek: a server drawn by weight (speed), by binary search over the ranges. */
export function peek(s: FlowState): number {
  const x = uniform(s, s.totalWeight, s.rejectWeight);
  let i = 0;
  let j = s.servers;
  while (j - i > 1) {
    const k = (i + j) >> 1;
    if (x < s.ranges[k]) j = k;
    else i = k;
  }
  return i;
}

/** nginx's least_conn tie-break: a SWRR step among the servers tied with `best` only. */
export function swrrAmongTied(s: FlowState, best: number): number {
  const w = s.swrr!;
  const current = w.current;
  let total = 0;
  const first = best;
  for (let i = first; i < s.servers; i++) {
    if (s.view[i] * s.speeds[first] !== s.view[first] * s.speeds[i]) continue;
    current[i] += s.speeds[i];
    total += s.speeds[i];
    if (current[i] > current[best]) best = i;
  }
  current[best] -= total;
  return best;
}

/**
 * Peak EWMA's estimate of server i as a read at time t finds it (observe's decay toward 0),
 * without updating it: the trace (trace.ts) reads it after the pick, which already read it at t,
 * so it is the very estimate the pick multiplied.
 */
export function estimate(s: FlowState, i: number, t: number): number {
  const elapsed = t - s.stamp[i];
  return s.ewma[i] * exp(-((elapsed > 0 ? elapsed : 0) / s.decay));
}

/** Peak EWMA's load of server i at time t: the estimate decayed to t, times (active + 1). */
export function ewmaLoad(s: FlowState, i: number, t: number): number {
  observe(s, i, t, 0);
  return s.ewma[i] * (s.view[i] + 1);
}

/** A uniform index in [0, n), by Lemire's multiply-and-reject (as lib/supermarket's events.ts). */
export function index(s: FlowState, n: number): number {
  const rng = s.streams.policy;
  const reject = s.reject;
  for (;;) {
    const m = rng.nextUint32() * n;
    const j = Math.floor(m / TWO_32);
    if (m - j * TWO_32 >= reject) return j;
  }
}

