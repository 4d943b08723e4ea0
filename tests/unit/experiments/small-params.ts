import { workOf } from '../../../src/experiments/shared/cost.ts';
import { formatParam } from '../../../src/experiments/shared/params.ts';
import { isPrime } from '../../../src/lib/placement/maglev.ts';
import type { Experiment, ParamSpec, ParamValue, Params } from '../../../src/experiments/shared/types.ts';

/**
 * Parameters made cheap for the tests that run many cases (any-params, the words after runs): the
 * sizes the cost model does not count brought near their minimum, then the size-like values halved
 * toward their minimum while the cost model puts the case above a budget. Values stay in bounds.
 */

/** Build-machine CPU seconds the cost model gives a run; 0 for an experiment without one. */
export function cpuSeconds(exp: Experiment, params: Params): number {
  return exp.cost === 'instant' ? 0 : workOf(exp, params) * exp.cost.secondsPerUnit;
}

const halve = (v: number, min: number) => min + Math.floor((v - min) / 2);

/** One step smaller for a size-like value, or null: an integer halved toward its minimum, a list's entries likewise (and its last dropped). */
function smaller(spec: ParamSpec, v: ParamValue): ParamValue | null {
  if (spec.kind === 'int' && typeof v === 'number' && v > spec.min) return halve(v, spec.min);
  if (spec.kind === 'int-list' && Array.isArray(v)) {
    const halved = v.map((x: number) => halve(x, spec.min));
    const next = (spec.distinct === false ? halved : [...new Set(halved)]).slice(0, Math.max(1, v.length - 1));
    return formatParam(next) === formatParam(v) ? null : next;
  }
  return null;
}

/**
 * Sizes the cost model does not count, and the most a small case keeps of each (larger values are
 * halved toward the minimum until they are no more): the cost model is fitted where runs are long,
 * and these are the fixed costs that dominate short ones. chash.sweep times 200 000 lookups at each
 * V of its grid (maxV 3: the grid 1, 2, 3); the lab builds rings of nodes × V points and Maglev's
 * table of M entries, and lab.sweep hashes its keys for every metric; mols.dynamic re-ranks every
 * client at each step. Maglev's M must stay prime, so it steps down to a prime (its minimum, 101, is one).
 */
const UNCOUNTED: Record<string, Record<string, number>> = {
  'chash.sweep': { maxV: 3 },
  'lab.compare': { nodes: 16, V: 8, M: 808 },
  'lab.sweep': { keys: 8000, nodes: 16, V: 8, M: 808 },
  'lab.weights': { V: 8, M: 808 },
  'mols.dynamic': { clients: 400, steps: 160 },
};
const PRIME = new Set(['M']);

/**
 * The parameters made cheap: the uncounted sizes brought near their minimum, then, while the cost
 * model puts the case above `budget` CPU seconds, the size-like value whose halving lowers the
 * estimate halved, in spec order. `keep`: names left as given (the one a case is about).
 */
export function cheap(exp: Experiment, given: Params, budget: number, keep: readonly string[] = []): Params {
  const p = { ...given };
  for (const [name, most] of Object.entries(UNCOUNTED[exp.id] ?? {})) {
    if (keep.includes(name)) continue;
    const spec = exp.params[name];
    if (spec.kind !== 'int') throw new Error(`${exp.id}.${name} is not an integer size`);
    let v = Number(p[name]);
    if (v <= most) continue;
    while (v > most) v = halve(v, spec.min);
    if (PRIME.has(name)) while (!isPrime(v)) v--;
    p[name] = v;
  }
  let cost = cpuSeconds(exp, p);
  while (cost > budget) {
    let lowered = false;
    for (const [name, spec] of Object.entries(exp.params)) {
      if (keep.includes(name)) continue;
      const next = smaller(spec, p[name]);
      if (next === null) continue;
      const c = cpuSeconds(exp, { ...p, [name]: next });
      if (c < cost) {
        p[name] = next;
        cost = c;
        lowered = true;
        if (cost <= budget) break;
      }
    }
    if (!lowered) break;
  }
  return p;
}
