import { MAX_CHOICES, type FlowState } from './engine.ts';
import { estimate } from './pick.ts';

/**
 * One request as a row of numbers, for a view that replays the engine at human speed: when it
 * arrived, started and left, the server it went to, and what the balancer saw when it chose.
 * Rows sit in one Float64Array, STRIDE numbers apiece, so a batch crosses to another thread as a
 * transferable buffer.
 *
 * Columns: arrival, start, departure, server, candidates (how many were sampled: 1 for random,
 * `choices` for p2c and least_request, 2 for random_two and peak_ewma, 0 when the policy looks at
 * no sample: rr, swrr, jsq, least_conn), age of the loads the
 * balancer read (0 with exact information), then MAX_CHOICES candidate servers, MAX_CHOICES
 * loads they reported (requests in system, before this one) and, for peak_ewma, MAX_CHOICES latency
 * estimates (its EWMA of each candidate at the arrival, decayed to it: what it multiplied by
 * reported + 1 to compare them; 0 for the other policies). With no sample, the first reported
 * load is the chosen server's.
 */
export const STRIDE = 6 + 3 * MAX_CHOICES;

export const ARRIVAL = 0;
export const START = 1;
export const DEPARTURE = 2;
export const SERVER = 3;
export const SAMPLED = 4;
export const AGE = 5;
export const CANDIDATE = 6;
export const REPORTED = 6 + MAX_CHOICES;
export const ESTIMATE = 6 + 2 * MAX_CHOICES;

/** Writes the request `next(s)` just dispatched into `out` at row `row`. */
export function record(s: FlowState, out: Float64Array, row: number): void {
  const o = row * STRIDE;
  const chosen = s.lastServer;
  out[o + ARRIVAL] = s.lastArrival;
  out[o + START] = s.lastStart;
  out[o + DEPARTURE] = s.lastDeparture;
  out[o + SERVER] = chosen;
  out[o + SAMPLED] = s.candidateCount;
  out[o + AGE] = s.refresh > 0 ? s.lastArrival - s.viewTime : 0;
  // With exact information the view is the live count, which already holds this request.
  const exact = s.view === s.inSystem;
  const reported = (j: number): number => s.view[j] - (exact && j === chosen ? 1 : 0);
  if (s.candidateCount === 0) {
    out[o + CANDIDATE] = chosen;
    out[o + REPORTED] = reported(chosen);
    return;
  }
  const ewma = s.policy === 'peak_ewma';
  for (let k = 0; k < s.candidateCount; k++) {
    const j = s.candidates[k];
    out[o + CANDIDATE + k] = j;
    out[o + REPORTED + k] = reported(j);
    out[o + ESTIMATE + k] = ewma ? estimate(s, j, s.lastArrival) : 0;
  }
}
