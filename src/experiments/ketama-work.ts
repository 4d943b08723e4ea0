import { abortError, pause } from './pause.ts';
import type { CheckFailure, RunContext } from './types.ts';

/**
 * Progress for the ketama cells, counted in units of work (ring points made, keys looked up):
 * `step(n)` adds n units, reports the fraction done, yields so a cancel can be read, and throws
 * once the signal has aborted.
 */
export function workMeter(total: number, { progress, signal }: RunContext): (units: number) => Promise<void> {
  let done = 0;
  if (signal.aborted) throw abortError();
  return async (units) => {
    done += units;
    progress(Math.min(1, done / Math.max(1, total)));
    await pause();
    if (signal.aborted) throw abortError();
  };
}

/** Points made between two yields: a few milliseconds of CRC-32 or sorting. */
export const CHUNK_POINTS = 1 << 17;

/** The check every ketama cell makes: too many ring points for one run, with what to lower. */
export function pointLimit(param: string, points: number, limit: number, what: string, lower: string): CheckFailure | null {
  if (points <= limit) return null;
  return {
    param,
    code: 'too-many-points',
    vars: { points, limit },
    message: `${what} is ${points} ring points; at most ${limit} are allowed. Lower ${lower}.`,
  };
}
