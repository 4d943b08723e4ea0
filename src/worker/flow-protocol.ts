import type { Policy } from '../lib/flow/policy.ts';

/**
 * Requests in the build's run of a view's settings (flow.compare): the numbers its HTML carries.
 * Prose that quotes them names the same run, and a slow stretch's fractions are of its length.
 */
export const VIEW_REQUESTS = 20_000;

/** What the flow view (components/flow/) asks its worker (flow.ts), and what it gets back. */
export interface ViewSettings {
  servers: number;
  load: number;
  choices: number;
  refresh: number;
  speeds: number[];
  seed: number;
  /**
   * The slow stretch, as flow.compare's: the first `slow` servers run `slowFactor` times slower
   * from `slowFrom` for `slowFor`, fractions of the build run's expected length (VIEW_REQUESTS
   * over the arrival rate; slowWindow in src/lib/flow). The other traffic is the default.
   */
  slow: number;
  slowFactor: number;
  slowFrom: number;
  slowFor: number;
  /** One policy per panel; every panel runs on the same seed, so on the same requests. */
  policies: Policy[];
}

export type ToWorker =
  | { type: 'reset'; generation: number; settings: ViewSettings }
  /** `rows` more requests for every panel. */
  | { type: 'more'; generation: number; rows: number };

/**
 * Why the worker could not go on, as a code the page words in its own language: the page never
 * shows an exception's text.
 */
export type FlowErrorCode = 'out-of-memory' | 'failed';

/** One Float64Array of trace rows per panel, for the generation that asked. */
export type FromWorker = { type: 'rows'; generation: number; panels: Float64Array[] } | { type: 'error'; generation: number; code: FlowErrorCode };
