/**
 * The cost model (notebook contract, section 6): what a run of given params costs, in seconds on
 * a mid-range phone. Each experiment's work is counted in its own unit (balls placed, events
 * simulated, keys looked up, points built) by a formula in its own definition (`cost.work`); one
 * constant per experiment (`cost.secondsPerUnit`) turns work into seconds. The constants are
 * measured by `npm run calibrate` (scripts/calibrate-cost.ts: CPU seconds per unit on this
 * project's 2-core build machine, the median of a few runs) and written down in each experiment;
 * PHONE_FACTOR carries them to a phone.
 *
 * Two rules follow. No accepted parameter set costs more than MAX_PHONE_SECONDS (the check below
 * joins every experiment's own check). A run that a link asks for and that costs more than
 * ASK_ABOVE_SECONDS waits for the reader's Run (data-state="waiting").
 */
import type { CheckFailure, Experiment, Params } from './types.ts';

/**
 * A mid-range phone runs this JavaScript about four times slower than one core of the build
 * machine: the ratio of JetStream 2 scores between a 2023 mid-range Android phone (about 60) and a
 * current x86 server core (about 250), rounded. An assumption written down, not a measurement here.
 */
export const PHONE_FACTOR = 4;
export const MAX_PHONE_SECONDS = 120;
export const ASK_ABOVE_SECONDS = 2;

/** The sum of some numbers (the work formulas' most common step). */
export const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/** Fixed seconds per run on the build machine (start-up, tables, figures' data): the small runs' floor. */
export const FLOOR = 0.005;

/** The work of a run, in the experiment's own unit (0 for an instant one). */
export function workOf(exp: Pick<Experiment, 'cost'>, params: Params): number {
  return exp.cost === 'instant' ? 0 : exp.cost.work(params);
}

/** Seconds on a mid-range phone for a run of `exp` with these (already validated) params. */
export function phoneSeconds(exp: Pick<Experiment, 'cost'>, params: Params): number {
  if (exp.cost === 'instant') return FLOOR * PHONE_FACTOR;
  return (FLOOR + exp.cost.work(params) * exp.cost.secondsPerUnit) * PHONE_FACTOR;
}

/** The joint bound: a parameter set whose phone cost is above MAX_PHONE_SECONDS is refused, naming the cost's knob. */
export function checkCost(exp: Pick<Experiment, 'cost'>, params: Params): CheckFailure | null {
  if (exp.cost === 'instant') return null;
  const seconds = phoneSeconds(exp, params);
  if (seconds <= MAX_PHONE_SECONDS) return null;
  const minutes = Math.ceil(seconds / 60);
  return {
    param: exp.cost.knob,
    code: 'too-costly',
    vars: { minutes, limit: MAX_PHONE_SECONDS / 60 },
    message: `this run would take about ${minutes} minutes on a mid-range phone; at most ${MAX_PHONE_SECONDS / 60} are allowed. Choose smaller values.`,
  };
}

/** The experiment with the cost bound joined to its own check. */
export function withCostBound<E extends Experiment>(exp: E): E {
  const own = exp.check?.bind(exp);
  return { ...exp, check: (p: Params) => own?.(p as never) ?? checkCost(exp, p) } as E;
}
