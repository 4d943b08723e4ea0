import { clockStep, timeEach, timeOps } from '../../lib/timing/index.ts';
import type { Timing, TimingOptions } from '../../lib/timing/index.ts';

/**
 * The experiments' clock: `performance.now()` and its step, measured once per worker (or process).
 * Every timed loop goes through `timed`/`timedEach` (src/lib/timing), which make each reading span
 * at least twenty of the clock's steps and report the samples' spread.
 */
let step: number | undefined;
const now = () => performance.now();

export function clock(): { now: () => number; step: number } {
  step ??= clockStep(now);
  return { now, step };
}

type Options = Omit<TimingOptions, 'now' | 'step'>;

export const timed = (run: (ops: number) => void, o: Options = {}): Promise<Timing> => timeOps(run, { ...clock(), ...o });
export const timedEach = (runs: readonly ((ops: number) => void)[], o: Options = {}): Promise<Timing[]> => timeEach(runs, { ...clock(), ...o });

/** What the page says of a measured time (Output.timing): the clock's step, the fewest steps a reading spanned, the spread. */
export function timingNote(t: Timing): { step: number; ticks: number; samples: number; spread: number; noise: boolean } {
  return { step: t.step, ticks: Math.floor(t.ticks), samples: t.samples.length, spread: t.spread, noise: t.noise };
}
