/**
 * The cost model's probes (each experiment's `cost.probes`): `calibrate` measures an experiment's
 * seconds per unit (npm run calibrate); `check` is another set, of a different shape where the
 * formula has one, that `npm run test:perf` runs to hold the estimate within a factor of two of
 * the measured time. Each takes a fraction of a second of CPU on the build machine.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { phoneSeconds, PHONE_FACTOR, workOf } from '../src/experiments/shared/cost.ts';
import { registry } from '../src/experiments/registry.ts';
import { resolve } from '../src/experiments/shared/run.ts';
import type { Given } from '../src/experiments/shared/types.ts';

/**
 * Runs an experiment `times` times and returns each run's CPU seconds (this process's, so other
 * load on the machine counts little), its work, and the cost model's estimate for this machine.
 */
export async function cpuRuns(id: string, given: Given, times: number): Promise<{ seconds: number[]; work: number; estimated: number }> {
  const r = resolve(id, given);
  if (!r.ok) throw new Error(`${id}: ${r.errors.map((e) => e.message).join('; ')}`);
  const exp = registry[id];
  const seconds: number[] = [];
  for (let i = 0; i < times; i++) {
    // Each run starts from a collected heap, as in a fresh worker: the garbage of the runs before
    // (other experiments' arrays, in one process) otherwise lands on this run's clock (measured:
    // lab.compare 0.08 s alone, 0.34 s after the other probes).
    collectGarbage();
    const t0 = process.cpuUsage();
    await exp.run(r.params, { progress: () => {}, signal: new AbortController().signal });
    const t = process.cpuUsage(t0);
    seconds.push((t.user + t.system) / 1e6);
  }
  return { seconds, work: workOf(exp, r.params), estimated: phoneSeconds(exp, r.params) / PHONE_FACTOR };
}
/** A full garbage collection, through V8's own gc() (exposed at run time, no command-line flag). */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** Each costed experiment's probes (its definition's `cost.probes`), by id. */
export const PROBES: Readonly<Record<string, { calibrate: Given; check: Given }>> = Object.fromEntries(
  Object.entries(registry).flatMap(([id, exp]) => (exp.cost === 'instant' ? [] : [[id, exp.cost.probes]])),
);
