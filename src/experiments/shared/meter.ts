import { abortError, pause } from './pause.ts';
import type { RunContext } from './types.ts';

/**
 * Progress and cancel for one run, counted in units of work the experiment chooses (draws, ring
 * points, key lookups): the total is known up front, so the bar moves evenly across the phases.
 */
export interface Meter {
  readonly signal: AbortSignal;
  /** Adds `units` done and yields, so that a cancel can be read; throws once the signal has aborted. */
  advance(units: number): Promise<void>;
  /** Throws if the signal has aborted: for a check between chunks that yield elsewhere. */
  check(): void;
}

/** A meter for `total` units; throws at once if the run was cancelled before it started. */
export function meter(total: number, { progress, signal }: RunContext): Meter {
  if (signal.aborted) throw abortError();
  let done = 0;
  const check = (): void => {
    if (signal.aborted) throw abortError();
  };
  return {
    signal,
    check,
    async advance(units) {
      done += units;
      progress(Math.min(1, done / Math.max(1, total)));
      await pause();
      check();
    },
  };
}
