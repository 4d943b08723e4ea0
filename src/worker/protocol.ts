import type { ParamError } from '../experiments/params.ts';
import type { Output, Params, ResultKind } from '../experiments/types.ts';

/** Page -> worker. */
export type Request =
  | { type: 'run'; runId: number; experiment: string; params: Params }
  | { type: 'cancel'; runId: number };

/** Worker -> page. Every message names the run it belongs to. */
export type Reply =
  | { type: 'progress'; runId: number; done: number }
  | { type: 'result'; runId: number; output: Output; kinds: Record<string, ResultKind>; timed: string[] }
  /** The parameters failed their bounds or the experiment's own check: nothing ran. */
  | { type: 'invalid'; runId: number; errors: ParamError[] }
  | { type: 'cancelled'; runId: number }
  | { type: 'error'; runId: number; message: string };
