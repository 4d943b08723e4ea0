import { letter } from '../../lib/swrr/index.ts';
import type { CheckFailure, ParamSpec } from '../shared/types.ts';

/** Weights as readers type them: repeats allowed, 0 allowed (that node is off). */
export const weightsSpec = (defaults: readonly number[], maxItems = 12, max = 100): ParamSpec => ({ kind: 'int-list', default: defaults, min: 0, max, maxItems, distinct: false });

/** At least one weight above 0, or nobody can be picked. */
export function checkSomeWeight(weights: readonly number[], param = 'weights'): CheckFailure | null {
  return weights.some((w) => w > 0)
    ? null
    : { param, code: 'all-zero-weights', vars: { count: weights.length }, message: `all ${weights.length} weights are 0, so no node can ever be picked; give at least one node a weight above 0` };
}

/** Node labels for figures and tables: A, B, C, … */
export const nodeLetters = (count: number): string[] => Array.from({ length: count }, (_, i) => letter(i));

export const sumOf = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s;
};
