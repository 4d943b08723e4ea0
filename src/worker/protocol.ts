import type { ParamError } from '../experiments/shared/params.ts';
import type { Output, Params, ResultKind, Said } from '../experiments/shared/types.ts';
import type { RunPath } from '../kernels/load.ts';

/** Page -> worker. */
export type Request =
  | { type: 'run'; runId: number; experiment: string; params: Params }
  | { type: 'cancel'; runId: number }
  /** What a run of these params would cost (the cost model), without running it. */
  | { type: 'estimate'; runId: number; experiment: string; params: Params };

/** Worker -> page. Every message names the run it belongs to. */
export type Reply =
  | { type: 'progress'; runId: number; done: number }
  /** A first answer on part of the work (RunContext.sketch): the page draws its figure meanwhile. */
  | { type: 'sketch'; runId: number; output: Output; done: number }
  /** `path`: whether the numbers came from the WebAssembly kernel or the TypeScript fallback ('none': no kernel for it). */
  /** `said`: the case of each of the experiment's sentences for this run (its `say`), which the page writes out. */
  | { type: 'result'; runId: number; output: Output; kinds: Record<string, ResultKind>; timed: string[]; said: Record<string, Said>; path: RunPath }
  /** The parameters failed their bounds or the experiment's own check: nothing ran. */
  | { type: 'invalid'; runId: number; errors: ParamError[] }
  | { type: 'cancelled'; runId: number }
  /** Seconds on a mid-range phone, and whether a link may start it without asking. */
  | { type: 'estimate'; runId: number; seconds: number; ask: boolean }
  | { type: 'error'; runId: number; message: string };

/**
 * The message of a run that failed for lack of memory (a simulation's queues outgrew what the
 * browser gives the page): the page names that cause in its own words, never the exception's.
 */
export const OUT_OF_MEMORY = 'out-of-memory';

/** Whether an error a run threw is a failure to get memory (ours or the engine's). */
export function isOutOfMemory(e: unknown): boolean {
  return e instanceof RangeError && /outgrew the memory|ran out of memory|allocation failed|invalid (typed )?array (buffer )?length/i.test(e.message);
}
