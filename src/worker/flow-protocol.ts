import type { Policy } from '../lib/flow/policy.ts';

/** What the flow view (components/flow/) asks its worker (flow.ts), and what it gets back. */
export interface ViewSettings {
  servers: number;
  load: number;
  choices: number;
  refresh: number;
  speeds: number[];
  seed: number;
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
